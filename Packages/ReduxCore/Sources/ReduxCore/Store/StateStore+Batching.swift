extension StateStore where EngineAction == Action {
  /// Tells subscribers once for a burst of low-priority actions (progress ticks, streamed rows,
  /// presence pings) instead of once per action, as Redux Toolkit's auto-batch enhancer does.
  ///
  /// An action `isLowPriority` accepts is applied at once, but its notification waits for
  /// `timing`; every low-priority action until then shares that one notification. A normal
  /// action tells the subscribers at once, as always, and that covers the burst before it. What
  /// is held: subscribers (`subscribe`), listeners (`listen`) and state streams (`states()`).
  /// What is not: Observation (a SwiftUI view already redraws once per frame), middlewares and
  /// the store's own work after an action (effects, listeners' effects, persistence).
  ///
  /// A subscriber of a selection is told once, with the latest value, and only if the burst
  /// changed it; a plain listener is called once.
  ///
  /// ```swift
  /// store.batchNotifications(after: .timer(.milliseconds(16))) { action in
  ///   if case .add = action { true } else { false }
  /// }
  /// ```
  /// - Parameters:
  ///   - timing: How long a burst's notification waits; by default, until the work the store's
  ///     actor is doing now is done.
  ///   - isLowPriority: Whether an action's notification may wait. Called on the store's actor,
  ///     at most once per action (not while the store has no subscriber).
  public func batchNotifications(
    after timing: NotificationBatchTiming = .tick, of isLowPriority: @escaping (Action) -> Bool
  ) {
    engine.batchNotifications(after: timing, of: isLowPriority)
  }
}
