/// An async thunk: like ``ThunkWithExtra``, but it may `await`, for work elsewhere (network,
/// disk). It runs where it is awaited (`nonisolated(nonsending)`), normally the store's actor, so
/// each `dispatch` inside it, after an `await` too, runs there.
///
/// ```swift
/// func loadTodos() -> AsyncThunkWithExtra<TodoState, TodoAction, TodoAPI, Int> {
///   AsyncThunkWithExtra { dispatch, getState, api in
///     for title in await api.fetchTitles() { dispatch(.add(title)) }
///     return getState().todos.count
///   }
/// }
/// ```
public struct AsyncThunkWithExtra<State, Action, Extra, Result> {
  @usableFromInline
  let body: nonisolated(nonsending) (ReduxStore<State, Action>, Extra) async -> Result

  /// Makes an async thunk from `(dispatch, getState, extra)`.
  ///
  /// ```swift
  /// let load = AsyncThunkWithExtra<Int, CounterAction, CounterAPI, Void> { dispatch, _, api in
  ///   dispatch(.add(await api.fetchStep()))
  /// }
  /// ```
  /// - Parameters:
  ///   - extra: The type of the extra argument, when the context does not say it.
  ///   - body: The work; it may await, dispatch, read the state and use the extra argument.
  public init(
    extra: Extra.Type = Extra.self,
    _ body:
      nonisolated(nonsending) @escaping (
        _ dispatch: (Action) -> Void, _ getState: () -> State, _ extra: Extra
      ) async -> Result
  ) {
    self.body = { store, extra in await body(store.dispatch, store.getState, extra) }
  }
}

extension AsyncThunkWithExtra {
  /// An async thunk that needs no extra argument, as a thunk of a store (or test store) whose
  /// thunks get `Extra`: it runs the same and ignores the extra argument.
  ///
  /// ```swift
  /// testStore.start(AsyncThunkWithExtra(fetchCount(from: api)))
  /// ```
  /// - Parameter thunk: The plain thunk.
  public init(_ thunk: AsyncThunk<State, Action, Result>) {
    body = { store, _ in await thunk.body(store, ()) }
  }
}

/// An async thunk that needs no extra argument.
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
public typealias AsyncThunk<State, Action, Result> = AsyncThunkWithExtra<State, Action, Void, Result>

extension AsyncThunkWithExtra where Extra == Void {
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
    self.body = { store, _ in await body(store.dispatch, store.getState) }
  }
}
