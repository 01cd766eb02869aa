/// The subscribers of one store, in the order they subscribed, as a plain value.
///
/// The store notifies a snapshot of ``entries`` (an array copy, which only retains its buffer),
/// so subscribing or cancelling during a notification changes the list for the next dispatch and
/// never the round in progress.
@usableFromInline
struct SubscriberList<State> {
  /// Called with the new state and the number of the notification round.
  @usableFromInline typealias Notify = (State, UInt64) -> Void

  @usableFromInline
  struct Entry {
    @usableFromInline let id: SubscriptionID
    @usableFromInline let notify: Notify
    @usableFromInline let sharedKeyPath: AnyKeyPath?

    @inlinable init(id: SubscriptionID, notify: @escaping Notify, sharedKeyPath: AnyKeyPath?) {
      self.id = id
      self.notify = notify
      self.sharedKeyPath = sharedKeyPath
    }
  }

  @usableFromInline
  struct SharedSelection {
    @usableFromInline let selection: AnyObject
    @usableFromInline var members: Int

    @inlinable init(selection: AnyObject, members: Int) {
      self.selection = selection
      self.members = members
    }
  }

  @usableFromInline var entries: ContiguousArray<Entry> = []
  @usableFromInline var shared: [AnyKeyPath: SharedSelection] = [:]
  @usableFromInline var lastID: UInt64 = 0

  @inlinable init() {}

  @inlinable var isEmpty: Bool { entries.isEmpty }

  /// Appends a subscriber; it is notified from the next round on.
  @inlinable
  mutating func add(sharedKeyPath: AnyKeyPath? = nil, notify: @escaping Notify) -> SubscriptionID {
    lastID += 1
    let id = SubscriptionID(rawValue: lastID)
    entries.append(Entry(id: id, notify: notify, sharedKeyPath: sharedKeyPath))
    return id
  }

  /// Removes a subscriber; removing one that is already gone does nothing.
  /// - Returns: Whether the subscriber was there.
  @usableFromInline
  @discardableResult
  mutating func remove(_ id: SubscriptionID) -> Bool {
    guard let index = entries.firstIndex(where: { $0.id == id }) else { return false }
    let entry = entries.remove(at: index)
    if let keyPath = entry.sharedKeyPath, var group = shared[keyPath] {
      group.members -= 1
      shared[keyPath] = group.members == 0 ? nil : group
    }
    return true
  }

  /// The comparison shared by every subscriber of `keyPath`, made on first use.
  @inlinable
  mutating func sharedSelection<Value: Equatable>(
    for keyPath: KeyPath<State, Value>, state: State, round: UInt64
  ) -> KeyPathSelection<State, Value> {
    if var group = shared[keyPath], let selection = group.selection as? KeyPathSelection<State, Value> {
      group.members += 1
      shared[keyPath] = group
      return selection
    }
    let selection = KeyPathSelection(keyPath: keyPath, state: state, round: round)
    shared[keyPath] = SharedSelection(selection: selection, members: 1)
    return selection
  }

  /// Removes every subscriber.
  @usableFromInline
  mutating func removeAll() {
    entries.removeAll()
    shared.removeAll()
  }
}
