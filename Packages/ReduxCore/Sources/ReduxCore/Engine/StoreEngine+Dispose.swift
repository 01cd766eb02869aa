extension StoreEngine {
  /// Ends everything the store started, at once: subscriptions and listeners (never called
  /// again), state streams (finished), the middleware chain (released, so persistence writes
  /// the last state), and the style's own work (``whenDisposed(_:)``: effects cancelled). From
  /// then on an action sent to the store is dropped, with a warning; reading the state still
  /// works. A second call does nothing.
  ///
  /// It may be called during a dispatch (from a subscriber, on a sign-out): the actions queued
  /// behind the running one are dropped; not from inside a reducer or a mutation.
  ///
  /// ```swift
  /// engine.dispose()
  /// ```
  package func dispose() {
    guard !isDisposed else { return }
    if core.isReducing { ProgrammerError.disposeDuringReduce(in: core.style) }
    isDisposed = true
    let style = core.style
    // Middlewares added from now on must not link a chain again.
    hasMadeMiddlewares = true
    core.replaceChain(with: { action in ReduxWarning.sentAfterDispose(action, in: style) })
    // The added ones (at run time, by plugins) go too: what they hold (a persistence's saver)
    // ends with them.
    addedMiddlewares.links.removeAll()
    addedMiddlewares.entry = nil
    stepRecorders.removeAll()
    let finishers = streamFinishers
    streamFinishers.removeAll()
    for finish in finishers.values { finish() }
    core.subscribers.removeAll()
    replacementObservers.removeAll()
    let work = disposalWork + endingWork
    disposalWork.removeAll()
    endingWork.removeAll()
    for end in work { end() }
  }

  /// Adds the style's own work to ``dispose()`` (the effect style cancels every effect).
  ///
  /// ```swift
  /// engine.whenDisposed { [unowned effects] in effects.cancelAll() }
  /// ```
  @usableFromInline
  package func whenDisposed(_ work: @escaping () -> Void) {
    disposalWork.append(work)
  }

  /// Adds work that ends with the store, whether ``dispose()`` ends it or its last reference
  /// goes: a library's timers and tasks that serve the store (the query cache's). It runs once,
  /// where the store is released (its own actor, as a store is not sent elsewhere).
  ///
  /// ```swift
  /// engine.whenEnded { [weak runtime] in runtime?.storeEnded() }
  /// ```
  package func whenEnded(_ work: @escaping () -> Void) {
    endingWork.append(work)
  }
}
