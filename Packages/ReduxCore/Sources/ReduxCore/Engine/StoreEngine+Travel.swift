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

extension StoreEngine {
  /// Applies a recorded action to the reducer alone, for the devtools' replay: no middleware
  /// runs, and the style drops the work the reducer leaves (the effect style's effects), since
  /// the actions that work sent were recorded and are replayed as their own steps. Observers
  /// are told as after any action; the middlewares that asked to hear of a state set without
  /// them (``MiddlewareContext/whenStateIsReplaced(_:)``: persistence) are told too.
  ///
  /// ```swift
  /// engine.replay(recordedAction, operation: "SessionRecording.replay")
  /// ```
  /// - Parameters:
  ///   - action: The action, as the reducer received it when it was recorded.
  ///   - operation: What the caller is doing, for the message if it is called during a dispatch.
  package func replay(_ action: Action, operation: String) {
    guard core.queue.enter() else { ProgrammerError.travelDuringDispatch(operation) }
    core.workAfterEachAction.dropsNewWork = true
    core.reduceAndNotify(action)
    core.workAfterEachAction.dropsNewWork = false
    for observer in replacementObservers { observer() }
    core.runQueuedActions()
  }
}
