/// What an async thunk's work reaches besides its argument: the store's `dispatch` and state,
/// and the call's id (Redux Toolkit's `thunkAPI`).
///
/// ```swift
/// let loadMore = createAsyncThunk("titles/loadMore", state: TitlesState.self) { (_: Void, api) in
///   let page = api.getState().nextPage
///   return try await TitlesAPI.page(page)
/// }
/// ```
///
/// It belongs to the store's actor, where the work runs; cancellation is Swift's: the work's
/// task is cancelled with its request, so `try Task.checkCancellation()` or a cancellable
/// `await` (a URL session's, a clock's sleep) ends it.
public struct AsyncThunkAPI<State> {
  let host: AsyncThunkHost<State>
  /// The call's id, the one its lifecycle actions carry.
  public let requestID: Int

  /// Dispatches an action to the store.
  ///
  /// ```swift
  /// let searchAgain = createAsyncThunk("titles/searchAgain", state: TitlesState.self) { (query: String, api) in
  ///   api.dispatch(Titles.cleared())
  ///   return try await TitlesAPI.search(query)
  /// }
  /// ```
  /// - Parameter action: The action.
  public func dispatch(_ action: PayloadAction) {
    host.dispatch(action)
  }

  /// Dispatches a call of another async thunk, as the store's `dispatch` does.
  ///
  /// ```swift
  /// let refreshThenSearch = createAsyncThunk("titles/refreshThenSearch", state: TitlesState.self) {
  ///   (query: String, api) in
  ///   _ = try await api.dispatch(refreshTitles()).value
  ///   return try await TitlesAPI.search(query)
  /// }
  /// ```
  /// - Parameter call: The call.
  /// - Returns: Its request.
  @discardableResult
  public func dispatch<Argument, Value>(
    _ call: AsyncThunkCall<State, Argument, Value>
  ) -> AsyncThunkRequest<Argument, Value> {
    host.dispatch(call)
  }

  /// The store's state now.
  ///
  /// ```swift
  /// let nextPage = createAsyncThunk("titles/nextPage", state: TitlesState.self) { (_: Void, api) in
  ///   try await TitlesAPI.page(api.getState().nextPage)
  /// }
  /// ```
  /// - Returns: The state.
  public func getState() -> State {
    host.getState()
  }
}
