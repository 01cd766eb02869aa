/// Follows one collection of a parent store's state for all the child stores of its elements,
/// so that each child is told only when its own element changed, at a cost that does not grow
/// with the number of children.
///
/// One key-path subscriber per collection, not one per child: the store compares the collection
/// once per action (an unchanged collection shares its storage, so that comparison is O(1), and
/// the follower is then skipped with a branch, like any subscriber of an unchanged field). When
/// it changed, the follower compares the elements with the last ones (O(rows), whatever the
/// number of children), updates only the children of elements that changed, and ends those
/// whose element left.
///
/// It keeps the last collection to compare with, so the next change to the collection copies it
/// once (copy-on-write), as any selector of a collection does.
///
/// Its checks are `@inlinable`, so they are compiled for the app's own element type: generic
/// code that is not specialized pays a witness-table call per element compared.
@usableFromInline
final class ElementFollower<ParentState, ID: Hashable, Element: Equatable> {
  // Exclusivity: all of these are touched in the store's domain only, by calls that never nest
  // (a parent change is handled before the next one starts).
  @exclusivity(unchecked) @usableFromInline var last: IdentifiedArray<ID, Element>
  @exclusivity(unchecked) @usableFromInline var children: [ID: [ElementChild]] = [:]

  /// A child store, reached through its link (which does not keep it alive), with how to update
  /// and end it.
  @usableFromInline
  struct ElementChild {
    @usableFromInline let link: ChildLiveness
    @usableFromInline let update: (Element) -> Void
    @usableFromInline let end: () -> Void

    @inlinable
    init(link: ChildLiveness, update: @escaping (Element) -> Void, end: @escaping () -> Void) {
      self.link = link
      self.update = update
      self.end = end
    }
  }

  /// Follows `collection` in `engine`'s state. The engine keeps the follower (its subscriber
  /// holds it), so it lives exactly as long as the store; it holds nothing that holds the store.
  @inlinable
  init<ParentAction>(
    following collection: KeyPath<ParentState, IdentifiedArray<ID, Element>>,
    of engine: StoreEngine<ParentState, ParentAction>
  ) {
    self.last = engine.untrackedState[keyPath: collection]
    _ = engine.addSubscriber(keyPath: collection) { [self] current in collectionChanged(current) }
  }

  /// Registers a child for the element with `id`.
  @inlinable
  func add(
    _ link: ChildLiveness, for id: ID, update: @escaping (Element) -> Void,
    end: @escaping () -> Void
  ) {
    children[id, default: []].removeAll { !$0.link.isAlive }
    children[id, default: []].append(ElementChild(link: link, update: update, end: end))
  }

  /// Called by the store only when the collection differs from the last one.
  @inlinable
  func collectionChanged(_ current: IdentifiedArray<ID, Element>) {
    let previous = last
    last = current
    if children.isEmpty { return }
    // The same ids in the same order: O(1) when both share their ids (only values changed).
    if previous.ids == current.ids {
      // Only values changed: compare in place, and look up children of changed elements only.
      let ids = current.ids
      for position in current.indices where previous[position] != current[position] {
        guard let watchers = children[ids[position]] else { continue }
        for child in watchers where child.link.isAlive { child.update(current[position]) }
      }
      return
    }
    // Elements were added, removed or moved: check each child by its id.
    for (id, watchers) in children {
      guard let now = current[id: id] else {
        children[id] = nil
        for child in watchers where child.link.isAlive { child.end() }
        continue
      }
      if previous[id: id] != now {
        for child in watchers where child.link.isAlive { child.update(now) }
      }
    }
  }
}
