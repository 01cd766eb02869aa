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
    /// A whole-state subscriber, told with the round's state; empty for the others.
    @usableFromInline var notify: Notify
    /// A subscriber of a selection, which reads its selected value and not the state, told
    /// without it, so that a round whose subscribers read no state copies none (a copy retains
    /// every reference the state holds); empty for the others. Two fields rather than an enum
    /// of the two: taking a closure out of an enum retains its context at every call.
    @usableFromInline var tell: () -> Void
    @usableFromInline var readsState: Bool
    /// For subscribers of a selection: skip the call unless this says the value changed.
    /// A removed entry points to ``ChangeFlag/neverChanged``, so the loop skips it for free.
    @usableFromInline var flag: ChangeFlag?
    /// The key path of the shared selection this subscriber is told about, if any.
    @usableFromInline var sharedKeyPath: AnyKeyPath?
    /// The selector-closure selection this subscriber is told about, if any.
    @usableFromInline var ownSelection: ObjectIdentifier?
    @usableFromInline var isRemoved = false

    // Closures, not optional ones: an optional function is stored at its most general
    // abstraction, so each call would then go through two conversion thunks.
    @inlinable
    init(
      id: SubscriptionID, notify: @escaping Notify = { _ in }, tell: @escaping () -> Void = {},
      readsState: Bool, flag: ChangeFlag?, sharedKeyPath: AnyKeyPath?, ownSelection: ObjectIdentifier?
    ) {
      self.id = id
      self.notify = notify
      self.tell = tell
      self.readsState = readsState
      self.flag = flag
      self.sharedKeyPath = sharedKeyPath
      self.ownSelection = ownSelection
    }
  }

  /// A selection evaluated once per round, before any subscriber is called: one key path
  /// shared by all its subscribers, or one subscriber's selector closure. The state is handed
  /// over `inout`, by address, only so that it is not copied for each (a state of several
  /// hundred bytes was, once per selection); nothing changes it.
  @usableFromInline
  struct Group {
    /// The shared key path; `nil` for a selector closure's own selection.
    @usableFromInline let keyPath: AnyKeyPath?
    @usableFromInline let selection: AnyObject
    @usableFromInline var evaluate: (inout State) -> Void
    /// The selection's flag, read and set by the notification loop.
    @usableFromInline let flag: ChangeFlag
    /// Where a field compared by its bytes lies: the loop compares them itself and calls
    /// `evaluate` only when they differ.
    @usableFromInline let bitsLocation: FieldBits.Location?
    @usableFromInline var members: Int

    @inlinable
    init(
      keyPath: AnyKeyPath?, selection: AnyObject, flag: ChangeFlag, bitsLocation: FieldBits.Location?,
      evaluate: @escaping (inout State) -> Void
    ) {
      self.keyPath = keyPath
      self.selection = selection
      self.flag = flag
      self.bitsLocation = bitsLocation
      self.evaluate = evaluate
      self.members = 1
    }
  }

  @usableFromInline var entries: ContiguousArray<Entry> = []
  @usableFromInline var removedEntries = 0
  /// How many living subscribers are told with the state (``Entry/readsState``).
  @usableFromInline var stateReaders = 0
  @usableFromInline var groups: ContiguousArray<Group> = []
  /// Where each living key-path group is in ``groups``.
  @usableFromInline var groupPositions: [AnyKeyPath: Int] = [:]
  /// Where each living selector-closure group is in ``groups``, by its selection's identity.
  @usableFromInline var ownSelectionPositions: [ObjectIdentifier: Int] = [:]
  @usableFromInline var removedGroups = 0
  @usableFromInline var lastID: UInt64 = 0

  @inlinable init() {}

  @inlinable var isEmpty: Bool { entries.isEmpty }

  /// The number of subscribers still subscribed.
  @usableFromInline var count: Int { entries.count - removedEntries }

  /// Appends a subscriber; it is notified from the next round on.
  @inlinable
  mutating func add(notify: @escaping Notify) -> SubscriptionID {
    stateReaders += 1
    return append(
      Entry(
        id: nextID(), notify: notify, readsState: true, flag: nil, sharedKeyPath: nil, ownSelection: nil))
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
      groupPositions[keyPath] = groups.count
      groups.append(
        Group(
          keyPath: keyPath, selection: selection, flag: selection.flag, bitsLocation: selection.bitsLocation,
          evaluate: selection.evaluate))
    }
    return append(
      Entry(
        id: nextID(), tell: { notify(selection.lastValue) }, readsState: false, flag: selection.flag,
        sharedKeyPath: keyPath, ownSelection: nil))
  }

  /// Appends a subscriber of a selector closure, evaluated with the groups; the subscriber is
  /// called only when `isDuplicate` says the selected value changed.
  @inlinable
  mutating func add<Value>(
    select: @escaping (State) -> Value, isDuplicate: @escaping (Value, Value) -> Bool, state: State,
    notify: @escaping (Value) -> Void
  ) -> SubscriptionID {
    let selection = ClosureSelection(select: select, isDuplicate: isDuplicate, state: state)
    return addOwnSelection(selection, flag: selection.flag, evaluate: selection.evaluate) {
      notify(selection.lastValue)
    }
  }

  /// Appends a subscriber of a selector closure of an `Equatable` value, compared with `==`
  /// directly rather than through a function value (a call per subscriber per dispatch).
  @inlinable
  mutating func add<Value: Equatable>(
    select: @escaping (State) -> Value, state: State, notify: @escaping (Value) -> Void
  ) -> SubscriptionID {
    let selection = EquatableSelection(select: select, state: state)
    return addOwnSelection(selection, flag: selection.flag, evaluate: selection.evaluate) {
      notify(selection.lastValue)
    }
  }

  @inlinable
  mutating func addOwnSelection(
    _ selection: AnyObject, flag: ChangeFlag, evaluate: @escaping (inout State) -> Void,
    notify: @escaping () -> Void
  ) -> SubscriptionID {
    let identity = ObjectIdentifier(selection)
    ownSelectionPositions[identity] = groups.count
    groups.append(
      Group(keyPath: nil, selection: selection, flag: flag, bitsLocation: nil, evaluate: evaluate))
    return append(
      Entry(
        id: nextID(), tell: notify, readsState: false, flag: flag, sharedKeyPath: nil,
        ownSelection: identity))
  }

  @inlinable
  mutating func nextID() -> SubscriptionID {
    lastID += 1
    return SubscriptionID(rawValue: lastID)
  }

  @inlinable
  mutating func append(_ entry: Entry) -> SubscriptionID {
    entries.append(entry)
    return entry.id
  }

  /// Removes a subscriber; removing one that is already gone does nothing.
  /// - Returns: Whether the subscriber was there.
  /// - Complexity: O(log n) amortised. Inlinable, so that the store's module specializes it:
  ///   unspecialized, each probe of the search copied a whole generic entry.
  @inlinable
  @discardableResult
  mutating func remove(_ id: SubscriptionID) -> Bool {
    guard let index = position(of: id), !entries[index].isRemoved else { return false }
    let keyPath = entries[index].sharedKeyPath
    let ownSelection = entries[index].ownSelection
    // Drop the closure now, so what it captured is released with the subscription.
    if entries[index].readsState { stateReaders -= 1 }
    entries[index].notify = { _ in }
    entries[index].tell = {}
    entries[index].readsState = false
    entries[index].flag = .neverChanged
    entries[index].sharedKeyPath = nil
    entries[index].ownSelection = nil
    entries[index].isRemoved = true
    removedEntries += 1
    if let keyPath { leaveGroup(keyPath) }
    if let ownSelection { dropOwnSelection(ownSelection) }
    if removedEntries * 2 > entries.count { compactEntries() }
    return true
  }

  /// Removes every subscriber.
  @usableFromInline
  mutating func removeAll() {
    entries.removeAll()
    removedEntries = 0
    stateReaders = 0
    groups.removeAll()
    groupPositions.removeAll()
    ownSelectionPositions.removeAll()
    removedGroups = 0
  }

  /// Binary search: ids only grow, and compaction keeps the order.
  @inlinable
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
    retireGroup(at: index)
  }

  @usableFromInline
  mutating func dropOwnSelection(_ identity: ObjectIdentifier) {
    guard let index = ownSelectionPositions.removeValue(forKey: identity) else { return }
    groups[index].members = 0
    retireGroup(at: index)
  }

  /// Empties a group nobody uses any more; the array is compacted once they are many.
  @usableFromInline
  mutating func retireGroup(at index: Int) {
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
    ownSelectionPositions.removeAll(keepingCapacity: true)
    for index in groups.indices {
      if let keyPath = groups[index].keyPath {
        groupPositions[keyPath] = index
      } else {
        ownSelectionPositions[ObjectIdentifier(groups[index].selection)] = index
      }
    }
  }
}
