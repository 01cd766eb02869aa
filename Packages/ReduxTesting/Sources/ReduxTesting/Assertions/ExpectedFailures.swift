import IssueReporting
import ReduxCore

/// A failure a test store reported, collected instead of failing the test.
package struct ReportedFailure: Sendable, CustomStringConvertible {
  /// The message, as the test would have shown it.
  package let description: String
  /// Whether it was a warning (a non-exhaustive store's list of what it skipped).
  package let isWarning: Bool
  /// The line of the test it pointed at.
  package let line: UInt
}

/// Runs a test whose test-store failures are its subject (a wrong expectation must fail, with
/// this message), collecting them instead of letting them fail the test: the test then asserts
/// on what was reported, and the run's output shows no failure that is not one.
///
/// Fails the test (at the caller's line) when nothing was reported, or when a report does not
/// satisfy `matching`. For the package's own tests; a user tests their features, not the test
/// stores' failures.
///
/// ```swift
/// await expectFailures {
///   await store.send(.tick) { $0.seconds = 2 }
/// } matching: { failure in
///   failure.description.contains("-   seconds: 2,")
/// }
/// ```
nonisolated(nonsending) package func expectFailures(
  _ body: () async -> Void, matching: (ReportedFailure) -> Bool = { _ in true },
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
  column: UInt = #column
) async {
  let failures = await failuresReported(during: body)
  let here = TestLocation(fileID, filePath, line, column)
  if failures.isEmpty { here.report("expected a test-store failure here; none was reported") }
  for failure in failures where !matching(failure) {
    here.report("a test-store failure other than the one expected:\n\(failure.description)")
  }
}

/// What test stores reported while `body` ran (in its task and the tasks it starts), in order.
nonisolated(nonsending) package func failuresReported(during body: () async -> Void) async
  -> [ReportedFailure]
{
  let collector = FailureCollector()
  await withIssueReporters([collector]) { await body() }
  return collector.failures.withLock { $0 }
}

/// Keeps what is reported to it, from any thread.
private final class FailureCollector: IssueReporter {
  let failures = Locked<[ReportedFailure]>([])

  func reportIssue(
    _ message: @autoclosure () -> String?, severity: IssueSeverity, fileID: StaticString,
    filePath: StaticString, line: UInt, column: UInt
  ) {
    let failure = ReportedFailure(description: message() ?? "", isWarning: severity == .warning, line: line)
    failures.withLock { $0.append(failure) }
  }
}
