/// A reducer that does nothing: an empty ``ReducerBuilder`` block.
public struct EmptyReducer<State, Action>: Reducer {
  /// Makes it.
  @inlinable public init() {}

  /// Does nothing.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
}
