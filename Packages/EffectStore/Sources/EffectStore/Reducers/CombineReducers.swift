/// Runs several reducers in order for every action and merges their effects: how a feature is
/// built from its parts.
///
/// ```swift
/// let app = CombineReducers<AppState, AppAction> {
///   Scope(state: \.counter, action: AppAction.counter) {
///     if case .counter(let action) = $0 { action } else { nil }
///   } child: {
///     Counter()
///   }
///   Reduce { state, action in
///     if case .counter(.increment) = action { state.log.append("incremented") }
///     return .none
///   }
/// }
/// ```
public struct CombineReducers<State, Action>: Reducer {
  /// The built reducers, behind one function: one call per action, no existential.
  @usableFromInline let run: (inout State, Action) -> Effect<Action>

  /// Combines the reducers written in the block, run in that order.
  ///
  /// ```swift
  /// CombineReducers<CounterState, CounterAction> { Counter(); Reduce { state, _ in state.isLoading = false; return .none } }
  /// ```
  /// - Parameter build: The reducers.
  @inlinable
  public init<Body: Reducer>(@ReducerBuilder<State, Action> _ build: () -> Body)
  where Body.State == State, Body.Action == Action {
    let body = build()
    run = { state, action in body.reduce(into: &state, action: action) }
  }

  /// Runs each reducer in order and merges their effects.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    run(&state, action)
  }
}
