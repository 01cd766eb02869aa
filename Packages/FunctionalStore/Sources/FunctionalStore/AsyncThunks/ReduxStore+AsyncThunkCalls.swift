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
    AsyncThunkHost(store: self, caller: isolation).dispatch(call)
  }
}
