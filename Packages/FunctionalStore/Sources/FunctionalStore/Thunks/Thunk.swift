/// A function of `dispatch` and `getState` that you dispatch like an action, as with Redux
/// thunks. It runs at once, where the store lives, and its result is what `dispatch` returns.
///
/// Your `Action` type stays an enum: thunks are a separate kind of value that ``ReduxStore`` accepts
/// beside actions, and middlewares see only the actions the thunk dispatches.
///
/// ```swift
/// func incrementIfOdd() -> Thunk<Int, CounterAction, Bool> {
///   Thunk { dispatch, getState in
///     guard getState() % 2 != 0 else { return false }
///     dispatch(.increment)
///     return true
///   }
/// }
/// let didIncrement = store.dispatch(incrementIfOdd())
/// ```
///
/// Outside a dispatch, each `dispatch` inside the thunk runs at once, so `getState()` right after
/// it sees the result. Dispatched from a listener or middleware, its actions are queued.
public struct Thunk<State, Action, Result> {
  @usableFromInline let body: (ReduxStore<State, Action>) -> Result

  /// Makes a thunk from `(dispatch, getState)`.
  ///
  /// ```swift
  /// let double = Thunk<Int, CounterAction, Void> { dispatch, getState in
  ///   dispatch(.add(getState()))
  /// }
  /// ```
  /// - Parameter body: The work; it may dispatch, read the state and return a value.
  public init(
    _ body:
      @escaping (
        _ dispatch: (Action) -> Void, _ getState: () -> State
      ) -> Result
  ) {
    self.body = { store in body(store.dispatch, store.getState) }
  }
}

/// An async thunk: like ``Thunk``, but it may `await`, for work elsewhere (network, disk). It
/// runs where it is awaited (`nonisolated(nonsending)`), normally the store's actor, so each
/// `dispatch` inside it, after an `await` too, runs there.
///
/// ```swift
/// func fetchCount(from api: CounterAPI) -> AsyncThunk<Int, CounterAction, Int> {
///   AsyncThunk { dispatch, getState in
///     let step = await api.fetchStep()
///     dispatch(.add(step))
///     return getState()
///   }
/// }
/// let count = await store.dispatch(fetchCount(from: api))
/// ```
public struct AsyncThunk<State, Action, Result> {
  @usableFromInline let body: nonisolated(nonsending) (ReduxStore<State, Action>) async -> Result

  /// Makes an async thunk from `(dispatch, getState)`.
  ///
  /// ```swift
  /// let later = AsyncThunk<Int, CounterAction, Void> { dispatch, _ in
  ///   await Task.yield()
  ///   dispatch(.increment)
  /// }
  /// ```
  /// - Parameter body: The work; it may await, dispatch, read the state and return a value.
  public init(
    _ body:
      nonisolated(nonsending) @escaping (
        _ dispatch: (Action) -> Void, _ getState: () -> State
      ) async -> Result
  ) {
    self.body = { store in await body(store.dispatch, store.getState) }
  }
}
