import IssueReporting

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
    reportIssue(message, fileID: fileID, filePath: filePath, line: line, column: column)
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
