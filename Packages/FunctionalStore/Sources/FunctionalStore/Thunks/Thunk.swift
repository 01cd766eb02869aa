/// A function of `dispatch`, `getState` and the store's extra argument (its dependencies,
/// Redux-thunk's `withExtraArgument`) that you dispatch like an action, as with Redux thunks. It
/// runs at once, where the store lives, and its result is what `dispatch` returns.
///
/// The extra argument's type is part of the thunk's: only a store made with an extra argument
/// of that type (``ReduxStoreWithExtra``) can dispatch it, and the compiler checks that. A thunk
/// that needs none is a ``Thunk``, the same type with `Void` for `Extra`, which any store takes.
///
/// Your `Action` type stays an enum: thunks are a separate kind of value that the store accepts
/// beside actions, and middlewares see only the actions the thunk dispatches.
///
/// ```swift
/// func addStep() -> ThunkWithExtra<Int, CounterAction, CounterAPI, Void> {
///   ThunkWithExtra { dispatch, _, api in dispatch(.add(api.step)) }
/// }
/// let store = createStore(reducer: counterReducer, initialState: 0, extraArgument: CounterAPI())
/// store.dispatch(addStep())
/// ```
///
/// Outside a dispatch, each `dispatch` inside the thunk runs at once, so `getState()` right after
/// it sees the result. Dispatched from a listener or middleware, its actions are queued.
public struct ThunkWithExtra<State, Action, Extra, Result> {
  @usableFromInline let body: (ReduxStore<State, Action>, Extra) -> Result

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
    self.body = { store, extra in body(store.dispatch, store.getState, extra) }
  }
}

extension ThunkWithExtra {
  /// A thunk that needs no extra argument, as a thunk of a store (or test store) whose thunks
  /// get `Extra`: it runs the same and ignores the extra argument.
  ///
  /// ```swift
  /// await testStore.dispatch(ThunkWithExtra(incrementIfOdd())) { $0 = 1 }
  /// ```
  /// - Parameter thunk: The plain thunk.
  public init(_ thunk: Thunk<State, Action, Result>) {
    body = { store, _ in thunk.body(store, ()) }
  }
}

/// A thunk that needs no extra argument: what most thunks are, and what every store takes.
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
public typealias Thunk<State, Action, Result> = ThunkWithExtra<State, Action, Void, Result>

extension ThunkWithExtra where Extra == Void {
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
    self.body = { store, _ in body(store.dispatch, store.getState) }
  }
}
