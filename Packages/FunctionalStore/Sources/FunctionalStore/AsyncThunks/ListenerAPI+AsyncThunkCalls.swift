extension ListenerAPI where Action == PayloadAction {
  /// Dispatches a call of an async thunk, as the store's `dispatch` does (Redux Toolkit's
  /// `listenerApi.dispatch(thunk)`): its condition is checked, `pending` is dispatched at once,
  /// and the work runs on the store's actor, apart from this run.
  ///
  /// ```swift
  /// listeners.startListening(for: Search.queryChanged) { query, api in
  ///   let results = try await api.dispatch(searchTitles(query)).value
  ///   print("\(results.count) titles for \(query)")
  /// }
  /// ```
  ///
  /// A run that was cancelled dispatches nothing, calls included: the request it gets back has
  /// dispatched no action, and its `value` throws `CancellationError`. A call that was started
  /// is not cancelled with the run that started it; cancel its request for that.
  /// - Parameter call: The call, `searchTitles("milk")`.
  /// - Returns: The request: its id, its `value`, and `cancel()`.
  @discardableResult
  public func dispatch<Argument, Value>(
    _ call: AsyncThunkCall<State, Argument, Value>
  ) -> AsyncThunkRequest<Argument, Value> {
    guard !Task.isCancelled else {
      return .ended(AsyncThunkRequestIDs.next(), call.argument, with: CancellationError())
    }
    return AsyncThunkHost(context: context, extra: extra).dispatch(call)
  }
}
