extension StoreEngine {
  /// Sets the state without an action: what undo, redo and time travel do to a live store.
  /// Observers (subscribers, streams, Observation, child stores) are told as after an action,
  /// each only if its part changed; no middleware and no reducer run, so no effect starts
  /// again, but the middlewares that asked (``MiddlewareContext/whenStateIsReplaced(_:)``:
  /// persistence) are told. Actions that observers dispatch meanwhile run after it, in order.
  ///
  /// ```swift
  /// engine.travel(to: earlierState, operation: "undo()")
  /// ```
  /// - Parameters:
  ///   - newState: The state to hold.
  ///   - operation: What the caller is doing, for the message if it is called during a dispatch.
  package func travel(to newState: State, operation: String) {
    guard core.queue.enter() else { ProgrammerError.travelDuringDispatch(operation) }
    core.replaceAndNotify(with: newState)
    for observer in replacementObservers { observer() }
    core.runQueuedActions()
  }
}

extension StoreEngine {
  /// The name of the store's style, as the devtools write it in recordings: `functional`,
  /// `class-based` or `reducer/effect`.
  package var styleName: String {
    switch core.style {
    case .functional: "functional"
    case .classBased: "class-based"
    case .reducerEffect: "reducer/effect"
    }
  }
}
