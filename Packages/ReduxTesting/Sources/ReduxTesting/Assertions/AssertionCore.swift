import EffectStore
import IssueReporting
import ReduxCore

/// The assertions every style's test store shares: it compares the state a test describes with
/// the state the store holds after each action, hands out the actions the test did not send,
/// in order, and says what was left over at the end. A style's test store gives it its own
/// vocabulary (`send`, `dispatch`, `call`).
@MainActor
final class AssertionCore<State: Equatable, Action> {
  let log: ReducedActions<State, Action>
  /// Signalled when an action reaches the reducer or running work ends: what waits wake up on.
  let wakeups: Wakeups
  /// The state as the test last asserted it (or as it was found, after a mismatch).
  var expectedState: State
  var exhaustivity: Exhaustivity = .on {
    didSet {
      if isExhaustive { log.resumeReportingLeftovers() } else { log.stopReportingLeftovers() }
    }
  }
  /// Whether failure messages show `Redacted` values as `<redacted>` (they show the real
  /// values unless the test asks).
  var redactsSensitiveValues = false
  /// How long `receive` and `finish` wait for work that has not arrived or ended yet.
  var timeout: Duration
  private(set) var isFinished = false
  /// Actions an exhaustive act failed for not being received: a `receive` of one of them later
  /// is the same mistake, already reported, and passes without a second failure.
  private var passedOverByAFailure: [ReducedActions<State, Action>.Entry] = []
  /// Where the test store was made: leftovers found when it goes away are reported there.
  let createdAt: TestLocation
  /// The shared values the store changed since the last assertion (the reducer/effect
  /// style's); `nil` for a style without them.
  var sharedChanges: SharedChangeLog? {
    didSet {
      guard let changes = sharedChanges else { return log.sharedValuesNow = nil }
      log.sharedValuesNow = { changes.valuesNow() }
    }
  }

  /// Starts recording every action that reaches `engine`'s reducer.
  init(
    recording engine: StoreEngine<State, Action>, timeout: Duration, createdAt: TestLocation,
    describe: @escaping (Action) -> String = { String(describing: $0) }
  ) {
    let initialState = engine.untrackedState
    expectedState = initialState
    self.timeout = timeout
    self.createdAt = createdAt
    let wakeups = Wakeups()
    self.wakeups = wakeups
    let log = ReducedActions<State, Action>(describe: describe, createdAt: createdAt) {
      wakeups.signal()
    }
    self.log = log
    engine.wrapReducer { reduce in log.recording(reduce) }
  }

  var isExhaustive: Bool { exhaustivity == .on }

  /// Checks that the test may act now: not after `finish()`, and (exhaustively) with no action
  /// received but not asserted. Returns `false` if the test store is finished.
  func prepareToAct(_ what: @autoclosure () -> String, sourceLocation: TestLocation) -> Bool {
    if isFinished {
      fail("\(what()) after finish(): a finished test store checks nothing more.", at: sourceLocation)
      return false
    }
    let unasserted = log.takeAll()
    guard !unasserted.isEmpty else { return true }
    if isExhaustive {
      fail(
        """
        \(what()), but \(unasserted.count) action(s) reached the reducer and were not received: \
        \(list(unasserted)). Receive each one (`receive`) before acting, or turn exhaustivity off.
        """, at: sourceLocation)
      // The test may receive them later, in the wrong place: that is the same mistake, already
      // reported, not a second one.
      passedOverByAFailure = Array(unasserted)
    } else {
      reportSkipped("skipped \(unasserted.count) received action(s): \(list(unasserted))")
    }
    expectedState = unasserted.last!.state
    sharedChanges?.accept(unasserted.last!.shared)
    return true
  }

  /// After the test acted: checks the change of the first action the action made reach the
  /// reducer (the one the test sent), with the state before it as `before`.
  func assertActed(
    _ what: @autoclosure () -> String, before: State, update: ((inout State) throws -> Void)?,
    sourceLocation: TestLocation
  ) {
    let entry = log.takeNext()
    assertChange(
      what(), before: before, actual: entry?.state ?? before, actualShared: entry?.shared ?? [:],
      update: update, sourceLocation: sourceLocation)
  }

  /// After the test acted with code that may apply several actions (a thunk, a class store's
  /// method): checks the state after all of them, and counts them all as the test's own.
  func assertActedAll(
    _ what: @autoclosure () -> String, before: State, update: ((inout State) throws -> Void)?,
    sourceLocation: TestLocation
  ) {
    let applied = log.takeAll()
    assertChange(
      what(), before: before, actual: applied.last?.state ?? before,
      actualShared: applied.last?.shared ?? [:],
      update: update, sourceLocation: sourceLocation)
  }

  /// Waits for the next action the test did not send that `matches`, and checks its change.
  /// - Parameter hint: Says, for an action that did not match, what the test may have meant.
  func receive(
    _ what: @autoclosure () -> String, matching matches: (Action) -> Bool, timeout: Duration?,
    update: ((inout State) throws -> Void)?, sourceLocation: TestLocation,
    hint: (Action) -> String? = { _ in nil }
  ) async {
    guard !isFinished else {
      return fail(
        "receive(\(what())) after finish(): a finished test store checks nothing more.", at: sourceLocation)
    }
    if log.isEmpty, let index = passedOverByAFailure.firstIndex(where: { matches($0.action) }) {
      passedOverByAFailure.removeFirst(index + 1)
      return
    }
    var skipped: [ReducedActions<State, Action>.Entry] = []
    while true {
      let arrived = await wakeups.wait(timeout: timeout ?? self.timeout) { !self.log.isEmpty }
      guard arrived, let entry = log.takeNext() else {
        let skippedNote = skipped.isEmpty ? "" : " (skipped on the way: \(list(skipped[...])))"
        // One mistake, one failure: what this receive skipped stays for the next one.
        log.putBack(skipped)
        return fail(
          """
          Expected to receive \(what()), but no such action reached the reducer within \
          \(timeout ?? self.timeout)\(skippedNote). If the work that sends it waits on a clock, \
          advance the clock first; if it takes longer, pass a longer `timeout:`.
          """, at: sourceLocation)
      }
      if matches(entry.action) {
        if !skipped.isEmpty {
          reportSkipped("skipped \(skipped.count) received action(s): \(list(skipped[...]))")
        }
        let before = skipped.last?.state ?? expectedState
        if let last = skipped.last {
          expectedState = before
          sharedChanges?.accept(last.shared)
        }
        return assertChange(
          "receive(\(what()))", before: before, actual: entry.state, actualShared: entry.shared,
          update: update, sourceLocation: sourceLocation)
      }
      if isExhaustive {
        expectedState = entry.state
        sharedChanges?.accept(entry.shared)
        return fail(
          """
          Expected to receive \(what()), but the next action that reached the reducer was \
          \(log.describe(entry.action)). \(hint(entry.action) ?? "Receive the actions in the order they happen.")
          """, at: sourceLocation)
      }
      skipped.append(entry)
    }
  }

  /// Accepts every action received so far: the expected state becomes the state after the
  /// last one.
  /// - Returns: Whether there was anything to skip.
  @discardableResult
  func skipReceived() -> Bool {
    guard let last = log.takeAll().last else { return false }
    expectedState = last.state
    sharedChanges?.accept(last.shared)
    return true
  }

  /// Checks the state as of the last assertion against `update` applied to it, with no action.
  func assertState(update: @escaping (inout State) throws -> Void, sourceLocation: TestLocation) {
    assertChange(
      "assert", before: expectedState, actual: expectedState, actualShared: sharedChanges?.valuesNow() ?? [:],
      update: update, expectsChange: false, sourceLocation: sourceLocation)
  }

  /// Ends the test: waits up to `timeout` for running work to end, then reports (exhaustively)
  /// work still running and actions not received.
  func finish(
    running: @escaping () -> Int, causes: () -> [RunningWorkCause], cancelRunning: () -> Void,
    timeout: Duration?, sourceLocation: TestLocation
  ) async {
    guard !isFinished else { return }
    let ended = await wakeups.wait(timeout: timeout ?? self.timeout) { running() == 0 }
    if !ended {
      for cause in causes() {
        if isExhaustive {
          fail(
            """
            \(cause.sentence("effect(s) or task(s)")) at finish(). Make it end in the test (send \
            the action that cancels it, advance the clock it waits on) or turn exhaustivity off.
            """, at: cause.location ?? sourceLocation)
        } else {
          reportSkipped("cancelled at finish(): \(cause.sentence("effect(s) or task(s)"))")
        }
      }
      cancelRunning()
    }
    reportUnreceived(at: sourceLocation)
    isFinished = true
    log.stopReportingLeftovers()
  }

  private func reportUnreceived(at sourceLocation: TestLocation) {
    let unreceived = log.takeAll()
    guard !unreceived.isEmpty else { return }
    if isExhaustive {
      fail(
        """
        \(unreceived.count) action(s) reached the reducer and were never received: \
        \(list(unreceived)). Receive each one, or turn exhaustivity off.
        """, at: sourceLocation)
    } else {
      reportSkipped("skipped \(unreceived.count) received action(s) at the end: \(list(unreceived))")
    }
  }

  private func assertChange(
    _ what: @autoclosure () -> String, before: State, actual: State, actualShared: [ObjectIdentifier: Any],
    update: ((inout State) throws -> Void)?, expectsChange: Bool = true, sourceLocation: TestLocation
  ) {
    // Not exhaustive: only what the closure sets is checked, by applying it to the actual
    // state; a closure that finds its values already there asserted nothing false.
    if !isExhaustive, update == nil {
      expectedState = actual
      sharedChanges?.accept(actualShared)
      return
    }
    var expected = isExhaustive ? expectedState : actual
    do {
      // Shared values read and write, in the closure, the values as of the last assertion.
      try SharedChangeLog.$asserting.withValue(sharedChanges) { try update?(&expected) }
    } catch {
      // One mistake, one failure: what the closure set before it threw is no description to
      // compare, so the throw is all that is reported.
      fail("\(what()): the assertion closure threw \(error).", at: sourceLocation)
      expectedState = actual
      sharedChanges?.accept(actualShared)
      return
    }
    expectedState = actual
    let shared =
      sharedChanges?.settle(actual: actualShared, exhaustive: isExhaustive) ?? (
        changed: false, mismatches: []
      )
    let sharedDifference = shared.mismatches.map { describe($0, in: actual) }.joined(separator: "\n\n")
    guard expected != actual else {
      if !shared.mismatches.isEmpty {
        let hint =
          shared.mismatches.contains(where: \.describedByTheTest)
          ? "A shared value is not what the trailing closure described."
          : "A shared value changed, but no change was asserted: describe it in the trailing closure."
        fail("\(what()): \(hint)\n\n\(sharedDifference)", at: sourceLocation)
      } else if isExhaustive, expectsChange, update != nil, actual == before, !shared.changed {
        fail(
          """
          \(what()): Expected state to change, but no change occurred: the action changed \
          nothing, and neither did the trailing closure (what it set was already so). If no \
          change is expected, leave the closure out.
          """, at: sourceLocation)
      }
      return
    }
    let hint =
      update == nil
      ? "The state changed, but no change was asserted: describe it in the trailing closure."
      : "The state is not what the trailing closure described."
    var difference = stateDiff(expected: expected, actual: actual, redacting: redactsSensitiveValues)
    // Where it differs, by path, in the words of the logs and recordings (ReduxCore's diff);
    // paths only, so that no value is shown the test did not ask to see.
    let paths = StateChange.changes(from: expected, to: actual, limit: 10).map(\.path).filter { !$0.isEmpty }
    if !paths.isEmpty { difference += "\n\nWhat differs: " + paths.joined(separator: ", ") }
    let reorders = redactsSensitiveValues ? [] : ReorderHint.lines(expected: expected, actual: actual)
    if !reorders.isEmpty { difference += "\n\n" + reorders.joined(separator: "\n") }
    if !sharedDifference.isEmpty { difference += "\n\n" + sharedDifference }
    fail("\(what()): \(hint)\n\n\(difference)", at: sourceLocation)
  }

  /// A shared value that is not as described, named by where the state holds it and by its
  /// key, with its diff and the line that describes the change.
  private func describe(_ mismatch: SharedChangeLog.Mismatch, in state: State) -> String {
    let path = sharedFieldPath(to: mismatch.root, in: state)
    let field = path.map { "`\($0)` (\(mismatch.keyDescription))" } ?? mismatch.keyDescription
    let fix = path.map { "$0.$\($0).withLock { … }" } ?? "$0.$field.withLock { … }"
    return "The shared value \(field), described in the closure with `\(fix)`:\n"
      + stateDiff(expected: mismatch.expected, actual: mismatch.actual, redacting: redactsSensitiveValues)
  }

  /// Shown, not failed: a warning in Swift Testing, a line in the log under XCTest.
  private func reportSkipped(_ message: String) {
    guard case .off(showSkipped: true) = exhaustivity else { return }
    createdAt.warn("Not checked (exhaustivity is off): \(message)")
  }

  private func fail(_ message: String, at sourceLocation: TestLocation) {
    sourceLocation.report(message)
  }

  private func list(_ entries: ArraySlice<ReducedActions<State, Action>.Entry>) -> String {
    entries.map { log.describe($0.action) }.joined(separator: ", ")
  }
}
