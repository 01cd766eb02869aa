/// A thunk that also receives the store's extra argument (its dependencies, Redux-thunk's
/// `withExtraArgument`), typed: only a store made with an extra argument of that type can
/// dispatch it, and the compiler checks that.
///
/// ```swift
/// func addStep() -> ThunkWithExtra<Int, CounterAction, CounterAPI, Void> {
///   ThunkWithExtra { dispatch, _, api in dispatch(.add(api.step)) }
/// }
/// let store = createStore(reducer: counterReducer, initialState: 0, extraArgument: CounterAPI())
/// store.dispatch(addStep())
/// ```
public struct ThunkWithExtra<State, Action, Extra, Result> {
  @usableFromInline let body: (ReduxStoreWithExtra<State, Action, Extra>) -> Result

  /// Makes a thunk from `(dispatch, getState, extra)`.
  ///
  /// ```swift
  /// let addStep = ThunkWithExtra<Int, CounterAction, CounterAPI, Void> { dispatch, _, api in
  ///   dispatch(.add(api.step))
  /// }
  /// ```
  /// - Parameters:
  ///   - extra: The type of the extra argument, when the context does not say it.
  ///   - body: The work; it may dispatch, read the state, use the extra argument and return a
  ///     value.
  public init(
    extra: Extra.Type = Extra.self,
    _ body:
      @escaping (
        _ dispatch: (Action) -> Void, _ getState: () -> State, _ extra: Extra
      ) -> Result
  ) {
    self.body = { store in body(store.dispatch, store.getState, store.extraArgument) }
  }
}

/// An async thunk that also receives the store's extra argument, typed as for
/// ``ThunkWithExtra``.
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
  let body: nonisolated(nonsending) (ReduxStoreWithExtra<State, Action, Extra>) async -> Result

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
    self.body = { store in await body(store.dispatch, store.getState, store.extraArgument) }
  }
}
