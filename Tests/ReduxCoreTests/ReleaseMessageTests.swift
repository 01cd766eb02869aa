import Foundation
import Testing

/// Programmer-error messages must survive an optimized build (`preconditionFailure` drops its
/// text under `-O`). This runs the release build of `ProgrammerErrorProbe` once per mistake and
/// reads what it printed. `swift build -c release` makes the probe; CI sets
/// `REQUIRE_RELEASE_PROBE=1` so that a missing probe fails instead of skipping.
@Suite(.enabled(if: ReleaseProbe.url != nil, "build the probe first: swift build -c release"))
struct ReleaseMessageTests {
  @Test(arguments: [
    ("dispatch-in-reducer", "was called from inside a reducer"),
    ("read-in-reducer", "state was read from inside a reducer"),
    ("subscribe-in-reducer", "subscribe was called from inside a reducer"),
    ("unsubscribe-in-reducer", "a listener unsubscribed, or a token released) from inside a reducer"),
    ("add-middleware-in-reducer", "a middleware was added or removed from inside a reducer"),
    ("replace-reducer-in-reducer", "replaceReducer was called from inside a reducer"),
    ("dispatch-while-building-middleware", "while the middleware chain was being built"),
    ("enhancer-replaced-store", "returned a store other than the one its creator made"),
    ("middleware-from-another-actor", "a middleware made on another actor"),
    ("batching-without-actor", "batchNotifications was called on a store made outside any actor"),
    ("query-reducer-missing", "its reducer is not in the store's. Add it at the cache's place"),
    (
      "dynamic-middleware-from-another-actor",
      "a DynamicMiddleware was given a middleware made on another actor"
    ),
    ("run-effect-without-actor", "a .run effect started in a store that has no actor"),
    ("start-thunk-without-actor", "neither the store nor the code calling start(_:) has an actor"),
    ("main-thread-store-used-elsewhere", "it is now used on another thread"),
    ("send-to-row-store-in-reducer", "send(row(id: 1, action:"),
    ("stack-position-out-of-range", "StackState: position 3 is out of range (the stack has 1 screen)"),
  ])
  func aReleaseBuildPrintsTheMessage(mistake: String, expected: String) async throws {
    let (process, output) = try await ReleaseProbe.run(mistake)
    #expect(process.terminationReason == .uncaughtSignal)
    #expect(output.contains(expected), "stderr of the release probe: \(output)")
  }
}

/// Slow spellings are warned of once, on standard error, and the program goes on.
@Suite(.enabled(if: ReleaseProbe.url != nil, "build the probe first: swift build -c release"))
struct SlowSpellingWarningTests {
  /// Runs the probe on `spelling` and returns what it printed on standard error.
  private func warnings(of spelling: String) async throws -> String {
    let (process, output) = try await ReleaseProbe.run(spelling)
    #expect(process.terminationStatus == 0, "stderr of the release probe: \(output)")
    return output
  }

  @Test func rowsReadThroughAKeyPathSubscriptAreWarnedOfOnceWithTheFastSpelling() async throws {
    let output = try await warnings(of: "rows-read-by-subscript")
    #expect(output.contains("store.state(\\.todos, id: id)"), "stderr: \(output)")
    #expect(output.components(separatedBy: "ReduxCore warning").count == 2, "once: \(output)")
  }

  @Test func rowsReadByIDAreNot() async throws {
    #expect(try await warnings(of: "rows-read-by-id").isEmpty)
  }

  /// A stored list's own `[id:]` subscript is recognized and read by id: nothing to warn of.
  @Test func rowsReadThroughAStoredListsSubscriptAreNot() async throws {
    #expect(try await warnings(of: "rows-read-by-subscript-at-the-top").isEmpty)
  }
}

@Suite struct ReleaseProbePresence {
  @Test(
    .enabled(
      if: ProcessInfo.processInfo.environment["REQUIRE_RELEASE_PROBE"] == "1",
      "CI checks that the release probe was built (REQUIRE_RELEASE_PROBE=1); locally, the messages are checked when it was"
    ))
  func theProbeWasBuilt() {
    #expect(ReleaseProbe.url != nil, "no release build of ProgrammerErrorProbe next to the tests")
  }
}

enum ReleaseProbe {
  /// Runs the probe with `argument` and waits for it; returns the process and what it printed
  /// on standard error. The wait is on a thread of its own: a blocked thread of Swift's
  /// cooperative pool (two on a two-core machine) would stall every other test's tasks.
  static func run(_ argument: String) async throws -> (Process, String) {
    let probe = try #require(url)
    let process = Process()
    process.executableURL = probe
    process.arguments = [argument]
    // A crash's backtrace takes seconds to write and says nothing these checks read.
    process.environment = ProcessInfo.processInfo.environment.merging(["SWIFT_BACKTRACE": "enable=no"]) { $1 }
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = Pipe()
    try process.run()
    let output = await withCheckedContinuation { continuation in
      Thread {
        let output = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        continuation.resume(returning: output)
      }.start()
    }
    return (process, output)
  }

  /// The release build of the probe, found beside this test binary's build folder
  /// (`.build/<triple>/debug/…` → `.build/<triple>/release/ProgrammerErrorProbe`).
  static let url: URL? = {
    var folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    for _ in 0..<6 {
      folder.deleteLastPathComponent()
      for candidate in ["release/ProgrammerErrorProbe", "../release/ProgrammerErrorProbe"] {
        let url = folder.appendingPathComponent(candidate).standardizedFileURL
        if FileManager.default.isExecutableFile(atPath: url.path) { return url }
      }
    }
    return nil
  }()
}
