import IssueReporting
import IssueReportingTestSupport

/// Where in a user's test an assertion was written: the line a failure points at.
///
/// Taken from `#fileID`, `#filePath`, `#line` and `#column` default arguments rather than Swift
/// Testing's `SourceLocation`, so that a test file needs no `import Testing`, and an `XCTestCase`
/// gets the same location as a `@Test` function.
struct TestLocation: Sendable {
  let fileID: StaticString
  let filePath: StaticString
  let line: UInt
  let column: UInt

  init(_ fileID: StaticString, _ filePath: StaticString, _ line: UInt, _ column: UInt) {
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }

  /// Fails the running test here, under whichever framework runs it (XCTest or Swift Testing);
  /// outside a test, prints the message.
  func report(_ message: String) {
    if Self.failsThroughXCTestDirectly, let fail = IssueReportingTestSupport._XCTFail() as? XCTFailure {
      return fail(message, filePath, line)
    }
    reportIssue(message, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// XCTest's `XCTFail`, as IssueReportingTestSupport hands it out.
  private typealias XCTFailure = @Sendable (String, StaticString, UInt) -> Void

  /// Whether a failure goes to XCTest itself: in an XCTest test, with IssueReporting's default
  /// reporter only (no test collecting failures, no expected-failure block). Its default
  /// reporter adds to every failure of an async XCTest on Linux seven lines about tests hosted
  /// in an app, which are not ours and not true here: a failure prints our message alone.
  private static var failsThroughXCTestDirectly: Bool {
    guard case .xcTest = TestContext.current else { return false }
    let reporters = IssueReporters.current
    return reporters.count == 1 && reporters[0] is _DefaultReporter
  }

  /// Shows `message` without failing the test: a warning in Swift Testing; a line in the log
  /// under XCTest, which has no warnings (IssueReporting would fail the test there).
  func warn(_ message: String) {
    if TestContext.current?.isSwiftTesting == false {
      print("\(fileID):\(line): warning: \(message)")
    } else {
      reportIssue(
        message, severity: .warning, fileID: fileID, filePath: filePath, line: line, column: column)
    }
  }
}
