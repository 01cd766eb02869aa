/// The actions of a navigation stack as its parent receives them: a screen's own, a pop from a
/// screen, and a push with the id the screen gets. TCA's `StackAction`.
///
/// With a ``ForEachElement`` made for it, `.popFrom(id:)` pops that screen and every screen
/// above it, `.push(id:state:)` pushes a screen with that id, and a screen's effects close
/// their own screen with the `dismiss` dependency (``DismissEffect``), which sends
/// `.popFrom(id:)`.
///
/// ```swift
/// enum NavigatorAction {
///   case path(StackAction<TodoState, TodoAction>)
/// }
/// ```
public enum StackAction<State, Action> {
  /// An action of the screen with `id`.
  indirect case element(id: StackElementID, action: Action)
  /// Pops the screen with `id` and every screen above it.
  case popFrom(id: StackElementID)
  /// Pushes `state` as a screen with `id`: the stack's next id, or one it gave before and
  /// popped (an id it holds, or one past the next, is reported).
  case push(id: StackElementID, state: State)
}

extension StackAction: Equatable where State: Equatable, Action: Equatable {}
extension StackAction: Hashable where State: Hashable, Action: Hashable {}
extension StackAction: Sendable where State: Sendable, Action: Sendable {}
