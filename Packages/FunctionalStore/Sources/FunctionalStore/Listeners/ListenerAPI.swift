/// What a listener's effect reaches besides the action: the store's `dispatch` and state, and
/// its own listener (Redux Toolkit's `listenerApi`).
///
/// ```swift
/// listeners.startListening(for: Session.loggedIn) { user, api in
///   api.dispatch(Profile.loaded(try await ProfileAPI.profile(of: user)))
///   api.unsubscribe()  // once is enough
/// }
/// ```
///
/// It belongs to the store's actor, where the effect runs. A run that was cancelled (by a later
/// match under `.latest` or `.debounce`, or by ``cancelActiveListeners()``) dispatches nothing:
/// its ``dispatch(_:)`` drops the action, so a stale result never reaches the store.
public struct ListenerAPI<State, Action> {
  let context: MiddlewareContext<State, Action>
  let listener: ListenerEntry<State, Action>
  let runs: WeakRuns<State, Action>
  /// This run's number among the store's listener runs.
  let runID: Int

  /// Dispatches an action to the store, unless this run was cancelled.
  ///
  /// ```swift
  /// api.dispatch(Counter.incremented())
  /// ```
  /// - Parameter action: The action.
  public func dispatch(_ action: Action) {
    guard !Task.isCancelled else { return }
    context.dispatch(action)
  }

  /// The store's state now.
  ///
  /// ```swift
  /// let count = api.getState().value
  /// ```
  /// - Returns: The state.
  public func getState() -> State {
    context.getState()
  }

  /// Stops this listener: no later action starts it (runs going on are not cancelled).
  ///
  /// ```swift
  /// api.unsubscribe()
  /// ```
  public func unsubscribe() {
    listener.stop()
  }

  /// Cancels the other runs of this listener still going (this one goes on).
  ///
  /// ```swift
  /// api.cancelActiveListeners()
  /// ```
  public func cancelActiveListeners() {
    runs.runs?.cancelRuns(of: listener, except: runID)
  }
}
