import Foundation
import ReduxCore
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Real faults, injected on purpose: permissions (in a child process that drops root, since
/// root reads and writes anything), and `kill -9` in the middle of a stream of writes.
@MainActor
@Suite struct PersistenceFaultTests {
  @Test func anUnreadableFileIsNeverOverwrittenUntilTheAppDecides() async throws {
    let folder = try TemporaryFolder()
    let url = folder.file("counter.json")
    try StatePersistence<Counter>(fileURL: url).save(Counter(count: 5))
    let original = try Data(contentsOf: url)
    chmod(folder.url.path, 0o777)
    chmod(url.path, 0)
    // The child runs as another user, who must be able to take the lock (files are the
    // owner's only by default).
    chmod(url.appendingPathExtension("lock").path, 0o644)
    await #expect(processExitsWith: .success) { [path = url.path as String] in
      await FaultScenarios.unreadableFile(at: path)
    }
    let kept = try folder.contents().filter { $0.hasPrefix("counter.json.unreadable-") }
    #expect(kept.count == 1)
    if let name = kept.first {
      chmod(folder.file(name).path, 0o644)
      #expect(try Data(contentsOf: folder.file(name)) == original)
    }
    #expect(try StatePersistence<Counter>(fileURL: url).load() == Counter(count: 1))
  }

  @Test func aReadOnlyFolderThenWritableAgainLosesNothing() async throws {
    let folder = try TemporaryFolder()
    let data = folder.file("data")
    try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
    if geteuid() == 0 { chown(data.path, FaultScenarios.nobody, FaultScenarios.nobody) }
    chmod(data.path, 0o555)
    let url = data.appendingPathComponent("counter.json")
    await #expect(processExitsWith: .success) { [path = url.path as String] in
      await FaultScenarios.readOnlyFolder(holding: path)
    }
    #expect(try StatePersistence<Counter>(fileURL: url).load() == Counter(count: 2))
  }

  @Test func killedDuringAStreamOfWritesTheFileIsAlwaysWhole() async throws {
    let folder = try TemporaryFolder()
    let url = folder.file("counter.json")
    var lastCount = 0
    var leftovers = 0
    for round in 0..<20 {
      await #expect(processExitsWith: .signal(SIGKILL)) { [path = url.path as String, round = round as Int] in
        await FaultScenarios.writeUntilKilled(path: path, round: round)
      }
      guard FileManager.default.fileExists(atPath: url.path) else { continue }
      // Read the bytes directly: `load()` would tidy up, and this checks what the kill left.
      let saved = try JSONDecoder().decode(PersistedState<Counter>.self, from: Data(contentsOf: url))
      #expect(saved.state.count >= lastCount, "round \(round) went back")
      lastCount = saved.state.count
      leftovers += try folder.contents().filter { $0.contains(".saving-") }.count
    }
    #expect(lastCount > 0)
    _ = try StatePersistence<Counter>(fileURL: url).load()
    #expect(try folder.contents().filter { $0.contains(".saving-") }.isEmpty)
    print("kill -9 x20: last count \(lastCount), temporary files seen after kills: \(leftovers)")
  }
}

/// What the child processes run. Each exits non-zero, saying why, when something is wrong.
@MainActor
enum FaultScenarios {
  static let nobody: UInt32 = 65_534

  /// Root reads and writes anything, so a permission fault needs an ordinary user.
  static func dropRoot() {
    guard geteuid() == 0 else { return }
    guard setgroups(0, nil) == 0, setgid(nobody) == 0, setuid(nobody) == 0 else {
      fail("could not drop root")
    }
  }

  static func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("fault scenario: \(message)\n".utf8))
    exit(1)
  }

  static func unreadableFile(at path: String) async {
    dropRoot()
    let persistence = StatePersistence<Counter>(fileURL: URL(fileURLWithPath: path))
    var reported: [PersistenceError] = []
    let initial = persistence.load(orInitial: Counter()) { reported.append($0) }
    guard case .unreadable = reported.first else { fail("expected .unreadable, got \(reported)") }
    let store = makeCounterStore(initialState: initial, middlewares: [persistence.middleware { _ in }])
    store.dispatch(.increment)
    do {
      try await persistence.flush()
      fail("a save went over a file that could not be read")
    } catch {
      guard case .savingPaused = error else { fail("expected .savingPaused, got \(error)") }
    }
    // The app decides: keep the file aside, and save anew.
    do {
      try persistence.moveUnreadableFileAside()
      try await persistence.flush()
    } catch {
      fail("after moving the file aside: \(error)")
    }
  }

  static func readOnlyFolder(holding path: String) async {
    dropRoot()
    let url = URL(fileURLWithPath: path)
    let errors = Log<PersistenceError>()
    let persistence = StatePersistence<Counter>(fileURL: url, retryDelay: .milliseconds(10))
    let store = makeCounterStore(middlewares: [persistence.middleware { errors.append($0) }])
    store.dispatch(.add(2))
    do {
      try await persistence.flush()
      fail("saved into a read-only folder")
    } catch {
      guard case .writeFailed = error else { fail("expected .writeFailed, got \(error)") }
    }
    chmod(url.deletingLastPathComponent().path, 0o755)
    // No dispatch: the retry alone must bring the state to disk.
    let deadline = ContinuousClock.now + .seconds(10)
    while savedCounter(at: url) != Counter(count: 2) {
      if ContinuousClock.now > deadline { fail("the failed save was never retried") }
      try? await Task.sleep(for: .milliseconds(5))
    }
    if errors.entries.isEmpty { fail("the failed save was not reported") }
  }

  static func writeUntilKilled(path: String, round: Int) async {
    let persistence = StatePersistence<Counter>(fileURL: URL(fileURLWithPath: path))
    let initial = persistence.load(orInitial: Counter()) { _ in }
    let store = makeCounterStore(initialState: initial, middlewares: [persistence.middleware { _ in }])
    let delay = Int.random(in: 1...25) * 1_000_000 + round
    DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(delay)) {
      kill(getpid(), SIGKILL)
    }
    while true {
      store.dispatch(.increment)
      try? await persistence.flush()
    }
  }
}
