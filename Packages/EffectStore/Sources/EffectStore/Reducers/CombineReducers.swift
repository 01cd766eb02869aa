/// Builds a list of reducers that run in order for every action, each on the state the previous
/// one left; their effects are merged.
@resultBuilder
public enum ReducerBuilder<State, Action> {
  /// Collects the reducers written in the block.
  public static func buildBlock(_ reducers: any Reducer<State, Action>...) -> [any Reducer<State, Action>] {
    reducers
  }

  /// Keeps a reducer that an `if` included.
  public static func buildOptional(_ reducers: [any Reducer<State, Action>]?) -> [any Reducer<State, Action>]
  {
    reducers ?? []
  }

  /// Keeps the reducers of the branch an `if`/`else` took.
  public static func buildEither(first reducers: [any Reducer<State, Action>]) -> [any Reducer<State, Action>]
  {
    reducers
  }

  /// Keeps the reducers of the branch an `if`/`else` took.
  public static func buildEither(second reducers: [any Reducer<State, Action>]) -> [any Reducer<
    State, Action
  >] {
    reducers
  }

  /// Flattens nested lists.
  public static func buildBlock(_ lists: [any Reducer<State, Action>]...) -> [any Reducer<State, Action>] {
    lists.flatMap { $0 }
  }

  /// Wraps one reducer.
  public static func buildExpression(_ reducer: some Reducer<State, Action>) -> [any Reducer<State, Action>] {
    [reducer]
  }
}

/// Runs several reducers in order for every action and merges their effects: how a feature is
/// built from its parts.
///
/// ```swift
/// let app = CombineReducers<AppState, AppAction> {
///   Scope(state: \.counter, action: AppAction.counterAction, embed: AppAction.counter) { Counter() }
///   Reduce { state, action in
///     if case .counter(.increment) = action { state.log.append("incremented") }
///     return .none
///   }
/// }
/// ```
public struct CombineReducers<State, Action>: Reducer {
  @usableFromInline let reducers: [any Reducer<State, Action>]

  /// Combines the reducers written in the block, run in that order.
  ///
  /// ```swift
  /// CombineReducers<AppState, AppAction> { first; second }
  /// ```
  /// - Parameter build: The reducers.
  public init(@ReducerBuilder<State, Action> _ build: () -> [any Reducer<State, Action>]) {
    reducers = build()
  }

  /// Runs each reducer in order and merges their effects.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    var effects: [Effect<Action>] = []
    for reducer in reducers {
      let effect = reducer.reduce(into: &state, action: action)
      if !effect.isNone { effects.append(effect) }
    }
    return .merge(effects)
  }
}
