extension StateSlice {
  /// Declares an async thunk owned by the slice, with the slice's reducers of its lifecycle
  /// (Redux Toolkit's `create.asyncThunk` in `createSlice`'s reducers): its actions are
  /// `"<slice>/<name>/pending"`, `/fulfilled` and `/rejected`, and the slice applies each as one
  /// of its own cases, `settled` after `fulfilled` or `rejected`.
  ///
  /// ```swift
  /// enum Titles {
  ///   static let slice = StateSlice<TitlesState>(name: "titles")
  ///   static let fetch = slice.asyncThunk(
  ///     "fetch", state: TitlesState.self,
  ///     pending: { state, _ in state.isLoading = true },
  ///     fulfilled: { state, done in state.titles = done.value },
  ///     settled: { state in state.isLoading = false }
  ///   ) { (query: String, _) in try await TitlesAPI.search(query) }
  /// }
  /// ```
  ///
  /// The thunk is an ``AsyncThunkCreator`` like any other: dispatch its calls, match its
  /// lifecycle, react to it in other slices.
  /// - Parameters:
  ///   - name: The thunk's name in the slice.
  ///   - state: The state of the store it is dispatched to (the app's, when the slice is one
  ///     field of it).
  ///   - condition: Whether to run a call, as for ``createAsyncThunk(_:state:condition:dispatchConditionRejection:idGenerator:_:)``.
  ///   - dispatchConditionRejection: Whether a call its condition skips dispatches `rejected`.
  ///   - idGenerator: Makes a call's request id from its argument.
  ///   - pending: Runs on its `pending` action.
  ///   - fulfilled: Runs on its `fulfilled` action.
  ///   - rejected: Runs on its `rejected` action (a cancelled or skipped call included).
  ///   - settled: Runs after `fulfilled` or `rejected`.
  ///   - work: The request, as for ``createAsyncThunk(_:state:condition:dispatchConditionRejection:idGenerator:_:)``.
  /// - Returns: The thunk's creator.
  public func asyncThunk<ThunkState, Argument: Sendable, Value: Sendable>(
    _ name: String,
    state: ThunkState.Type = ThunkState.self,
    condition: (@Sendable (Argument, AsyncThunkConditionAPI<ThunkState>) -> Bool)? = nil,
    dispatchConditionRejection: Bool = false,
    idGenerator: (@Sendable (Argument) -> Int)? = nil,
    pending: (@Sendable (inout State, AsyncThunkPending<Argument>) -> Void)? = nil,
    fulfilled: (@Sendable (inout State, AsyncThunkFulfilled<Argument, Value>) -> Void)? = nil,
    rejected: (@Sendable (inout State, AsyncThunkRejected<Argument>) -> Void)? = nil,
    settled: (@Sendable (inout State) -> Void)? = nil,
    _ work:
      nonisolated(nonsending) @escaping @Sendable (Argument, AsyncThunkAPI<ThunkState>) async throws -> Value
  ) -> AsyncThunkCreator<ThunkState, Argument, Value> {
    AsyncThunkCreator(
      typePrefix: typeName(name),
      pending: caseReducer("\(name)/pending") { state, started in pending?(&state, started) },
      fulfilled: caseReducer("\(name)/fulfilled") { state, done in
        fulfilled?(&state, done)
        settled?(&state)
      },
      rejected: caseReducer("\(name)/rejected") { state, failure in
        rejected?(&state, failure)
        settled?(&state)
      },
      condition: condition, dispatchesSkippedCalls: dispatchConditionRejection, idGenerator: idGenerator,
      work: work)
  }
}
