internal import Observation

/// Setting the state without an action, for the devtools' undo and time travel: observers see it
/// as they see an action's result, and nothing else runs (no middleware, no reducer, so no
/// effect is started again).
extension EngineCore {
  /// Holds `newState` and tells every observer whose part changed: Observation trackers of the
  /// whole state around the change, trackers of a field and subscribers after it, only for what
  /// changed; then the style's standing work (the effect style cancels the effects of list
  /// elements that are gone).
  ///
  /// Apart from ``reduceAndNotify(_:)``, whose shape it follows, so the dispatch path keeps its
  /// single reducer call.
  @usableFromInline
  func replaceAndNotify(with newState: State) {
    if mayBeTracked {
      if wholeStateMayBeTracked {
        wholeStateMayBeTracked = false
        registrar.willSet(self, keyPath: trackedKeyPath)
        storedState = newState
        registrar.didSet(self, keyPath: trackedKeyPath)
      } else {
        storedState = newState
      }
      if !armedFields.isEmpty { tellChangedFields() }
      mayBeTracked = wholeStateMayBeTracked || !armedFields.isEmpty
    } else {
      storedState = newState
    }
    if !subscribers.isEmpty { notify() }
    if workAfterEachAction.isDue { workAfterEachAction.run() }
  }
}
