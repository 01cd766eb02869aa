/// A pure function that applies an action to the state.
///
/// Write it in place, which never copies the state:
///
/// ```swift
/// let counter = ReduxReducer<Int, CounterAction> { count, action in
///   switch action {
///   case .increment: count += 1
///   case .decrement: count -= 1
///   case .add(let amount): count += amount
///   }
/// }
/// ```
///
/// or in Redux's `(state, action) -> newState` form, which is convenient for small states but
/// copies a large one on every action (the store still holds the old value while yours is built):
///
/// ```swift
/// let counter = ReduxReducer<Int, CounterAction>(returning: { count, action in
///   action == .increment ? count + 1 : count - 1
/// })
/// ```
///
/// A reducer must not dispatch, read the store or subscribe: the store stops with a message if it
/// does. Reducers are `Sendable`, so they can be global constants.
public struct ReduxReducer<State, Action>: Sendable {
  /// Applies an action to the state in place.
  public let reduce: @Sendable (inout State, Action) -> Void

  /// Makes a reducer that changes the state in place.
  ///
  /// ```swift
  /// let counter = ReduxReducer<Int, CounterAction> { count, action in count += 1 }
  /// ```
  /// - Parameter reduce: Applies an action to the state.
  public init(_ reduce: @escaping @Sendable (inout State, Action) -> Void) {
    self.reduce = reduce
  }

  /// Makes a reducer from Redux's `(state, action) -> newState` form.
  ///
  /// ```swift
  /// let counter = ReduxReducer<Int, CounterAction>(returning: { count, _ in count + 1 })
  /// ```
  /// - Parameter reduce: Returns the state after the action.
  public init(returning reduce: @escaping @Sendable (State, Action) -> State) {
    self.reduce = { state, action in state = reduce(state, action) }
  }

  /// The state after `action`, as Redux calls a reducer (`reducer(state, action)`): for tests
  /// and code that keep states as values. `state` itself is left as it was.
  ///
  /// ```swift
  /// let next = counterReducer(0, .increment)  // 1
  /// ```
  /// - Parameters:
  ///   - state: The state before the action.
  ///   - action: The action.
  /// - Returns: The state after it.
  public func callAsFunction(_ state: State, _ action: Action) -> State {
    var next = state
    reduce(&next, action)
    return next
  }
}

extension ReduxReducer {
  /// Runs several reducers in order; each sees every action and the state the previous one left.
  ///
  /// ```swift
  /// let neverNegative = ReduxReducer<Int, CounterAction> { count, _ in count = max(count, 0) }
  /// let app = ReduxReducer.sequence([counterReducer, neverNegative])
  /// ```
  /// - Parameter reducers: Run first to last.
  /// - Returns: One reducer.
  public static func sequence(_ reducers: [ReduxReducer]) -> ReduxReducer {
    if reducers.count == 1 { return reducers[0] }
    return ReduxReducer { state, action in
      for reducer in reducers { reducer.reduce(&state, action) }
    }
  }

  /// Lifts a reducer of one part of the state to the whole state.
  ///
  /// ```swift
  /// let todos: ReduxReducer<AppState, AppAction> = .slice(\.todos, todosReducer)
  /// ```
  /// - Parameters:
  ///   - keyPath: Where the part lives in the state.
  ///   - reducer: The part's reducer; it sees every action.
  /// - Returns: A reducer of the whole state that changes only that part, in place.
  public static func slice<Slice>(
    _ keyPath: any WritableKeyPath<State, Slice> & Sendable, _ reducer: ReduxReducer<Slice, Action>
  ) -> ReduxReducer {
    ReduxReducer { state, action in reducer.reduce(&state[keyPath: keyPath], action) }
  }
}
