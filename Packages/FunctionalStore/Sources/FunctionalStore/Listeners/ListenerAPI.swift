/// What a listener's effect reaches besides the action: the store's `dispatch` and state, and
/// its own listener (Redux Toolkit's `listenerApi`).
///
/// ```swift
/// listeners.startListening(for: Search.queryChanged) { query, api in
///   api.dispatch(Search.resultsArrived(try await SearchAPI.results(for: query)))
///   api.unsubscribe()  // once is enough
/// }
/// ```
///
/// It belongs to the store's actor, where the effect runs. A run that was cancelled (by a later
/// match under `.latest` or `.debounce`, or by ``cancelActiveListeners()``) dispatches nothing:
/// its `dispatch` drops the action (or the async thunk's call), so a stale result never reaches
/// the store.
public struct ListenerAPI<State, Action> {
  let context: MiddlewareContext<State, Action>
  let listener: ListenerEntry<State, Action>
  let runs: WeakRuns<State, Action>
  /// This run's number among the store's listener runs.
  let runID: Int
  /// The state before the action that started this run.
  let originalState: State
  /// What the middleware was made with for its effects (Redux Toolkit's `listenerApi.extra`):
  /// the app's services, a client, anything the effects share; `nil` when it was made without.
  ///
  /// ```swift
  /// let listeners = ListenerMiddleware<SearchState, PayloadAction>(extra: SearchService())
  /// listeners.startListening(for: Search.queryChanged) { query, api in
  ///   let service = api.extra(as: SearchService.self)
  ///   api.dispatch(Search.resultsArrived(try await service.results(for: query)))
  /// }
  /// ```
  public let extra: (any Sendable)?

  /// ``extra`` as the type the middleware was made with; stops with a message when it was made
  /// with none or with another type, a mistake in the app's code.
  ///
  /// ```swift
  /// listeners.startListening(for: Search.queryChanged) { query, api in
  ///   let results = try await api.extra(as: SearchService.self).results(for: query)
  ///   api.dispatch(Search.resultsArrived(results))
  /// }
  /// ```
  /// - Parameter type: The type given to ``ListenerMiddleware/init(extra:onError:isolation:)``.
  /// - Returns: The extra value.
  public func extra<Extra>(as type: Extra.Type) -> Extra {
    guard let typed = extra as? Extra else {
      FunctionalProgrammerError.listenerExtra(extra, isNot: Extra.self)
    }
    return typed
  }

  /// Dispatches an action to the store, unless this run was cancelled.
  ///
  /// ```swift
  /// listeners.startListening(for: Search.queryChanged) { _, api in
  ///   api.dispatch(Search.resultsArrived([]))
  /// }
  /// ```
  /// - Parameter action: The action.
  public func dispatch(_ action: Action) {
    guard !Task.isCancelled else { return }
    context.dispatch(action)
  }

  /// The store's state now.
  ///
  /// ```swift
  /// listeners.startListening(for: Search.queryChanged) { _, api in
  ///   print(api.getState().query)
  /// }
  /// ```
  /// - Returns: The state.
  public func getState() -> State {
    context.getState()
  }

  /// The state before the action that started this run (Redux Toolkit's
  /// `listenerApi.getOriginalState()`): what the action changed is the difference between it
  /// and ``getState()``. Redux Toolkit allows it only before the effect's first `await`; here it
  /// is the same value for the whole run.
  ///
  /// ```swift
  /// listeners.startListening(for: Search.queryChanged) { query, api in
  ///   if api.getOriginalState().query != query { api.dispatch(Search.resultsArrived([])) }
  /// }
  /// ```
  /// - Returns: The state before the action.
  public func getOriginalState() -> State {
    originalState
  }

  /// Stops this listener: no later action starts it (runs going on are not cancelled).
  ///
  /// ```swift
  /// listeners.startListening(for: Search.queryChanged) { _, api in
  ///   api.unsubscribe()
  /// }
  /// ```
  public func unsubscribe() {
    listener.stop()
  }

  /// Starts the listener again after ``unsubscribe()`` (Redux Toolkit's
  /// `listenerApi.subscribe()`): later actions start it again. Does nothing while it listens,
  /// or once the middleware itself is gone.
  ///
  /// ```swift
  /// listeners.startListening(for: Search.queryChanged) { _, api in
  ///   api.unsubscribe()  // no other run while this one waits
  ///   _ = try await api.take(Search.resultsArrived)
  ///   api.subscribe()
  /// }
  /// ```
  public func subscribe() {
    listener.resume()
  }

  /// Cancels this run (Redux Toolkit's `listenerApi.cancel()`): its next wait throws
  /// `CancellationError`, its `dispatch` drops what it is given, and what it forked is
  /// cancelled.
  ///
  /// ```swift
  /// listeners.startListening(for: Search.queryChanged) { query, api in
  ///   if query.isEmpty { api.cancel() }
  ///   try await api.delay(for: .milliseconds(300))  // throws when cancelled
  /// }
  /// ```
  public func cancel() {
    withUnsafeCurrentTask { $0?.cancel() }
    runs.runs?.cancelForks(of: runID)
  }

  /// Cancels the other runs of this listener still going (this one goes on).
  ///
  /// ```swift
  /// listeners.startListening(for: Search.queryChanged) { _, api in
  ///   api.cancelActiveListeners()
  /// }
  /// ```
  public func cancelActiveListeners() {
    runs.runs?.cancelRuns(of: listener, except: runID)
  }

  /// Waits `duration` on `clock`, and throws `CancellationError` if the run is cancelled
  /// meanwhile (Redux Toolkit's `delay`): with ``cancelActiveListeners()`` first, the debounce
  /// Redux Toolkit's docs write by hand.
  ///
  /// ```swift
  /// listeners.startListening(for: Search.queryChanged) { query, api in
  ///   api.cancelActiveListeners()
  ///   try await api.delay(for: .milliseconds(300))
  ///   api.dispatch(Search.resultsArrived(try await SearchAPI.results(for: query)))
  /// }
  /// ```
  /// - Parameters:
  ///   - duration: How long to wait.
  ///   - clock: What measures it; a test passes a `TestClock` and advances it.
  nonisolated(nonsending) public func delay(
    for duration: Duration, clock: any Clock<Duration> = ContinuousClock()
  ) async throws {
    try await clock.sleep(for: duration)
  }
}
