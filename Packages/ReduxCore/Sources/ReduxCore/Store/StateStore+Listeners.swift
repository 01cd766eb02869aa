/// Removes a listener; calling it again does nothing.
///
/// ```swift
/// let unsubscribe = store.listen { print("dispatched") }
/// unsubscribe()
/// ```
public typealias Unsubscribe = () -> Void

/// Listeners: Redux's lifetime, in every style. A listener lives until its ``Unsubscribe``
/// function is called (or the store goes away), where a ``Subscription`` token also ends when it
/// is released. Listeners and subscribers share one list, one order and one re-entrancy rule.
extension StateStore {
  /// Adds a Redux listener (Redux's `store.subscribe(listener)`): called after every dispatch,
  /// with no value, until you call the returned function.
  ///
  /// As in Redux: listeners run in the order they were added; one added during a dispatch is
  /// first called on the next dispatch; unsubscribing during a dispatch does not skip the other
  /// listeners of that dispatch; a dispatch from a listener is queued and runs next.
  ///
  /// The store keeps the listener: capture the store `unowned` in it (safe, since only the store
  /// calls it), or a listener that reads its store keeps both alive until `unsubscribe()`.
  ///
  /// ```swift
  /// let unsubscribe = store.listen { [unowned store] in print(store.state) }
  /// unsubscribe()
  /// ```
  /// - Parameter listener: Called after each dispatch.
  /// - Returns: The function that removes the listener.
  @discardableResult
  public func listen(_ listener: @escaping () -> Void) -> Unsubscribe {
    unsubscribe(engine.addSubscriber { _ in listener() })
  }

  /// Adds a listener bound to a slice of the state: it receives only that slice, and only when
  /// it changed. It lives until you call the returned function (or the store goes away).
  ///
  /// Listeners and subscribers of the same key path share one comparison per dispatch.
  ///
  /// ```swift
  /// let stop = store.listen(to: \.todos) { todos in print(todos.count, "todos") }
  /// ```
  /// - Parameters:
  ///   - keyPath: The slice.
  ///   - initial: Also call `listener` now, with the current slice.
  ///   - listener: Called with the new slice after a dispatch that changed it.
  /// - Returns: The function that removes the listener.
  @discardableResult
  @inlinable
  public func listen<Slice: Equatable>(
    to keyPath: KeyPath<State, Slice>, initial: Bool = false,
    _ listener: @escaping (Slice) -> Void
  ) -> Unsubscribe {
    let stop = unsubscribe(engine.addSubscriber(keyPath: keyPath, notify: listener))
    if initial { listener(engine.untrackedState[keyPath: keyPath]) }
    return stop
  }

  /// Adds a listener bound to a value computed from the state: it receives only that value, and
  /// only when it changed. It lives until you call the returned function.
  ///
  /// ```swift
  /// let stop = store.listen(to: { $0.todos.filter(\.isDone).count }) { done in print(done) }
  /// ```
  /// - Parameters:
  ///   - select: Computes the value.
  ///   - initial: Also call `listener` now, with the current value.
  ///   - listener: Called with the new value after a dispatch that changed it.
  /// - Returns: The function that removes the listener.
  @discardableResult
  @inlinable
  public func listen<Slice: Equatable>(
    to select: @escaping (State) -> Slice, initial: Bool = false,
    _ listener: @escaping (Slice) -> Void
  ) -> Unsubscribe {
    let stop = unsubscribe(engine.addSubscriber(select: select, notify: listener))
    if initial { listener(select(engine.untrackedState)) }
    return stop
  }

  @usableFromInline
  func unsubscribe(_ id: SubscriptionID) -> Unsubscribe {
    { [weak engine] in engine?.removeSubscriber(id) }
  }
}
