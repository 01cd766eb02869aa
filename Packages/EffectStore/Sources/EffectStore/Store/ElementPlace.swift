import ReduxCore

/// Where an element's child store finds its element in the parent's collection while nobody
/// watches the store: it reads the element when asked, so the parent does nothing for it per
/// action (as a scoped part that nobody watches reads its part, see ``childStore(of:from:state:send:subscribe:)``).
///
/// The element is looked for where it was found last (one comparison of ids, no hashing: a
/// screen of a stack or a row stays where it is) and by id only when it moved. The collection is
/// reached where it lies in the parent's state, without copying it.
@usableFromInline
final class ElementPlace<ParentState, ParentAction, Rows: ElementCollection> {
  @usableFromInline typealias ID = Rows.ID
  @usableFromInline typealias Element = Rows.Element

  @usableFromInline let id: ID
  /// The parent's engine: the child store keeps its parent alive anyway.
  @usableFromInline let engine: StoreEngine<ParentState, ParentAction>
  @usableFromInline let collection: FieldReader<ParentState, Rows>
  // Exclusivity: touched only in the store's domain, by reads of the child and its sends,
  // never during each other.
  /// Where the element was found last; checked before it is used.
  @exclusivity(unchecked) @usableFromInline var position: Int
  /// The element as last read: the child's state once the element has left.
  @exclusivity(unchecked) @usableFromInline var last: Element
  /// Whether the parent tells the child store when its element changes or leaves (the store
  /// has been read or watched), so that its presence need not be checked.
  @exclusivity(unchecked) @usableFromInline var isTold = false
  /// Ends the child store: a send found its element gone.
  @usableFromInline var endStore: () -> Void = {}

  @inlinable
  init(
    of id: ID, at position: Int, value: Element,
    in collection: KeyPath<ParentState, Rows>,
    of engine: StoreEngine<ParentState, ParentAction>
  ) {
    self.id = id
    self.position = position
    self.last = value
    self.collection = FieldReader(collection)
    self.engine = engine
  }

  /// Whether the element is still in the collection. Asked while the parent's reducer runs (a
  /// send from a reducer, a programmer error), it says yes, so that the send reports what went
  /// wrong rather than this read.
  @inlinable @inline(__always)
  func isThere() -> Bool {
    // The engine is a `FeatureStore`'s, a root store's.
    engine.withRootStateUnlessReducing { state in
      collection.withField(inPlace: &state) { find(in: &$0) != nil }
    } ?? true
  }

  /// Whether the child store still has its element: its parent tells it when the element
  /// leaves, or the element is there now.
  @inlinable @inline(__always)
  func hasElement() -> Bool {
    isTold || isThere()
  }

  /// The element now, or the last one read once it has left.
  @inlinable
  func read() -> Element {
    engine.withUntrackedState { state in
      collection.withField(inPlace: &state) { rows in
        if let position = find(in: &rows) { last = rows[position] }
      }
    }
    return last
  }

  /// The element's position in `rows`, where it was last if it is still there; `nil` when it
  /// has left. `rows` is `inout` only so that it is not copied.
  @inlinable @inline(__always)
  func find(in rows: inout Rows) -> Int? {
    guard let found = rows.index(id: id, lookingFirstAt: position) else { return nil }
    position = found
    return found
  }
}
