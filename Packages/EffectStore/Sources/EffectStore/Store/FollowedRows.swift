import ReduxCore

/// A collection a store follows for its element child stores, and the rows `ForEachElement`
/// wrote in it since the children were last told.
///
/// The follower keeps the collection its children last saw, so that equal bytes mean the same
/// storage, hence nothing changed: an action that touches no row costs one comparison. But a
/// kept collection is a second reference to the storage, so a reducer's next write to one row
/// would first copy every row (copy-on-write): O(rows) per keystroke in a row's text field.
/// `ForEachElement` knows which row it writes: just before, it has the follower let its copy of
/// the rows go (noting the row's value), writes in place, and has it keep them again. The
/// follower then tells only that row's children. A write made any other way finds the storage
/// shared, copies it, and the follower, seeing other bytes, compares every row, as it must.
///
/// The collection is kept in three parts, so that a row's write lets go of one reference only:
/// its ids (``keptIDs``, which a row's write does not change), its rows (``keptElements``, the
/// storage a row's write needs to itself), and an image of its bytes (``keptBytes``, which owns
/// nothing). Equal bytes still mean the same collection: they include the rows' storage, which
/// the follower owns, so no other storage can take its address meanwhile, and a collection with
/// other ids has other rows' storage too.
@usableFromInline
class FollowedRows<Rows: ElementCollection> {
  @usableFromInline typealias ID = Rows.ID
  @usableFromInline typealias Element = Rows.Element

  // Exclusivity: all of these are touched in the store's domain only, by the reducer's
  // `ForEachElement` and by the follower's check and notification after it, never nested.
  /// The kept collection's ids; `nil` until it keeps one.
  @exclusivity(unchecked) @usableFromInline final var keptIDs: Rows.IDs?
  /// The kept collection's rows, sharing its storage.
  @exclusivity(unchecked) @usableFromInline final var keptElements = Rows._Storage()
  /// The kept collection's bytes, copied without taking its references: compared, never used as
  /// a collection.
  @usableFromInline final let keptBytes: UnsafeMutablePointer<Rows>
  /// The rows `ForEachElement` wrote since the last notification: their ids, their positions
  /// (valid while the storage stays the kept one: nothing else can move a row without copying),
  /// and their values before.
  @exclusivity(unchecked) @usableFromInline final var written: [WrittenRow] = []

  @usableFromInline typealias WrittenRow = (id: ID, position: Int, before: Element)

  /// Keeps nothing until it follows a collection (a kept collection would make the reducer's
  /// next write to a row copy every row); its bytes are zeros, which no collection's are.
  @inlinable
  init() {
    keptIDs = nil
    keptBytes = .allocate(capacity: 1)
    UnsafeMutableRawPointer(keptBytes).initializeMemory(
      as: UInt8.self, repeating: 0, count: MemoryLayout<Rows>.size)
  }

  deinit {
    // Its bytes own nothing: the memory goes without deinitializing a collection.
    keptBytes.deallocate()
  }

  /// Keeps `collection`: its ids, its rows and its bytes.
  @inlinable
  final func keep(_ collection: inout Rows) {
    keptIDs = collection.ids
    keptElements = collection._storage
    copyBytes(of: &collection)
  }

  /// Copies `collection`'s bytes, taking none of its references.
  @inlinable
  final func copyBytes(of collection: inout Rows) {
    withUnsafeBytes(of: &collection) { bytes in
      UnsafeMutableRawPointer(keptBytes).copyMemory(from: bytes.baseAddress!, byteCount: bytes.count)
    }
  }

  /// Whether the follower keeps only the ids of a long list, not its rows (see
  /// ``ElementFollower``): `ForEachElement` then writes rows in place with no help.
  @exclusivity(unchecked) @usableFromInline final var keepsOnlyIDs = false

  /// Whether this follower keeps `collection`'s storage.
  @inlinable
  final func keeps(_ collection: inout Rows) -> Bool {
    !keepsOnlyIDs && sameBytes(in: &collection, as: &keptBytes.pointee)
  }

  /// Keeps `collection`'s ids and bytes, not its rows: a long list's rows are then the state's
  /// alone, and any write to one, the parent reducer's too, is in place.
  @inlinable
  final func keepIDs(_ collection: inout Rows) {
    keptIDs = collection.ids
    keptElements = Rows._Storage()
    copyBytes(of: &collection)
  }

  /// Changes the row at `position` in place: lets the kept rows go for the write, notes the
  /// row, and keeps the rows again after (one reference let go and taken again).
  @inlinable
  final func write<Result>(
    row id: ID, at position: Int, in collection: inout Rows,
    _ change: (inout Element) -> Result
  ) -> Result {
    writeInline(row: id, at: position, in: &collection, change)
  }

  /// What ``write(row:at:in:_:)`` does, inlined where it is called: into a reducer that
  /// inlines its collection's write (`_inlinesElementWrites`), where a call of its own would
  /// also call the element's reducer through a closure.
  @inlinable @inline(__always)
  final func writeInline<Result>(
    row id: ID, at position: Int, in collection: inout Rows,
    _ change: (inout Element) -> Result
  ) -> Result {
    written.append((id, position, collection[position]))
    keptElements = Rows._Storage()
    defer {
      keptElements = collection._storage
      // The rows' storage is the same unless something else shared it and the write copied it.
      copyBytes(of: &collection)
    }
    return collection.updateElement(at: position, change)
  }
}
