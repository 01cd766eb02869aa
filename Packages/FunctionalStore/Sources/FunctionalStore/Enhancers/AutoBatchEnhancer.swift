/// The enhancer that tells subscribers once for a burst of low-priority actions, Redux
/// Toolkit's `autoBatchEnhancer` (see `batchNotifications(after:of:)` on the store
/// for what is held and what is not).
///
/// Redux Toolkit marks a low-priority action in its `meta` (`prepareAutoBatched`); here the
/// enhancer is told which ones are, for instance with a matcher of their creators.
///
/// ```swift
/// let store = createStore(
///   reducer: Counter.slice.reducer, initialState: CounterState(),
///   enhancer: autoBatchEnhancer(after: .tick, isLowPriority: isAnyOf(Counter.incremented).matches))
/// ```
/// - Parameters:
///   - timing: How long a burst's notification waits; by default, until the work the store's
///     actor is doing now is done (Redux Toolkit's `tick`).
///   - isLowPriority: Whether an action's notification may wait.
/// - Returns: The enhancer.
@inlinable
public func autoBatchEnhancer<State, Action>(
  after timing: NotificationBatchTiming = .tick, isLowPriority: @escaping (Action) -> Bool
) -> StoreEnhancer<State, Action> {
  { create in
    { reducer, initialState in
      let store = create(reducer, initialState)
      store.batchNotifications(after: timing, of: isLowPriority)
      return store
    }
  }
}
