/// The actions of a presented child (a sheet, a destination, an alert) as its parent receives
/// them: the child's own, and the request to close it. TCA's `PresentationAction`.
///
/// With an ``IfLet`` made for it, `.dismiss` sets the child's state to `nil` (its effects end
/// with it), and the child's effects close their own presentation with the `dismiss`
/// dependency (``DismissEffect``), which sends `.dismiss`.
///
/// ```swift
/// enum EditorAction {
///   case sheet(PresentationAction<SheetAction>)
/// }
/// ```
public enum PresentationAction<Action> {
  /// An action of the presented child.
  case presented(Action)
  /// Closes the presentation: its state becomes `nil`.
  case dismiss

  /// The child's action, or `nil` for `.dismiss`.
  ///
  /// ```swift
  /// let action = PresentationAction<SheetAction>.presented(.save).presented  // .save
  /// ```
  public var presented: Action? {
    if case .presented(let action) = self { action } else { nil }
  }
}

extension PresentationAction: Equatable where Action: Equatable {}
extension PresentationAction: Hashable where Action: Hashable {}
extension PresentationAction: Sendable where Action: Sendable {}

/// A presented state that ends after any action of its own: an alert or a confirmation
/// dialog, which close whichever button is tapped. An ``IfLet`` made for ``PresentationAction``
/// sets such a state (or a destination enum whose current case holds one) to `nil` after the
/// child has handled the action, as TCA does for its `AlertState`.
///
/// ```swift
/// struct DeleteAlert: Equatable, Sendable, EphemeralState {
///   var title = "Delete?"
/// }
/// ```
public protocol EphemeralState {}

/// Whether `state`, or the payload of the enum case it is, is ``EphemeralState``.
func isEphemeral(_ state: Any) -> Bool {
  if state is any EphemeralState { return true }
  let mirror = Mirror(reflecting: state)
  guard mirror.displayStyle == .enum, let payload = mirror.children.first?.value else { return false }
  // A case with one value has it as its payload; one with several, as a tuple of them.
  if payload is any EphemeralState { return true }
  return Mirror(reflecting: payload).children.contains { $0.value is any EphemeralState }
}
