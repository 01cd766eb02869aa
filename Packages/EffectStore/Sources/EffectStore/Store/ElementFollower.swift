/// Follows one collection of a parent store's state for all the child stores of its elements,
/// so that each child is told only when its own element changed, at a cost that does not grow
/// with the number of children.
///
/// One plain subscriber per collection, not one per child. After each parent action it checks,
/// in O(1), whether the collection's storage is the one it saw last (an action that touches no
/// element costs that check); otherwise it compares the elements with the last ones (O(rows),
/// whatever the number of children) and updates only the children of elements that changed,
/// and ends those whose element left.
///
/// It keeps the last collection to compare with, so the next change to the collection copies it
/// once (copy-on-write), as any selector of a collection does.
///
/// Its checks are `@inlinable`, so they are compiled for the app's own element type: generic
/// code that is not specialized pays a witness-table call per element compared.
@usableFromInline
@MainActor
final class ElementFollower<ParentState, Element: Identifiable & Equatable> {
  // Exclusivity: all of these are touched on the main actor only, by calls that never nest (a
  // parent change is handled before the next one starts).
  @usableFromInline let collection: FieldReader<ParentState, IdentifiedArray<Element>>
  @exclusivity(unchecked) @usableFromInline var last: IdentifiedArray<Element>
  @exclusivity(unchecked) @usableFromInline var children: [Element.ID: [WeakChild]] = [:]
  private var unsubscribe: (@MainActor () -> Void)?

  /// A child store, held weakly, with how to update and end it.
  @usableFromInline
  struct WeakChild {
    @usableFromInline weak var store: AnyObject?
    @usableFromInline let update: @MainActor (Element) -> Void
    @usableFromInline let end: @MainActor () -> Void

    @inlinable
    init(
      store: AnyObject, update: @escaping @MainActor (Element) -> Void, end: @escaping @MainActor () -> Void
    ) {
      self.store = store
      self.update = update
      self.end = end
    }
  }

  @inlinable
  init<ParentAction>(
    following collection: KeyPath<ParentState, IdentifiedArray<Element>>,
    of engine: StoreEngine<ParentState, ParentAction>
  ) {
    self.collection = FieldReader(collection)
    self.last = engine.untrackedState[keyPath: collection]
    let id = engine.addSubscriber { [weak self] state in self?.parentChanged(state) }
    setUnsubscribe { [weak engine] in engine?.removeSubscriber(id) }
  }

  @usableFromInline
  func setUnsubscribe(_ unsubscribe: @escaping @MainActor () -> Void) {
    self.unsubscribe = unsubscribe
  }

  isolated deinit {
    unsubscribe?()
  }

  /// Registers a child for the element with `id`.
  @inlinable
  func add(
    _ store: AnyObject, for id: Element.ID, update: @escaping @MainActor (Element) -> Void,
    end: @escaping @MainActor () -> Void
  ) {
    children[id, default: []].removeAll { $0.store == nil }
    children[id, default: []].append(WeakChild(store: store, update: update, end: end))
  }

  @inlinable
  func parentChanged(_ state: ParentState) {
    let current = collection.read(state)
    if current.sharesStorage(with: last) { return }
    let previous = last
    last = current
    if children.isEmpty { return }
    if sameIDsInOrder(previous, current) {
      // Only values changed: compare in place, and look up children of changed elements only.
      for position in current.indices where previous[position] != current[position] {
        guard let watchers = children[current[position].id] else { continue }
        for child in watchers where child.store != nil { child.update(current[position]) }
      }
      return
    }
    // Elements were added, removed or moved: check each child by its id.
    for (id, watchers) in children {
      guard let now = current[id: id] else {
        children[id] = nil
        for child in watchers where child.store != nil { child.end() }
        continue
      }
      if previous[id: id] != now {
        for child in watchers where child.store != nil { child.update(now) }
      }
    }
  }

  @inlinable
  func sameIDsInOrder(_ a: IdentifiedArray<Element>, _ b: IdentifiedArray<Element>) -> Bool {
    guard a.count == b.count else { return false }
    for position in a.indices where a[position].id != b[position].id { return false }
    return true
  }
}
