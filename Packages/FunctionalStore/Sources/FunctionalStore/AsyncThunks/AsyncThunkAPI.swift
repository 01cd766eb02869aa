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

  /// The thunk's dependencies (Redux Toolkit's `thunkAPI.extra`): the extra argument of the
  /// store it was dispatched to (`createStore(…, extraArgument:)`), or, dispatched from a
  /// listener, its `ListenerMiddleware`'s extra; `nil` where there is none.
  ///
  /// ```swift
  /// let searchWithService = createAsyncThunk("titles/searchWithService", state: TitlesState.self) {
  ///   (query: String, api) in try await api.extra(as: TitlesService.self).results(for: query)
  /// }
  /// ```
  public var extra: Any? { host.extra }

  /// ``extra`` as the type the store was made with; stops with a message when there is none or
  /// it has another type, a mistake in the app's code.
  ///
  /// ```swift
  /// let searchWithService = createAsyncThunk("titles/searchWithService", state: TitlesState.self) {
  ///   (query: String, api) in try await api.extra(as: TitlesService.self).results(for: query)
  /// }
  /// ```
  /// - Parameter type: The type of the store's extra argument.
  /// - Returns: The extra value.
  public func extra<Extra>(as type: Extra.Type) -> Extra {
    typedExtra(host.extra)
  }
}

/// What an async thunk's `condition` reads (Redux Toolkit's `{ getState, extra }`): the state,
/// whose properties it reads as its own (`state.titles`), and the thunk's dependencies, as the
/// call is dispatched.
///
/// ```swift
/// let loadIfOnline = createAsyncThunk(
///   "titles/loadIfOnline", state: TitlesState.self,
///   condition: { (_: String, api) in api.extra(as: TitlesService.self).isOnline && api.titles.isEmpty }
/// ) { query, _ in try await TitlesAPI.search(query) }
/// ```
///
/// A property of the state named `extra` is read with `getState().extra`.
@dynamicMemberLookup
public struct AsyncThunkConditionAPI<State> {
  private let readState: () -> State
  /// The thunk's dependencies, as ``AsyncThunkAPI/extra`` has them; `nil` where there are none.
  public let extra: Any?

  init(getState: @escaping () -> State, extra: Any?) {
    readState = getState
    self.extra = extra
  }

  /// The store's state as the call is dispatched.
  ///
  /// ```swift
  /// let loadOnce = createAsyncThunk(
  ///   "titles/loadOnce", state: TitlesState.self,
  ///   condition: { (_: String, api) in api.getState().titles.isEmpty }
  /// ) { query, _ in try await TitlesAPI.search(query) }
  /// ```
  /// - Returns: The state.
  public func getState() -> State { readState() }

  /// A property of the state, read as the call is dispatched: `state.titles`.
  ///
  /// ```swift
  /// let loadOnce = createAsyncThunk(
  ///   "titles/loadOnce", state: TitlesState.self, condition: { (_: String, state) in state.titles.isEmpty }
  /// ) { query, _ in try await TitlesAPI.search(query) }
  /// ```
  public subscript<Value>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
    readState()[keyPath: keyPath]
  }

  /// ``extra`` as the type the store was made with; stops with a message when there is none or
  /// it has another type.
  ///
  /// ```swift
  /// let loadIfOnline = createAsyncThunk(
  ///   "titles/loadIfOnline", state: TitlesState.self,
  ///   condition: { (_: String, api) in api.extra(as: TitlesService.self).isOnline }
  /// ) { query, _ in try await TitlesAPI.search(query) }
  /// ```
  /// - Parameter type: The type of the store's extra argument.
  /// - Returns: The extra value.
  public func extra<Extra>(as type: Extra.Type) -> Extra { typedExtra(extra) }
}

/// `extra` as `Extra`, or a stop that says where an extra value of that type comes from.
private func typedExtra<Extra>(_ extra: Any?) -> Extra {
  guard let typed = extra as? Extra else { FunctionalProgrammerError.thunkExtra(extra, isNot: Extra.self) }
  return typed
}
