import ReduxCore

extension ReduxStore where Action == PayloadAction {
  /// Dispatches a call of an async thunk: checks its condition, dispatches `pending`, and starts
  /// the work on the store's actor, which dispatches `fulfilled` or `rejected` when it ends.
  ///
  /// ```swift
  /// let request = titlesStore.dispatch(fetchTitles("milk"))
  /// let titles = try await request.value
  /// ```
  /// - Parameters:
  ///   - call: The call, `fetchTitles("milk")`.
  ///   - isolation: The caller's actor; leave the default. A store that has no actor of its own
  ///     takes this one.
  /// - Returns: The request: its id, its `value`, and `cancel()`.
  @discardableResult
  public func dispatch<Argument, Value>(
    _ call: AsyncThunkCall<State, Argument, Value>, isolation: (any Actor)? = #isolation
  ) -> AsyncThunkRequest<Argument, Value> {
    let creator = call.creator
    let requestID = AsyncThunkRequestIDs.next()
    if let condition = creator.condition, !condition(call.argument, getState()) {
      return .skipped(requestID, call.argument, typePrefix: creator.typePrefix)
    }
    let stop = FunctionalProgrammerError.noHomeForAsyncThunk
    guard let home = engine.homeForAsyncWork(settlingOn: isolation, otherwise: stop).actor else { stop() }
    let request = AsyncThunkRequest<Argument, Value>(requestID: requestID, argument: call.argument)
    dispatch(creator.pending(AsyncThunkPending(requestID: requestID, argument: call.argument)))
    request.start(creator, store: self, on: home)
    return request
  }
}

/// The ids of async thunk calls: one sequence for the process, so no two calls share one.
enum AsyncThunkRequestIDs {
  private static let last = Locked(0)

  static func next() -> Int {
    last.withLock { last in
      last += 1
      return last
    }
  }
}
