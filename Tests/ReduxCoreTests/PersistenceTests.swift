import Foundation
import ReduxCore
import Testing

struct CounterV1: Codable, Sendable { var value: Int }
struct CounterV2: Codable, Sendable { var total: Int }

@MainActor
@Suite struct PersistenceTests {
  @Test func savesOffTheDispatchPathAndFlushWaitsForTheWrite() async throws {
    let folder = try TemporaryFolder()
    let persistence = StatePersistence<Counter>(fileURL: folder.file("nested/counter.json"))
    let store = makeCounterStore(middlewares: [persistence.middleware()])
    store.dispatch(.add(3))
    store.dispatch(.bumpOther)
    #expect(persistence.writeCount == 0)  // nothing written during the dispatches
    try await persistence.flush()
    #expect(try persistence.load() == Counter(count: 3, other: 1))
    #expect(persistence.writeCount == 1)
  }

  @Test func aBurstOfDispatchesIsOneWrite() async throws {
    let folder = try TemporaryFolder()
    let persistence = StatePersistence<Counter>(fileURL: folder.file("counter.json"))
    let store = makeCounterStore(middlewares: [persistence.middleware()])
    for _ in 0..<1_000 { store.dispatch(.increment) }
    try await persistence.flush()
    #expect(persistence.writeCount == 1)
    #expect(try persistence.load().count == 1_000)
  }

  @Test func aSaveHappensByItselfAfterTheBurst() async throws {
    let folder = try TemporaryFolder()
    let url = folder.file("counter.json")
    let persistence = StatePersistence<Counter>(fileURL: url, saveDelay: .milliseconds(5))
    let store = makeCounterStore(middlewares: [persistence.middleware()])
    store.dispatch(.add(7))
    try await eventually { savedCounter(at: url) == Counter(count: 7) }
    _ = store
  }

  @Test func theLastStateIsWrittenWhenTheStoreIsReleased() throws {
    let folder = try TemporaryFolder()
    let url = folder.file("counter.json")
    let persistence = StatePersistence<Counter>(fileURL: url, saveDelay: .seconds(60))
    var store: BareStore<Counter, CounterAction>? = makeCounterStore(
      middlewares: [persistence.middleware()])
    store?.dispatch(.add(5))
    store = nil
    #expect(try persistence.load() == Counter(count: 5))
  }

  @Test func anUnchangedStateIsNotWrittenAgain() async throws {
    let folder = try TemporaryFolder()
    let persistence = StatePersistence<Counter>(fileURL: folder.file("counter.json"))
    let store = makeCounterStore(middlewares: [persistence.middleware()])
    store.dispatch(.increment)
    try await persistence.flush()
    store.dispatch(.noop)
    try await persistence.flush()
    #expect(persistence.writeCount == 1)
    store.dispatch(.increment)
    try await persistence.flush()
    #expect(persistence.writeCount == 2)
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

  @Test(arguments: [
    ("empty", ""), ("garbage", "{ this is not json"), ("binary", "\u{0}\u{1}\u{2}\u{FF}"),
    ("truncated", #"{"schemaVersion": 1, "state": {"count": 4, "oth"#),
    ("another shape", #"{"schemaVersion": 1, "state": {"unexpected": true}}"#),
  ])
  func aFileThatCannotBeDecodedIsKeptAsideAndNeverOverwritten(kind: String, contents: String)
    async throws
  {
    let folder = try TemporaryFolder()
    let url = folder.file("counter.json")
    let original = Data(contents.utf8)
    try original.write(to: url)
    let persistence = StatePersistence<Counter>(fileURL: url)
    var reported: [PersistenceError] = []
    let initial = persistence.load(orInitial: Counter()) { reported.append($0) }
    #expect(initial == Counter())
    let error = try #require(reported.first)
    // JSON of another shape says which field; bytes that are not a state at all are corrupt.
    switch (kind, error) {
    case ("another shape", .shapeChanged(url, _, _, _)), (_, .corrupt(url, _, _)): break
    default: Issue.record("\(kind): expected .corrupt or .shapeChanged, got \(error)")
    }
    let kept = try #require(error.keptAt)
    #expect(try bytes(of: kept) == original)
    #expect(error.description.contains(kept.path))

    let store = makeCounterStore(initialState: initial, middlewares: [persistence.middleware()])
    store.dispatch(.increment)
    try await persistence.flush()
    #expect(try persistence.load() == Counter(count: 1))
    #expect(try bytes(of: kept) == original)
  }

  @Test func realOldFilesAreMigratedVersionByVersion() throws {
    let folder = try TemporaryFolder()
    let v1 = folder.file("v1.json")
    let v2 = folder.file("v2.json")
    // Files as versions 1 and 2 of the app wrote them.
    try Data(#"{"schemaVersion":1,"state":{"value":41}}"#.utf8).write(to: v1)
    try Data(#"{"schemaVersion":2,"state":{"total":9}}"#.utf8).write(to: v2)
    let migrations: [StateMigration<Counter>] = [
      .from(1, decoding: CounterV1.self) { old in Counter(count: old.value + 1) },
      .from(2, decoding: CounterV2.self) { old in Counter(count: old.total) },
    ]
    #expect(
      try StatePersistence<Counter>(fileURL: v1, schemaVersion: 3, migrations: migrations).load()
        == Counter(count: 42))
    #expect(
      try StatePersistence<Counter>(fileURL: v2, schemaVersion: 3, migrations: migrations).load()
        == Counter(count: 9))
  }

  @Test func theMigrateClosureReadsVersionsNoMigrationCovers() throws {
    let folder = try TemporaryFolder()
    let url = folder.file("counter.json")
    try StatePersistence<CounterV1>(fileURL: url).save(CounterV1(value: 41))
    let persistence = StatePersistence<Counter>(fileURL: url, schemaVersion: 2) { version, data in
      #expect(version == 1)
      let old = try JSONDecoder().decode(PersistedState<CounterV1>.self, from: data)
      return Counter(count: old.state.value + 1)
    }
    #expect(try persistence.load() == Counter(count: 42))
  }

  @Test func anOlderSchemaWithoutMigrationIsReportedAndKept() throws {
    let folder = try TemporaryFolder()
    let url = folder.file("counter.json")
    try Data(#"{"schemaVersion":1,"state":{"value":41}}"#.utf8).write(to: url)
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
    try Data(#"{"schemaVersion":1,"state":{"value":1}}"#.utf8).write(to: url)
    let persistence = StatePersistence<Counter>(
      fileURL: url, schemaVersion: 2,
      migrations: [.from(1, decoding: CounterV1.self) { _ in throw Unconvertible() }])
    #expect {
      try persistence.load()
    } throws: { error in
      guard case .migrationFailed(_, 1, let kept, _) = error as? PersistenceError else { return false }
      return FileManager.default.fileExists(atPath: kept.path)
    }
  }

  @Test func aFailedSaveIsReportedAndRetriedWithoutAnotherDispatch() async throws {
    let folder = try TemporaryFolder()
    let blocker = folder.file("data")
    try Data("not a folder".utf8).write(to: blocker)
    let url = blocker.appendingPathComponent("counter.json")
    let errors = Log<PersistenceError>()
    let persistence = StatePersistence<Counter>(fileURL: url, retryDelay: .milliseconds(10))
    let store = makeCounterStore(
      middlewares: [persistence.middleware(onError: { errors.append($0) })])
    store.dispatch(.increment)
    await #expect(throws: PersistenceError.self) { try await persistence.flush() }
    #expect(store.state.count == 1)
    try await eventually { !errors.entries.isEmpty }
    guard case .writeFailed(let file, _) = errors.entries[0] else {
      Issue.record("expected .writeFailed, got \(errors.entries)")
      return
    }
    #expect(file == url)
    try FileManager.default.removeItem(at: blocker)
    try await eventually { savedCounter(at: url) == Counter(count: 1) }
  }

  @Test func twoWritersOnOneFileAreDetected() async throws {
    let folder = try TemporaryFolder()
    let url = folder.file("counter.json")
    var first: StatePersistence<Counter>? = StatePersistence<Counter>(fileURL: url)
    let second = StatePersistence<Counter>(fileURL: url)
    try first?.save(Counter(count: 1))
    #expect {
      try second.save(Counter(count: 2))
    } throws: { error in
      guard case .lockedByAnotherWriter(let file, _) = error as? PersistenceError else { return false }
      return file == url
    }
    #expect(try second.load() == Counter(count: 1))
    first = nil  // the first writer goes, and with it its lock
    // Its lock is released when its descriptor closes; a process that other tests are spawning
    // at that instant holds a copy of the descriptor until it starts (close-on-exec), so the
    // lock can outlive the writer by a moment.
    try await eventually { (try? second.save(Counter(count: 2))) != nil }
    #expect(try second.load() == Counter(count: 2))
  }

  @Test func leftoversOfInterruptedWritesAreRemovedAtTheNextStart() throws {
    let folder = try TemporaryFolder()
    let url = folder.file("counter.json")
    try StatePersistence<Counter>(fileURL: url).save(Counter(count: 3))
    try Data("half a wri".utf8).write(to: folder.file("counter.json.saving-1f2e3d"))
    try Data("unrelated".utf8).write(to: folder.file("notes.txt"))
    let persistence = StatePersistence<Counter>(fileURL: url)
    #expect(try persistence.load() == Counter(count: 3))
    #expect(try folder.contents() == ["counter.json", "counter.json.lock", "notes.txt"])
  }

  @Test func errorsSayWhatToDo() {
    let url = URL(fileURLWithPath: "/data/counter.json")
    let paused = PersistenceError.savingPaused(url, reason: "permission denied")
    #expect(paused.description.contains("moveUnreadableFileAside()"))
    let locked = PersistenceError.lockedByAnotherWriter(url, lockFile: url.appendingPathExtension("lock"))
    #expect(locked.description.contains("/data/counter.json.lock"))
  }
}

/// Waits, polling, until `condition` holds: for work that happens by itself on another queue
/// (a retried write), where there is nothing to await. Fails after `timeout` worth of polls.
///
/// The budget is counted in polls, not read from a clock: the work polled for often needs the
/// main actor too, and when other tests hold the main actor for seconds (the sanitizer runs),
/// a wall-clock deadline would expire before that work had a single chance to run.
@MainActor
func eventually(
  timeout: Duration = .seconds(10), _ condition: @MainActor () -> Bool,
  sourceLocation: SourceLocation = #_sourceLocation
) async throws {
  let interval = Duration.milliseconds(5)
  var pollsLeft = Int(timeout / interval)
  while !condition() {
    if pollsLeft == 0 {
      Issue.record("the condition did not hold within \(timeout)", sourceLocation: sourceLocation)
      return
    }
    pollsLeft -= 1
    try await Task.sleep(for: interval)
  }
}

/// A file's bytes. Not `Data(contentsOf:)`, whose Linux implementation leaks its buffer for an
/// empty file, which the address sanitizer run would report.
func bytes(of url: URL) throws -> Data {
  let handle = try FileHandle(forReadingFrom: url)
  defer { try? handle.close() }
  return try handle.readToEnd() ?? Data()
}

/// What the file at `url` holds, read without a `StatePersistence`: a second instance would
/// take the file's lock while it reads, and so stand in the way of the writer under test.
func savedCounter(at url: URL) -> Counter? {
  guard let data = try? bytes(of: url) else { return nil }
  return try? JSONDecoder().decode(PersistedState<Counter>.self, from: data).state
}

/// A store made outside any actor has no actor for persistence to come back to: it hands each
/// state to the writer at once, and what it dispatched still reaches the file.
@Suite struct PersistenceWithoutAnActorTests {
  @Test func aStoreMadeOutsideAnyActorStillSavesEveryState() async throws {
    let folder = try TemporaryFolder()
    let persistence = StatePersistence<Counter>(fileURL: folder.file("counter.json"))
    let store = BareStore(
      Counter(), middlewares: [persistence.middleware()], isolation: nil, reducer: counterReducer)
    for _ in 0..<100 { store.dispatch(.increment) }
    try await persistence.flush()
    #expect(try persistence.load().count == 100)
    #expect(persistence.writeCount >= 1)
  }
}
