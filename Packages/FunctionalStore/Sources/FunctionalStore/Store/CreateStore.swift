/// Makes a store from a reducer and an initial state, optionally enhanced (for example with
/// ``applyMiddleware(_:)-(Middleware<State,Action>...)``).
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
///   - isolation: Where the store lives; leave the default, the caller's actor.
/// - Returns: The store.
@inlinable
public func createStore<State, Action>(
  reducer: ReduxReducer<State, Action>,
  initialState: State,
  enhancer: StoreEnhancer<State, Action>? = nil,
  isolation: (any Actor)? = #isolation
) -> ReduxStore<State, Action> {
  let create: StoreCreator<State, Action> = { reducer, initialState in
    ReduxStore(reducer: reducer, initialState: initialState, isolation: isolation)
  }
  return (enhancer.map { $0(create) } ?? create)(reducer, initialState)
}

/// Makes a store whose thunks receive an extra argument (Redux-thunk's `withExtraArgument`),
/// typically the app's dependencies. The argument's type is part of the store's type, so only
/// thunks that ask for that type (``ThunkWithExtra``, ``AsyncThunkWithExtra``) compile with it.
///
/// ```swift
/// let store = createStore(reducer: todoReducer, initialState: TodoState(), extraArgument: TodoAPI())
/// let loaded = await store.dispatch(loadTodos())
/// ```
/// - Parameters:
///   - reducer: Applies each action.
///   - initialState: The state before any action.
///   - enhancer: Wraps store creation; it must return the store that the creator it was given
///     made (as ``applyMiddleware(_:)-(Middleware<State,Action>...)`` does).
///   - extraArgument: Handed to every thunk that asks for it.
///   - isolation: Where the store lives; leave the default, the caller's actor.
/// - Returns: The store.
@inlinable
public func createStore<State, Action, Extra>(
  reducer: ReduxReducer<State, Action>,
  initialState: State,
  enhancer: StoreEnhancer<State, Action>? = nil,
  extraArgument: Extra,
  isolation: (any Actor)? = #isolation
) -> ReduxStoreWithExtra<State, Action, Extra> {
  let create: StoreCreator<State, Action> = { reducer, initialState in
    ReduxStoreWithExtra(
      reducer: reducer, initialState: initialState, extraArgument: extraArgument, isolation: isolation)
  }
  let store = (enhancer.map { $0(create) } ?? create)(reducer, initialState)
  guard let withExtra = store as? ReduxStoreWithExtra<State, Action, Extra> else {
    FunctionalProgrammerError.enhancerReplacedTheStore()
  }
  return withExtra
}

/// Makes a store from an initial state and a list of reducers; each reducer sees every action,
/// in the order given.
///
/// ```swift
/// let store = createStore(initialState: AppState(), reducers: [.slice(\.todos, todosReducer), statsReducer])
/// ```
/// - Parameters:
///   - initialState: The state before any action.
///   - reducers: Run in order for every action.
///   - enhancer: Wraps store creation.
///   - isolation: Where the store lives; leave the default, the caller's actor.
/// - Returns: The store.
@inlinable
public func createStore<State, Action>(
  initialState: State,
  reducers: [ReduxReducer<State, Action>],
  enhancer: StoreEnhancer<State, Action>? = nil,
  isolation: (any Actor)? = #isolation
) -> ReduxStore<State, Action> {
  createStore(
    reducer: .sequence(reducers), initialState: initialState, enhancer: enhancer, isolation: isolation)
}

/// Makes a store from an initial state and a list of reducers, with an extra argument for its
/// thunks.
///
/// ```swift
/// let store = createStore(initialState: AppState(), reducers: [.slice(\.todos, todosReducer)], extraArgument: api)
/// ```
/// - Parameters:
///   - initialState: The state before any action.
///   - reducers: Run in order for every action.
///   - enhancer: Wraps store creation.
///   - extraArgument: Handed to every thunk that asks for it.
///   - isolation: Where the store lives; leave the default, the caller's actor.
/// - Returns: The store.
@inlinable
public func createStore<State, Action, Extra>(
  initialState: State,
  reducers: [ReduxReducer<State, Action>],
  enhancer: StoreEnhancer<State, Action>? = nil,
  extraArgument: Extra,
  isolation: (any Actor)? = #isolation
) -> ReduxStoreWithExtra<State, Action, Extra> {
  createStore(
    reducer: .sequence(reducers), initialState: initialState, enhancer: enhancer,
    extraArgument: extraArgument, isolation: isolation)
}
