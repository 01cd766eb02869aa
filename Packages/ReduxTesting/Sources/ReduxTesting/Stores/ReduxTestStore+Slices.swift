public import FunctionalStore

extension ReduxTestStore where Action == PayloadAction {
  /// Dispatches a call of an async thunk and checks the change its `pending` action made; its
  /// `fulfilled` or `rejected` is then received (`receive(fetchTitles.fulfilled)`), and `finish()` fails while its work still runs.
  ///
  /// ```swift
  /// let store = ReduxTestStore(reducer: Titles.slice.reducer, initialState: TitlesState())
  /// let request = await store.dispatch(fetchTitles("milk")) { $0.isLoading = true }
  /// await store.receive(fetchTitles.fulfilled) {
  ///   $0.isLoading = false
  ///   $0.titles = ["milk"]
  /// }
  /// print(request.requestID)
  /// ```
  /// - Parameters:
  ///   - call: The call.
  ///   - update: How `pending` should have changed the expected state.
  ///   - fileID: The file a failure is reported in: the caller's; leave the default.
  ///   - filePath: That file's path; leave the default.
  ///   - line: The line a failure is reported at; leave the default.
  ///   - column: Its column; leave the default.
  /// - Returns: The request: its id, its `value`, and `cancel()`.
  @discardableResult
  public func dispatch<Argument, Value>(
    _ call: AsyncThunkCall<State, Argument, Value>,
    assert update: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) async -> AsyncThunkRequest<Argument, Value> {
    let request = await run(
      "dispatch(\(call.creator.typePrefix))", update: update,
      sourceLocation: TestLocation(fileID, filePath, line, column)
    ) { store.dispatch(call) }
    track { _ = try? await request.value }
    return request
  }
}

extension TestStoreBase where ReducedAction == PayloadAction {
  /// Waits for the next action of the type `creator` makes, whatever its payload (a request id
  /// the test cannot know, an error), and checks its change.
  ///
  /// ```swift
  /// let store = ReduxTestStore(reducer: Titles.slice.reducer, initialState: TitlesState())
  /// await store.dispatch(fetchTitles("")) { $0.isLoading = true }
  /// await store.receive(fetchTitles.rejected) {
  ///   $0.isLoading = false
  ///   $0.failure = "no query"
  /// }
  /// ```
  /// - Parameters:
  ///   - creator: The creator of the action expected.
  ///   - timeout: How long to wait for it; the test store's timeout by default.
  ///   - update: How the action should have changed the expected state.
  ///   - fileID: The file a failure is reported in: the caller's; leave the default.
  ///   - filePath: That file's path; leave the default.
  ///   - line: The line a failure is reported at; leave the default.
  ///   - column: Its column; leave the default.
  public func receive<Payload>(
    _ creator: ActionCreator<Payload>, timeout: Duration? = nil,
    assert update: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) async {
    await core.receive(
      "an action of type \(creator.type.name)", matching: { creator ~= $0 }, timeout: timeout,
      update: update, sourceLocation: TestLocation(fileID, filePath, line, column))
  }
}
