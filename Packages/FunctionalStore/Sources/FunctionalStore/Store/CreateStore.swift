/// Makes a store from a reducer and an initial state, optionally enhanced (for example with
/// ``applyMiddleware(_:)``).
///
/// ```swift
/// let store = createStore(
///   reducer: counterReducer,
///   initialState: 0,
///   enhancer: applyMiddleware(logger)
/// )
/// store.dispatch(.increment)
/// ```
/// - Parameters:
///   - reducer: Applies each action.
///   - initialState: The state before any action.
///   - enhancer: Wraps store creation; compose several with ``compose(_:)``.
///   - extraArgument: Handed to thunks that ask for it (see ``Thunk``).
/// - Returns: The store.
@MainActor
public func createStore<State, Action>(
  reducer: ReduxReducer<State, Action>,
  initialState: State,
  enhancer: StoreEnhancer<State, Action>? = nil,
  extraArgument: (any Sendable)? = nil
) -> ReduxStore<State, Action> {
  let create: StoreCreator<State, Action> = { reducer, initialState in
    ReduxStore(reducer: reducer, initialState: initialState, extraArgument: extraArgument)
  }
  return (enhancer.map { $0(create) } ?? create)(reducer, initialState)
}

/// Makes a store from an initial state and a list of reducers; each reducer sees every action,
/// in the order given.
///
/// ```swift
/// let store = createStore(initialState: AppState(), reducers: [todosReducer, statsReducer])
/// ```
/// - Parameters:
///   - initialState: The state before any action.
///   - reducers: Run in order for every action.
///   - enhancer: Wraps store creation.
///   - extraArgument: Handed to thunks that ask for it.
/// - Returns: The store.
@MainActor
public func createStore<State, Action>(
  initialState: State,
  reducers: [ReduxReducer<State, Action>],
  enhancer: StoreEnhancer<State, Action>? = nil,
  extraArgument: (any Sendable)? = nil
) -> ReduxStore<State, Action> {
  createStore(
    reducer: .sequence(reducers), initialState: initialState, enhancer: enhancer,
    extraArgument: extraArgument)
}
