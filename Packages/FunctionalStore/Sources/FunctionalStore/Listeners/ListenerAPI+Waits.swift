extension ListenerAPI where State: Sendable, Action: Sendable {
  /// Waits for the next action `predicate` accepts, given the action and the states after and
  /// before it (Redux Toolkit's `take`): a run that goes on over several actions, as a wizard
  /// or a login flow does.
  ///
  /// ```swift
  /// listeners.startListening(for: Search.queryChanged) { query, api in
  ///   let answered = try await api.take(
  ///     { action, _, _ in Search.resultsArrived ~= action }, timeout: .seconds(5))
  ///   print(answered == nil ? "no results for \(query) in 5 s" : "results for \(query)")
  /// }
  /// ```
  ///
  /// Only actions dispatched after the call count. The run waits on the store's actor; it
  /// ends with `CancellationError` when the run is cancelled (its mode, or
  /// ``cancelActiveListeners()``) or its store goes.
  /// - Parameters:
  ///   - predicate: `(action, state, previousState)`: whether this is the action to wait for.
  ///   - timeout: How long to wait at most; `nil` (the default) waits as long as it takes.
  ///   - clock: What measures the timeout; a test passes a `TestClock` and advances it.
  /// - Returns: The action with the states after and before it; `nil` once `timeout` passed.
  nonisolated(nonsending) public func take(
    _ predicate: @escaping (Action, State, State) -> Bool, timeout: Duration? = nil,
    clock: any Clock<Duration> = ContinuousClock()
  ) async throws -> TakenAction<State, Action>? {
    let wait = ListenerWait<State, Action>()
    // Registered here, on the store's actor, before the run suspends: no action can come between.
    // The runs are not held while the run waits: when the store goes, they cancel it.
    do {
      guard let runs = runs.runs else { throw CancellationError() }
      runs.addWait { action, after, before in
        if wait.hasEnded { return true }
        guard predicate(action, after, before) else { return false }
        wait.finish(with: TakenAction(action: action, state: after, previousState: before))
        return true
      }
    }
    let taken = await wait.value(timeout: timeout, clock: clock)
    try Task.checkCancellation()
    return taken
  }

  /// Waits until an action makes `predicate` true (Redux Toolkit's `condition`).
  ///
  /// ```swift
  /// listeners.startListening(for: Search.queryChanged) { _, api in
  ///   let emptied = try await api.condition({ _, state, _ in state.query.isEmpty }, timeout: .seconds(30))
  ///   if emptied { api.dispatch(Search.resultsArrived([])) }
  /// }
  /// ```
  /// - Parameters:
  ///   - predicate: `(action, state, previousState)`, asked after each later action.
  ///   - timeout: How long to wait at most; `nil` (the default) waits as long as it takes.
  ///   - clock: What measures the timeout.
  /// - Returns: `true` once an action made it true; `false` when `timeout` passed first.
  nonisolated(nonsending) public func condition(
    _ predicate: @escaping (Action, State, State) -> Bool, timeout: Duration? = nil,
    clock: any Clock<Duration> = ContinuousClock()
  ) async throws -> Bool {
    try await take(predicate, timeout: timeout, clock: clock) != nil
  }
}

extension ListenerAPI where State: Sendable, Action == PayloadAction {
  /// Waits for the next action of the type `creator` makes, and returns its payload.
  ///
  /// ```swift
  /// listeners.startListening(for: Search.queryChanged) { query, api in
  ///   if let results = try await api.take(Search.resultsArrived, timeout: .seconds(5)) {
  ///     print("\(results.count) results for \(query)")
  ///   }
  /// }
  /// ```
  /// - Parameters:
  ///   - creator: The creator of the action to wait for.
  ///   - timeout: How long to wait at most; `nil` (the default) waits as long as it takes.
  ///   - clock: What measures the timeout.
  /// - Returns: The payload; `nil` once `timeout` passed.
  nonisolated(nonsending) public func take<Payload>(
    _ creator: ActionCreator<Payload>, timeout: Duration? = nil,
    clock: any Clock<Duration> = ContinuousClock()
  ) async throws -> Payload? {
    let taken = try await take({ action, _, _ in creator ~= action }, timeout: timeout, clock: clock)
    return taken.flatMap { creator.match($0.action) }
  }
}
