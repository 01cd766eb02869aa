/// Builds one reducer from reducers of parts of the state, so a large app splits its reducer by
/// feature, as Redux's `combineReducers` does. Every part's reducer sees every action, in the
/// order given, and changes only its own part, in place.
///
/// ```swift
/// let appReducer = combineReducers(
///   .slice(\AppState.todos, todosReducer),
///   .slice(\AppState.filter, filterReducer)
/// )
/// ```
/// - Parameter reducers: Usually ``ReduxReducer/slice(_:_:)-(_,ReduxReducer<Slice,Action>)`` values; any reducer of the whole state
///   fits too.
/// - Returns: The combined reducer.
public func combineReducers<State, Action>(
  _ reducers: ReduxReducer<State, Action>...
) -> ReduxReducer<State, Action> {
  ReduxReducer.sequence(reducers)
}
