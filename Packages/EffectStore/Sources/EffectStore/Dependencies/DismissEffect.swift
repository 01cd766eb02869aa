import IssueReporting

/// Closes the feature whose effect calls it: a presented child (its parent's ``IfLet`` for a
/// ``PresentationAction`` receives `.dismiss`). TCA's `@Dependency(\.dismiss)`.
///
/// ```swift
/// struct Editor: Reducer {
///   @Dependency(\.dismiss) var dismiss
///
///   func reduce(into state: inout SheetState, action: SheetAction) -> Effect<SheetAction> {
///     switch action {
///     case .save: return .run { _ in await dismiss() }
///     case .saved: return .none
///     }
///   }
/// }
/// ```
///
/// Call it in an effect's work (`.run`), as in TCA; a test receives the dismissal as any other
/// action (`await store.receive(.sheet(.dismiss))`).
public struct DismissEffect: Sendable {
  /// Where a dismissal goes: bound around the work of a presented child's effects.
  @TaskLocal static var target: (@Sendable () async -> Void)?

  /// Sends the presentation's `.dismiss` to the parent, and returns once it is applied.
  ///
  /// ```swift
  /// let effect: Effect<SheetAction> = .run { _ in
  ///   @Dependency(\.dismiss) var dismiss
  ///   await dismiss()
  /// }
  /// ```
  /// - Parameters:
  ///   - fileID: Where a call outside a presented feature's effect is reported; leave the default.
  ///   - filePath: With `fileID`, the same place; leave the default.
  ///   - line: With `fileID`, the same place; leave the default.
  ///   - column: With `fileID`, the same place; leave the default.
  public func callAsFunction(
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) async {
    guard let target = Self.target ?? DependencyValues.current.rootDismissal else {
      reportIssue(
        """
        dismiss() was called outside the effect of a presented feature, so nothing was closed. \
        Call it in a `.run` effect of a child that its parent runs with IfLet and a \
        PresentationAction case (`case sheet(PresentationAction<Sheet.Action>)`).
        """, fileID: fileID, filePath: filePath, line: line, column: column)
      return
    }
    await target()
  }
}

extension DependencyValues {
  /// Closes the presented feature whose effect calls it (see ``DismissEffect``).
  ///
  /// ```swift
  /// struct Closer {
  ///   @Dependency(\.dismiss) var dismiss
  /// }
  /// ```
  public var dismiss: DismissEffect { DismissEffect() }
}
