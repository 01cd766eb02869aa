/// The subscribers of one store, in the order they subscribed, as a plain value.
///
/// The store notifies a snapshot of ``entries`` (an array copy, which only retains its buffer),
/// so subscribing or cancelling during a notification changes the list for the next dispatch and
/// never the round in progress.
///
/// Removing is O(log n) amortised in any order: ids grow with each subscription, so the entries
/// stay sorted by id and a binary search finds one; a removed entry becomes a tombstone (the
/// notification loop skips it with the same branch that skips an unchanged key path), and the
/// array is compacted once tombstones outnumber the living. Releasing 50,000 subscriptions,
/// newest first, is therefore linear, not quadratic.
@usableFromInline
struct SubscriberList<State> {
  /// Called with the new state after a dispatch.
  @usableFromInline typealias Notify = (State) -> Void

  @usableFromInline
  struct Entry {
    @usableFromInline let id: SubscriptionID
    @usableFromInline var notify: Notify
    /// For subscribers of a shared key path: skip the call unless this says the value changed.
    /// A removed entry points to ``ChangeFlag/neverChanged``, so the loop skips it for free.
    @usableFromInline var flag: ChangeFlag?
    @usableFromInline var sharedKeyPath: AnyKeyPath?
    @usableFromInline var isRemoved = false

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
    @usableFromInline var evaluate: Notify
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
  @usableFromInline var removedEntries = 0
  @usableFromInline var groups: ContiguousArray<Group> = []
  /// Where each living group is in ``groups``.
  @usableFromInline var groupPositions: [AnyKeyPath: Int] = [:]
  @usableFromInline var removedGroups = 0
  @usableFromInline var lastID: UInt64 = 0

  @inlinable init() {}

  @inlinable var isEmpty: Bool { entries.isEmpty }

  /// The number of subscribers still subscribed.
  @usableFromInline var count: Int { entries.count - removedEntries }

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
    if let index = groupPositions[keyPath],
      let existing = groups[index].selection as? KeyPathSelection<State, Value>
    {
      groups[index].members += 1
      selection = existing
    } else {
      selection = KeyPathSelection(keyPath: keyPath, state: state)
      var group = Group(keyPath: keyPath, selection: selection, evaluate: selection.evaluate)
      group.members = 1
      groupPositions[keyPath] = groups.count
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
  /// - Complexity: O(log n) amortised.
  @usableFromInline
  @discardableResult
  mutating func remove(_ id: SubscriptionID) -> Bool {
    guard let index = position(of: id), !entries[index].isRemoved else { return false }
    let keyPath = entries[index].sharedKeyPath
    // Drop the closure now, so what it captured is released with the subscription.
    entries[index].notify = { _ in }
    entries[index].flag = .neverChanged
    entries[index].sharedKeyPath = nil
    entries[index].isRemoved = true
    removedEntries += 1
    if let keyPath { leaveGroup(keyPath) }
    if removedEntries * 2 > entries.count { compactEntries() }
    return true
  }

  /// Removes every subscriber.
  @usableFromInline
  mutating func removeAll() {
    entries.removeAll()
    removedEntries = 0
    groups.removeAll()
    groupPositions.removeAll()
    removedGroups = 0
  }

  /// Binary search: ids only grow, and compaction keeps the order.
  @usableFromInline
  func position(of id: SubscriptionID) -> Int? {
    var low = 0
    var high = entries.count
    while low < high {
      let middle = (low + high) / 2
      let found = entries[middle].id.rawValue
      if found == id.rawValue { return middle }
      if found < id.rawValue { low = middle + 1 } else { high = middle }
    }
    return nil
  }

  @usableFromInline
  mutating func leaveGroup(_ keyPath: AnyKeyPath) {
    guard let index = groupPositions[keyPath] else { return }
    groups[index].members -= 1
    if groups[index].members > 0 { return }
    groupPositions[keyPath] = nil
    groups[index].evaluate = { _ in }
    removedGroups += 1
    if removedGroups * 2 > groups.count { compactGroups() }
  }

  @usableFromInline
  mutating func compactEntries() {
    entries.removeAll { $0.isRemoved }
    removedEntries = 0
  }

  @usableFromInline
  mutating func compactGroups() {
    groups.removeAll { $0.members == 0 }
    removedGroups = 0
    groupPositions.removeAll(keepingCapacity: true)
    for index in groups.indices { groupPositions[groups[index].keyPath] = index }
  }
}
