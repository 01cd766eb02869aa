extension StoreEngine {
  /// Calls `record` after each action a dispatch applies, with the action and the state after
  /// it: what a middleware innermost in the chain would see after calling `next`, without a
  /// middleware's layers (its link in the chain, its context's state read through a closure),
  /// which cost a live inspector more than its own work. The state is given to `record` to
  /// keep. Actions applied without a dispatch (a replay, a jump through time) are not given.
  ///
  /// ```swift
  /// let recording = engine.recordSteps(isolation: #isolation) { action, state in
  ///   steps.append((action, state))
  /// }
  /// recording.remove()
  /// ```
  /// - Parameters:
  ///   - isolation: Where `record` was made: it stops with a message, as a middleware does, when
  ///     that is an actor other than the store's.
  ///   - record: Keeps a step. It runs on the store's actor, inside the dispatch, after the
  ///     observers were told; it must not dispatch.
  /// - Returns: What takes the recorder out again.
  @inlinable
  package func recordSteps(
    isolation: (any Actor)?, _ record: @escaping (Action, consuming State) -> Void
  ) -> AddedMiddleware {
    if core.isReducing { ProgrammerError.changeMiddlewareDuringReduce(in: core.style) }
    if let isolation, ObjectIdentifier(isolation) != ownerHome?.actor.map({ ObjectIdentifier($0) }) {
      ProgrammerError.middlewareFromAnotherActor()
    }
    let recorder = StepRecorder(record)
    stepRecorders.append(recorder)
    linkAddedMiddlewares()
    return AddedMiddleware { [weak self, weak recorder] in
      guard let self, let recorder else { return }
      if self.core.isReducing { ProgrammerError.changeMiddlewareDuringReduce(in: self.core.style) }
      self.stepRecorders.removeAll { $0 === recorder }
      self.linkAddedMiddlewares()
    }
  }
}

/// One recorder of `StoreEngine.recordSteps(isolation:_:)`. A class, so that the chain calls its
/// function as it was made (a function kept as an array's element is kept in its most general
/// form) and its removal finds it by identity.
@usableFromInline
final class StepRecorder<State, Action> {
  @usableFromInline let record: (Action, consuming State) -> Void

  @usableFromInline
  init(_ record: @escaping (Action, consuming State) -> Void) {
    self.record = record
  }
}
