/// How much a test store asks the test to assert.
///
/// ```swift
/// store.exhaustivity = .off(showSkipped: true)
/// ```
public enum Exhaustivity: Sendable, Equatable {
  /// Every state change and every action that reaches the reducer must be asserted, and no
  /// work may be left running at the end. The default: a unit test of one feature.
  case on
  /// Only what the test names is checked: an assertion compares the fields its closure sets,
  /// unasserted actions are skipped, and work left running is cancelled at the end. For
  /// integration tests. With `showSkipped`, what was skipped is reported as known issues, so
  /// the test passes and says what it did not check.
  case off(showSkipped: Bool)

  /// Only what the test names is checked, and what was skipped is not reported.
  public static let off = Exhaustivity.off(showSkipped: false)
}
