import Foundation
import FunctionalStore
import Testing

/// The samples of Docs/Persistence.md, compiled and run, with the declarations the page shows
/// under "Where".
@MainActor
@Suite struct PersistenceGuideExamples {
  struct Counter: Equatable, Sendable, Codable {
    var count = 0
  }

  enum CounterAction: Equatable, Sendable {
    case increment
    case merge(Counter)
  }

  let counterReducer = ReduxReducer<Counter, CounterAction> { state, action in
    switch action {
    case .increment: state.count += 1
    case .merge(let newer): state = newer
    }
  }

  /// A state with fields that are not worth saving.
  struct Session: Equatable, Sendable, Codable {
    var user = ""
    var isLoading = false
    var draftPassword = ""
  }

  @Test func setUp() async throws {
    let folder = try makeGuideFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let persistence = StatePersistence<Counter>(
      fileURL: folder.appendingPathComponent("counter.json"),
      saveDelay: .milliseconds(200)
    )
    let initial = persistence.load(orInitial: Counter()) { problem in print(problem) }
    let store = createStore(
      reducer: counterReducer, initialState: initial,
      enhancer: applyMiddleware(persistence.middleware(onError: { problem in print(problem) }))
    )
    store.dispatch(.increment)
    try await persistence.flush()
    #expect(try persistence.load() == Counter(count: 1))

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

  @Test func migration() async throws {
    let folder = try makeGuideFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data(#"{"schemaVersion":1,"state":{"value":12}}"#.utf8)
      .write(to: folder.appendingPathComponent("counter.json"))
    struct CounterV1: Codable, Sendable { var value: Int }

    let migrated = StatePersistence<Counter>(
      fileURL: folder.appendingPathComponent("counter.json"), schemaVersion: 2,
      migrations: [.from(1, decoding: CounterV1.self) { old in Counter(count: old.value) }])
    #expect(try migrated.load() == Counter(count: 12))
  }

  @Test func aReaderThatOnlyFollows() async throws {
    let folder = try makeGuideFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("counter.json")
    try StatePersistence<Counter>(fileURL: url).save(Counter(count: 3))
    let reader = StateFileReader<Counter>(fileURL: url)
    for await counter in reader.changes(checkingEvery: .milliseconds(250)) {
      print("count:", counter.count)
      if counter.count == 3 { break }
    }
    #expect(try reader.read() == Counter(count: 3))
  }

  @Test func transientFields() async throws {
    let folder = try makeGuideFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("session.json")
    let persistence = StatePersistence<Session>(
      fileURL: url, transient: [.reset(\.isLoading, to: false), .reset(\.draftPassword, to: "")])
    try persistence.save(Session(user: "ada", isLoading: true, draftPassword: "hunter2"))
    #expect(try persistence.load() == Session(user: "ada"))
  }

  @Test func everyStoreOfAnApp() async throws {
    let folder = try makeGuideFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let plugins = StorePlugins(PersistencePlugin(folder: folder) { problem in print(problem) })
    let store = plugins.makingStores { createStore(reducer: counterReducer, initialState: Counter()) }
    store.dispatch(.increment)  // saved to folder/Counter.json
    store.dispose()  // its saver goes, and writes the last state
    #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("Counter.json").path))
    let next = plugins.makingStores { createStore(reducer: counterReducer, initialState: Counter()) }
    #expect(next.getState() == Counter(count: 1))
  }
}

/// A folder of its own for a test of the guides; the test removes it.
func makeGuideFolder() throws -> URL {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("guide-\(UUID())")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  return folder
}
