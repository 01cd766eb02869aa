/// The subscribers of one store, in the order they subscribed, as a plain value.
///
/// The store notifies a snapshot of ``entries`` (an array copy, which only retains its buffer),
/// so subscribing or cancelling during a notification changes the list for the next dispatch and
/// never the round in progress.
@usableFromInline
struct SubscriberList<State> {
  /// Called with the new state after a dispatch.
  @usableFromInline typealias Notify = (State) -> Void

  @usableFromInline
  struct Entry {
    @usableFromInline let id: SubscriptionID
    @usableFromInline let notify: Notify
    /// For subscribers of a shared key path: skip the call unless this says the value changed.
    @usableFromInline let flag: ChangeFlag?
    @usableFromInline let sharedKeyPath: AnyKeyPath?

    @inlinable
    init(id: SubscriptionID, notify: @escaping Notify, flag: ChangeFlag?, sharedKeyPath: AnyKeyPath?) {
      self.id = id
      self.notify = notify
      self.flag = flag
      self.sharedKeyPath = sharedKeyPath
    }
  }

  /// One key path shared by several subscribers, evaluated once per round.
  @usableFromInline
  struct Group {
    @usableFromInline let keyPath: AnyKeyPath
    @usableFromInline let selection: AnyObject
    @usableFromInline let evaluate: Notify
    @usableFromInline var members: Int

    @inlinable
    init(keyPath: AnyKeyPath, selection: AnyObject, evaluate: @escaping Notify) {
      self.keyPath = keyPath
      self.selection = selection
      self.evaluate = evaluate
      self.members = 0
    }
  }

  @usableFromInline var entries: ContiguousArray<Entry> = []
  /// Few in practice, so a linear search beats hashing key paths.
  @usableFromInline var groups: ContiguousArray<Group> = []
  @usableFromInline var lastID: UInt64 = 0

  @inlinable init() {}

  @inlinable var isEmpty: Bool { entries.isEmpty }

  /// Appends a subscriber; it is notified from the next round on.
  @inlinable
  mutating func add(notify: @escaping Notify) -> SubscriptionID {
    append(notify: notify, flag: nil, sharedKeyPath: nil)
  }

  /// Appends a subscriber of a key path that shares one comparison with every other subscriber
  /// of the same key path.
  /// - Parameter notify: Called with the new value, only when it changed.
  @inlinable
  mutating func add<Value: Equatable>(
    keyPath: KeyPath<State, Value>, state: State, notify: @escaping (Value) -> Void
  ) -> SubscriptionID {
    let selection: KeyPathSelection<State, Value>
    if let index = groups.firstIndex(where: { $0.keyPath == keyPath }),
      let existing = groups[index].selection as? KeyPathSelection<State, Value>
    {
      groups[index].members += 1
      selection = existing
    } else {
      selection = KeyPathSelection(keyPath: keyPath, state: state)
      var group = Group(keyPath: keyPath, selection: selection, evaluate: selection.evaluate)
      group.members = 1
      groups.append(group)
    }
    return append(
      notify: { _ in notify(selection.lastValue) }, flag: selection.flag, sharedKeyPath: keyPath)
  }

  @inlinable
  mutating func append(notify: @escaping Notify, flag: ChangeFlag?, sharedKeyPath: AnyKeyPath?)
    -> SubscriptionID
  {
    lastID += 1
    let id = SubscriptionID(rawValue: lastID)
    entries.append(Entry(id: id, notify: notify, flag: flag, sharedKeyPath: sharedKeyPath))
    return id
  }

  /// Removes a subscriber; removing one that is already gone does nothing.
  /// - Returns: Whether the subscriber was there.
  @usableFromInline
  @discardableResult
  mutating func remove(_ id: SubscriptionID) -> Bool {
    guard let index = entries.firstIndex(where: { $0.id == id }) else { return false }
    let entry = entries.remove(at: index)
    if let keyPath = entry.sharedKeyPath,
      let group = groups.firstIndex(where: { $0.keyPath == keyPath })
    {
      groups[group].members -= 1
      if groups[group].members == 0 { groups.remove(at: group) }
    }
    return true
  }

  /// Removes every subscriber.
  @usableFromInline
  mutating func removeAll() {
    entries.removeAll()
    groups.removeAll()
  }
}
