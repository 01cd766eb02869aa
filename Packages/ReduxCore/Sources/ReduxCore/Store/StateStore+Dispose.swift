extension StateStore {
  /// Ends everything the store started, at once, whatever its style: its subscriptions and
  /// listeners are never called again, its state streams finish, its middlewares are released
  /// (persistence writes the last state), and the effect style cancels its running effects.
  /// After it, an action sent to the store is dropped with a warning; the state can still be
  /// read. Pinia's `$dispose`; what releasing the store does, for a store something else still
  /// holds (a cache of screens, a session's store on a server).
  ///
  /// ```swift
  /// store.dispose()
  /// store.dispatch(.increment)  // dropped; prints a warning once
  /// ```
  ///
  /// Calling it again does nothing. It may be called from a subscriber (on a sign-out, say);
  /// the actions queued behind the one running are dropped. From inside a reducer or a
  /// mutation it stops with a message.
  public func dispose() {
    engine.dispose()
  }

  /// Whether ``dispose()`` ended the store: work that may outlive it (a task, an async method)
  /// checks this before it sends.
  ///
  /// ```swift
  /// if !store.isDisposed { store.dispatch(.increment) }
  /// ```
  public var isDisposed: Bool { engine.isDisposed }
}
