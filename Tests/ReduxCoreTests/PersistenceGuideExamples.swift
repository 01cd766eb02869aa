import Foundation
import ReduxCore
import Testing

/// The samples of Docs/Persistence.md, compiled and run.
@MainActor
@Suite struct PersistenceGuideExamples {
  @Test func setUp() async throws {
    let folder = try TemporaryFolder()
    let persistence = StatePersistence<Counter>(
      fileURL: folder.file("counter.json"),
      saveDelay: .milliseconds(200)
    )
    let initial = persistence.load(orInitial: Counter()) { problem in print(problem) }
    let store = makeCounterStore(
      initialState: initial,
      middlewares: [persistence.middleware(onError: { problem in print(problem) })]
    )
    store.dispatch(.increment)
    try await persistence.flush()
    #expect(try persistence.load() == Counter(count: 1))
  }

  @Test func unreadableFiles() throws {
    let folder = try TemporaryFolder()
    let persistence = StatePersistence<Counter>(fileURL: folder.file("counter.json"))
    do {
      _ = try persistence.load()
    } catch .unreadable(let file, let reason) {
      print("cannot read \(file.path): \(reason)")
      let keptAt = try persistence.moveUnreadableFileAside()
      print("kept at \(keptAt.path); saving resumes")
    } catch {
      print(error)
    }
  }

  @Test func migration() throws {
    let folder = try TemporaryFolder()
    try Data(#"{"schemaVersion":1,"state":{"value":12}}"#.utf8).write(to: folder.file("counter.json"))
    struct CounterV1: Codable, Sendable { var value: Int }

    let migrated = StatePersistence<Counter>(
      fileURL: folder.file("counter.json"), schemaVersion: 2,
      migrations: [.from(1, decoding: CounterV1.self) { old in Counter(count: old.value) }])
    #expect(try migrated.load() == Counter(count: 12))
  }

  @Test func aReaderThatOnlyFollows() async throws {
    let folder = try TemporaryFolder()
    let url = folder.file("counter.json")
    try StatePersistence<Counter>(fileURL: url).save(Counter(count: 3))
    let reader = StateFileReader<Counter>(fileURL: url)
    for await counter in reader.changes(checkingEvery: .milliseconds(250)) {
      print("count:", counter.count)
      if counter.count == 3 { break }
    }
    #expect(try reader.read() == Counter(count: 3))
  }
}
