extension StoreEngine {
  /// Adds a subscriber that is called after every dispatch with the new state.
  ///
  /// Style code builds its own subscribe functions on this; users call ``StateStore``'s.
  /// The subscriber stays until ``removeSubscriber(_:)`` or until the engine goes away.
  ///
  /// ```swift
  /// let id = engine.addSubscriber { state in print(state) }
  /// ```
  /// - Parameter notify: Called with the new state after each dispatch.
  /// - Returns: The id to remove it with.
  @inlinable
  package func addSubscriber(_ notify: @escaping (State) -> Void) -> SubscriptionID {
    checkNotReducing()
    return core.subscribers.add(notify: notify)
  }

  /// Adds a subscriber to a selected value that is called only when that value changed.
  ///
  /// The last selected value is kept, so a dispatch costs one selection and one comparison.
  ///
  /// ```swift
  /// let id = engine.addSubscriber(select: { $0.user.name }, isDuplicate: ==) { name in
  ///   print(name)
  /// }
  /// ```
  /// - Parameters:
  ///   - select: Picks the value to watch from the state.
  ///   - isDuplicate: Returns `true` when two selected values count as the same.
  ///   - notify: Called with the new value when it changed.
  /// - Returns: The id to remove it with.
  @inlinable
  package func addSubscriber<Value>(
    select: @escaping (State) -> Value,
    isDuplicate: @escaping (Value, Value) -> Bool,
    notify: @escaping (Value) -> Void
  ) -> SubscriptionID {
    checkNotReducing()
    return core.subscribers.add(select: select, isDuplicate: isDuplicate, state: core.state, notify: notify)
  }

  /// Adds a subscriber to an `Equatable` selected value, called only when it changed (`==`).
  ///
  /// The same as passing `isDuplicate: ==`, but it calls `==` directly instead of through a
  /// function value, which matters on a path that runs once per subscriber per dispatch.
  ///
  /// ```swift
  /// let id = engine.addSubscriber(select: { $0.todos.count }) { count in print(count) }
  /// ```
  /// - Parameters:
  ///   - select: Picks the value to watch from the state.
  ///   - notify: Called with the new value when it changed.
  /// - Returns: The id to remove it with.
  @inlinable
  package func addSubscriber<Value: Equatable>(
    select: @escaping (State) -> Value,
    notify: @escaping (Value) -> Void
  ) -> SubscriptionID {
    checkNotReducing()
    return core.subscribers.add(select: select, state: core.state, notify: notify)
  }

  /// Adds a subscriber to an `Equatable` field, called only when the field changed.
  ///
  /// Subscribers of the same key path share one read and one comparison per dispatch.
  ///
  /// ```swift
  /// let id = engine.addSubscriber(keyPath: \.count) { count in print(count) }
  /// ```
  /// - Parameters:
  ///   - keyPath: The field to watch.
  ///   - notify: Called with the new value when it changed.
  /// - Returns: The id to remove it with.
  @inlinable
  package func addSubscriber<Value: Equatable>(
    keyPath: KeyPath<State, Value>,
    notify: @escaping (Value) -> Void
  ) -> SubscriptionID {
    checkNotReducing()
    return core.subscribers.add(keyPath: keyPath, state: core.state, notify: notify)
  }

  /// Adds a subscriber that decides itself whether it has work after a dispatch: `check` reads
  /// the new state where it lies (nothing is copied) and says whether to call `notify`. For a
  /// follower that keeps its own record of what it last saw (an element follower compares a
  /// collection's bytes, then only the rows it was told were written).
  ///
  /// ```swift
  /// let id = engine.addSubscriber(checking: { state in state.count != shown }) { render() }
  /// ```
  /// - Parameters:
  ///   - check: Whether the new state needs `notify`.
  ///   - notify: Called after a dispatch for which `check` said yes.
  /// - Returns: The id to remove it with.
  @inlinable
  package func addSubscriber(
    checking check: @escaping (inout State) -> Bool, notify: @escaping () -> Void
  ) -> SubscriptionID {
    checkNotReducing()
    let flag = ChangeFlag()
    return core.subscribers.addOwnSelection(
      flag, flag: flag, evaluate: { flag.changed = check(&$0) }, notify: notify)
  }

  /// Removes a subscriber. Removing one that is already gone does nothing. During a
  /// notification, the change takes effect from the next dispatch.
  ///
  /// ```swift
  /// engine.removeSubscriber(id)
  /// ```
  /// - Parameter id: What ``addSubscriber(_:)`` returned.
  @inlinable package func removeSubscriber(_ id: SubscriptionID) {
    if core.isReducing { ProgrammerError.unsubscribeDuringReduce(in: core.style) }
    if core.subscribers.remove(id) {
      streamFinishers.removeValue(forKey: id)?()
    }
  }

  /// Whether `id` is the newest subscription the store made.
  @usableFromInline package func isLatestSubscription(_ id: SubscriptionID) -> Bool {
    core.subscribers.lastID == id.rawValue
  }

  /// The number of subscribers, state streams included.
  package var subscriberCount: Int { core.subscribers.count }

  /// Checked by every way to subscribe; a child store nobody watched starts following its
  /// parent here, before its first subscriber is added.
  @inlinable
  func checkNotReducing() {
    if core.isReducing { ProgrammerError.subscribeDuringReduce(in: core.style) }
    if _slowPath(core.isLazy) { core.followParentIfLazy() }
  }
}
