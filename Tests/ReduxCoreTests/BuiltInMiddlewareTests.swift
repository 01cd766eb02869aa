import Foundation
import ReduxCore
import Testing

@MainActor
@Suite struct LoggingMiddlewareTests {
  @Test func describesEachActionAndTheStateItProduced() {
    let lines = Log<String>()
    let store = makeCounterStore(middlewares: [.logging(label: "counter", log: { lines.append($0) })])
    store.dispatch(.increment)
    store.dispatch(.add(2))
    #expect(
      lines.entries == [
        "[counter] increment -> Counter(count: 1, other: 0)",
        "[counter] add(2) -> Counter(count: 3, other: 0)",
      ])
  }
}

@MainActor
@Suite struct ActionRecorderTests {
  @Test func recordsActionsAndStatesAndReplaysThem() {
    let recorder = ActionRecorder<Counter, CounterAction>()
    let store = makeCounterStore(middlewares: [recorder.middleware])
    store.dispatch(.increment)
    store.dispatch(.add(2))
    #expect(recorder.actions == [.increment, .add(2)])
    #expect(recorder.states.map(\.count) == [1, 3])
    let copy = makeCounterStore()
    recorder.replay(into: copy.dispatch)
    #expect(copy.state == store.state)
    recorder.clear()
    #expect(recorder.entries.isEmpty)
  }

  @Test func recordsWhatReachedTheReducer() {
    let recorder = ActionRecorder<Counter, CounterAction>()
    let dropNoops = Middleware<Counter, CounterAction> { _, action, next in
      if action != .noop { next(action) }
    }
    let store = makeCounterStore(middlewares: [dropNoops, recorder.middleware])
    store.dispatch(.noop)
    store.dispatch(.increment)
    #expect(recorder.actions == [.increment])
  }

  @Test func keepsAtMostTheLimit() {
    let recorder = ActionRecorder<Counter, CounterAction>(limit: 2)
    let store = makeCounterStore(middlewares: [recorder.middleware])
    for amount in 1...5 { store.dispatch(.add(amount)) }
    #expect(recorder.actions == [.add(4), .add(5)])
  }
}

/// A fresh folder per test, removed afterwards.
struct TemporaryFolder: ~Copyable {
  let url: URL
  init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "redux-persistence-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }
  deinit { try? FileManager.default.removeItem(at: url) }
  func file(_ name: String) -> URL { url.appendingPathComponent(name) }
  func contents() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
  }
}

struct OldCounter: Codable { var value: Int }

@MainActor
@Suite struct StatePersistenceTests {
  @Test func savesAfterEachChangeAndLoadsItBack() throws {
    let folder = try TemporaryFolder()
    let persistence = StatePersistence<Counter>(fileURL: folder.file("nested/counter.json"))
    let store = makeCounterStore(middlewares: [persistence.middleware()])
    store.dispatch(.add(3))
    store.dispatch(.bumpOther)
    #expect(try persistence.load() == Counter(count: 3, other: 1))
  }

  @Test func aMissingFileLeavesTheInitialStateAndSaysSo() throws {
    let folder = try TemporaryFolder()
    let url = folder.file("counter.json")
    let persistence = StatePersistence<Counter>(fileURL: url)
    var reported: [PersistenceError] = []
    let initial = persistence.load(orInitial: Counter(count: 7)) { reported.append($0) }
    #expect(initial == Counter(count: 7))
    #expect(reported == [.fileNotFound(url)])
  }

  @Test func aCorruptFileIsReportedAndKeptNotOverwritten() throws {
    let folder = try TemporaryFolder()
    let url = folder.file("counter.json")
    let garbage = Data("{ this is not json".utf8)
    try garbage.write(to: url)
    let persistence = StatePersistence<Counter>(fileURL: url)
    var reported: [PersistenceError] = []
    let initial = persistence.load(orInitial: Counter()) { reported.append($0) }
    #expect(initial == Counter())
    let error = try #require(reported.first)
    guard case .corrupt(let file, let kept, _) = error else {
      Issue.record("expected .corrupt, got \(error)")
      return
    }
    #expect(file == url)
    #expect(try Data(contentsOf: kept) == garbage)
    #expect(error.description.contains(kept.path))

    // Saving afterwards writes a new file and leaves the kept one alone.
    let store = makeCounterStore(initialState: initial, middlewares: [persistence.middleware()])
    store.dispatch(.increment)
    #expect(try persistence.load() == Counter(count: 1))
    #expect(try Data(contentsOf: kept) == garbage)
    #expect(try folder.contents().count == 2)
  }

  @Test func aFileOfAnotherShapeIsCorrupt() throws {
    let folder = try TemporaryFolder()
    let url = folder.file("counter.json")
    try Data(#"{"schemaVersion": 1, "state": {"unexpected": true}}"#.utf8).write(to: url)
    #expect {
      try StatePersistence<Counter>(fileURL: url).load()
    } throws: { error in
      if case .corrupt = error as? PersistenceError { return true }
      return false
    }
  }

  @Test func anOlderSchemaIsMigrated() throws {
    let folder = try TemporaryFolder()
    let url = folder.file("counter.json")
    try StatePersistence<OldCounter>(fileURL: url).save(OldCounter(value: 41))
    let persistence = StatePersistence<Counter>(fileURL: url, schemaVersion: 2) { version, data in
      #expect(version == 1)
      let old = try JSONDecoder().decode(PersistedState<OldCounter>.self, from: data)
      return Counter(count: old.state.value + 1)
    }
    #expect(try persistence.load() == Counter(count: 42))
  }

  @Test func anOlderSchemaWithoutMigrationIsReportedAndKept() throws {
    let folder = try TemporaryFolder()
    let url = folder.file("counter.json")
    try StatePersistence<OldCounter>(fileURL: url).save(OldCounter(value: 41))
    let original = try Data(contentsOf: url)
    var reported: [PersistenceError] = []
    _ = StatePersistence<Counter>(fileURL: url, schemaVersion: 2).load(orInitial: Counter()) {
      reported.append($0)
    }
    let error = try #require(reported.first)
    guard case .outdatedSchema(_, 1, 2, let kept) = error else {
      Issue.record("expected .outdatedSchema, got \(error)")
      return
    }
    #expect(try Data(contentsOf: kept) == original)
    #expect(!FileManager.default.fileExists(atPath: url.path))
  }

  @Test func aNewerSchemaIsReportedAndKept() throws {
    let folder = try TemporaryFolder()
    let url = folder.file("counter.json")
    try StatePersistence<Counter>(fileURL: url, schemaVersion: 3).save(Counter(count: 9))
    #expect {
      try StatePersistence<Counter>(fileURL: url, schemaVersion: 2).load()
    } throws: { error in
      guard case .newerSchema(_, 3, 2, let kept) = error as? PersistenceError else { return false }
      return FileManager.default.fileExists(atPath: kept.path)
    }
  }

  @Test func aFailingMigrationIsReportedAndKept() throws {
    struct Unconvertible: Error {}
    let folder = try TemporaryFolder()
    let url = folder.file("counter.json")
    try StatePersistence<OldCounter>(fileURL: url).save(OldCounter(value: 1))
    let persistence = StatePersistence<Counter>(fileURL: url, schemaVersion: 2) { _, _ in
      throw Unconvertible()
    }
    #expect {
      try persistence.load()
    } throws: { error in
      guard case .migrationFailed(_, 1, let kept, _) = error as? PersistenceError else { return false }
      return FileManager.default.fileExists(atPath: kept.path)
    }
  }

  @Test func aFailedSaveIsReportedAndTheStoreKeepsRunning() throws {
    let folder = try TemporaryFolder()
    let blocker = folder.file("not-a-folder")
    try Data("x".utf8).write(to: blocker)
    let url = blocker.appendingPathComponent("counter.json")
    let errors = Log<PersistenceError>()
    let persistence = StatePersistence<Counter>(fileURL: url)
    let store = makeCounterStore(middlewares: [persistence.middleware(onError: { errors.append($0) })])
    store.dispatch(.increment)
    #expect(store.state.count == 1)
    guard case .writeFailed(let file, _) = try #require(errors.entries.first) else {
      Issue.record("expected .writeFailed, got \(errors.entries)")
      return
    }
    #expect(file == url)
  }

  @Test func anUnchangedStateIsNotWrittenAgain() throws {
    let folder = try TemporaryFolder()
    let url = folder.file("counter.json")
    let persistence = StatePersistence<Counter>(fileURL: url)
    let store = makeCounterStore(middlewares: [persistence.middleware()])
    store.dispatch(.increment)
    try FileManager.default.removeItem(at: url)
    store.dispatch(.noop)
    #expect(!FileManager.default.fileExists(atPath: url.path))
    store.dispatch(.increment)
    #expect(try persistence.load().count == 2)
  }
}
