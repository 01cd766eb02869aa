/// The enhancer that runs middlewares around every dispatch, as Redux's `applyMiddleware`.
///
/// The chain is built once, when the store is created; the first middleware is outermost. A
/// middleware that dispatches while the chain is being built (from the outer functions of the
/// curried form) stops the program with a message saying so.
///
/// ```swift
/// let store = createStore(
///   reducer: counterReducer, initialState: 0, enhancer: applyMiddleware(logger, analytics))
/// ```
/// - Parameter middlewares: Outermost first.
/// - Returns: The enhancer.
@inlinable
public func applyMiddleware<State, Action>(
  _ middlewares: Middleware<State, Action>...
) -> StoreEnhancer<State, Action> {
  applyMiddleware(middlewares)
}

/// The enhancer that runs a list of middlewares around every dispatch, for lists built at run
/// time (`applyMiddleware(a, b)` is the same as `applyMiddleware([a, b])`).
///
/// ```swift
/// var middlewares = [logger]
/// #if DEBUG
///   middlewares.append(recorder.middleware)
/// #endif
/// let store = createStore(
///   reducer: counterReducer, initialState: 0, enhancer: applyMiddleware(middlewares))
/// ```
/// - Parameter middlewares: Outermost first.
/// - Returns: The enhancer.
@inlinable
public func applyMiddleware<State, Action>(
  _ middlewares: [Middleware<State, Action>]
) -> StoreEnhancer<State, Action> {
  { create in
    { reducer, initialState in
      let store = create(reducer, initialState)
      store.engine.installMiddlewares(middlewares)
      return store
    }
  }
}
