/// The end of the middleware chain, where the reducer runs.
extension EngineCore {
  /// The end of the middleware chain. A middleware normally calls `next` during a dispatch; one
  /// that calls it later (after a delay, from a task) gets a dispatch of its own here, so that
  /// actions sent by subscribers meanwhile are still queued and seen in order.
  @inlinable
  func reduceAndNotifyFromChain(_ action: Action) {
    if _fastPath(queue.isRunning) {
      reduceAndNotify(action)
    } else {
      reduceAndNotifyOutsideDispatch(action)
    }
  }

  @usableFromInline
  func reduceAndNotifyOutsideDispatch(_ action: Action) {
    _ = queue.enter()
    reduceAndNotify(action)
    runQueuedActions()
  }

  /// Runs the actions queued during a dispatch, in order, then ends the dispatch.
  @inlinable @inline(__always)
  func runQueuedActions() {
    guard _slowPath(!queue.endIfEmpty()) else { return }
    runRestOfQueue()
  }

  /// The queue's actions, when some wait: out of line, so that a dispatch that queued nothing
  /// pays one check.
  @inlinable @inline(never)
  func runRestOfQueue() {
    repeat { run(queue.takeNext()) } while !queue.endIfEmpty()
  }
}
