import Foundation
import ReduxCore
import Testing

// Two processes on one persisted file: the test process is writer B; writer A runs in a child
// process (an exit test). They take turns through marker files in the test's folder.

/// What B's store does: bump its own field, or take in what another writer saved.
enum MergeAction: Sendable {
  case bumpOther
  case merge(Counter)
}

func mergingReducer(_ state: inout Counter, _ action: MergeAction) {
  switch action {
  case .bumpOther: state.other += 1
  case .merge(let newer): state.count = newer.count
  }
}

@MainActor
@Suite(.serialized) struct TwoWriterTests {
  /// A holds the file; B loads (and is told A holds it); A saves and exits; B's save is refused
  /// as stale; A's change is on disk; B reloads, merges, and both changes are kept.
  @Test func aStaleWriterIsRefusedThenReloadsAndKeepsBothChanges() async throws {
    let folder = try TemporaryFolder()
    let url = folder.file("counter.json")
    try StatePersistence<Counter>(fileURL: url).save(Counter())
    let writerA = Task {
      _ = await #expect(processExitsWith: .success) { [folder = folder.url.path as String] in
        await OtherWriter.holdThenSaveAndExit(folder: folder, keepLockUntilTold: false)
      }
    }
    try await waitForMarker("loaded", in: folder.url)

    let persistence = StatePersistence<Counter>(fileURL: url)
    var reported: [PersistenceError] = []
    let initial = persistence.load(orInitial: Counter()) { reported.append($0) }
    #expect(reported.contains { if case .lockedByAnotherWriter = $0 { true } else { false } })
    try touchMarker("go", in: folder.url)
    await writerA.value
    #expect(savedCounter(at: url) == Counter(count: 1))

    let store = BareStore(initial, middlewares: [persistence.middleware { _ in }], reducer: mergingReducer)
    store.dispatch(.bumpOther)
    await #expect(throws: PersistenceError.changedByAnotherWriter(url)) { try await persistence.flush() }
    #expect(savedCounter(at: url) == Counter(count: 1))  // A's change was not overwritten

    let newer = try persistence.reload()
    store.dispatch(.merge(newer))
    #expect(newer == Counter(count: 1))
    try await persistence.flush()
    #expect(savedCounter(at: url) == Counter(count: 1, other: 1))
  }

  /// The same with A still alive when B saves: B is refused (A holds the lock), then, once A
  /// is gone, refused as stale; `overwrite()` is the app's other choice.
  @Test func aWriterWhileTheOtherLivesIsRefusedThenStaleThenMayOverwrite() async throws {
    let folder = try TemporaryFolder()
    let url = folder.file("counter.json")
    try StatePersistence<Counter>(fileURL: url).save(Counter())
    let writerA = Task {
      _ = await #expect(processExitsWith: .success) { [folder = folder.url.path as String] in
        await OtherWriter.holdThenSaveAndExit(folder: folder, keepLockUntilTold: true)
      }
    }
    try await waitForMarker("loaded", in: folder.url)
    let persistence = StatePersistence<Counter>(fileURL: url)
    let initial = persistence.load(orInitial: Counter()) { _ in }
    try touchMarker("go", in: folder.url)
    try await waitForMarker("saved", in: folder.url)

    let store = BareStore(initial, middlewares: [persistence.middleware { _ in }], reducer: mergingReducer)
    store.dispatch(.bumpOther)
    await #expect {
      try await persistence.flush()
    } throws: { error in
      if case .lockedByAnotherWriter = error as? PersistenceError { true } else { false }
    }
    #expect(savedCounter(at: url) == Counter(count: 1))

    try touchMarker("exit", in: folder.url)
    await writerA.value
    await #expect(throws: PersistenceError.changedByAnotherWriter(url)) { try await persistence.flush() }
    #expect(savedCounter(at: url) == Counter(count: 1))

    try await persistence.overwrite()
    #expect(savedCounter(at: url) == Counter(count: 0, other: 1))
  }

  /// A reader (a widget) follows the file without the lock and sees each complete save.
  @Test func aReaderSeesEachSaveOfAWriterInAnotherProcess() async throws {
    let folder = try TemporaryFolder()
    let url = folder.file("counter.json")
    let reader = StateFileReader<Counter>(fileURL: url)
    let writerA = Task {
      _ = await #expect(processExitsWith: .success) { [folder = folder.url.path as String] in
        await OtherWriter.saveFiveTimesWhenRead(folder: folder)
      }
    }
    var seen: [Int] = []
    for await counter in reader.changes(checkingEvery: .milliseconds(2)) {
      seen.append(counter.count)
      try touchMarker("read-\(counter.count)", in: folder.url)
      if counter.count == 5 { break }
    }
    await writerA.value
    #expect(seen == [1, 2, 3, 4, 5])
    #expect(try reader.read() == Counter(count: 5))
  }

  /// `kill -9` of the writer that holds the lock: the next writer takes over at once, with the
  /// last complete save.
  @Test func theNextWriterTakesOverFromAKilledOne() async throws {
    let folder = try TemporaryFolder()
    let url = folder.file("counter.json")
    await #expect(processExitsWith: .signal(SIGKILL)) { [folder = folder.url.path as String] in
      await OtherWriter.saveThenDie(folder: folder)
    }
    let persistence = StatePersistence<Counter>(fileURL: url)
    var reported: [PersistenceError] = []
    let initial = persistence.load(orInitial: Counter()) { reported.append($0) }
    #expect(reported.isEmpty)
    #expect(initial == Counter(count: 7))
    try persistence.save(Counter(count: 8))
    #expect(savedCounter(at: url) == Counter(count: 8))
  }
}

func touchMarker(_ name: String, in folder: URL) throws {
  try Data().write(to: folder.appendingPathComponent(name + ".marker"))
}

func waitForMarker(_ name: String, in folder: URL, timeout: Duration = .seconds(120)) async throws {
  let path = folder.appendingPathComponent(name + ".marker").path
  let deadline = ContinuousClock.now + timeout
  while !FileManager.default.fileExists(atPath: path) {
    if ContinuousClock.now > deadline { throw MarkerTimeout(name: name) }
    try await Task.sleep(for: .milliseconds(2))
  }
}

struct MarkerTimeout: Error { let name: String }

/// Writer A, in a child process.
@MainActor
enum OtherWriter {
  static func holdThenSaveAndExit(folder: String, keepLockUntilTold: Bool) async {
    let folder = URL(fileURLWithPath: folder)
    let persistence = StatePersistence<Counter>(fileURL: folder.appendingPathComponent("counter.json"))
    guard (try? persistence.load()) == Counter() else { FaultScenarios.fail("A could not load") }
    do {
      try touchMarker("loaded", in: folder)
      try await waitForMarker("go", in: folder)
      try persistence.save(Counter(count: 1))
      try touchMarker("saved", in: folder)
      if keepLockUntilTold { try await waitForMarker("exit", in: folder) }
    } catch {
      FaultScenarios.fail("A: \(error)")
    }
  }

  static func saveFiveTimesWhenRead(folder: String) async {
    let folder = URL(fileURLWithPath: folder)
    let persistence = StatePersistence<Counter>(fileURL: folder.appendingPathComponent("counter.json"))
    do {
      for count in 1...5 {
        try persistence.save(Counter(count: count))
        try await waitForMarker("read-\(count)", in: folder)
      }
    } catch {
      FaultScenarios.fail("A: \(error)")
    }
  }

  static func saveThenDie(folder: String) async {
    let persistence = StatePersistence<Counter>(
      fileURL: URL(fileURLWithPath: folder).appendingPathComponent("counter.json"))
    do {
      try persistence.save(Counter(count: 7))
    } catch {
      FaultScenarios.fail("A: \(error)")
    }
    kill(getpid(), SIGKILL)
  }
}
