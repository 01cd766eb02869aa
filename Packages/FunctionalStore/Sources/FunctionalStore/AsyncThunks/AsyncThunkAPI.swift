/// What an async thunk's work reaches besides its argument: the store's `dispatch` and state,
/// and the call's id (Redux Toolkit's `thunkAPI`).
///
/// ```swift
/// let loadMore = createAsyncThunk("todos/loadMore", state: AppState.self) { (_: Void, api) in
///   let page = api.getState().todos.nextPage
///   return try await TitlesAPI.page(page)
/// }
/// ```
///
/// It belongs to the store's actor, where the work runs; cancellation is Swift's: the work's
/// task is cancelled with its request, so `try Task.checkCancellation()` or a cancellable
/// `await` (a URL session's, a clock's sleep) ends it.
public struct AsyncThunkAPI<State> {
  let store: ReduxStore<State, PayloadAction>
  /// The call's id, the one its lifecycle actions carry.
  public let requestID: Int

  /// Dispatches an action to the store.
  ///
  /// ```swift
  /// api.dispatch(Counter.incremented())
  /// ```
  /// - Parameter action: The action.
  public func dispatch(_ action: PayloadAction) {
    store.dispatch(action)
  }

  /// The store's state now.
  ///
  /// ```swift
  /// let page = api.getState().todos.nextPage
  /// ```
  /// - Returns: The state.
  public func getState() -> State {
    store.getState()
  }
}
