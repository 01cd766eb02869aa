import ReduxCore

/// A collection a store follows for its element child stores, and the rows `ForEachElement`
/// wrote in it since the children were last told.
///
/// The follower keeps the collection its children last saw, so that equal bytes mean the same
/// storage, hence nothing changed: an action that touches no row costs one comparison. But a
/// kept collection is a second reference to the storage, so a reducer's next write to one row
/// would first copy every row (copy-on-write): O(rows) per keystroke in a row's text field.
/// `ForEachElement` knows which row it writes: just before, it has the follower let its copy go
/// (noting the row's value), writes in place, and has it keep the collection again. The follower
/// then tells only that row's children. A write made any other way finds the storage shared,
/// copies it, and the follower, seeing other bytes, compares every row, as it must.
@usableFromInline
class FollowedRows<ID: Hashable, Element> {
  // Exclusivity: all of these are touched in the store's domain only, by the reducer's
  // `ForEachElement` and by the follower's check and notification after it, never nested.
  @exclusivity(unchecked) @usableFromInline final var last: IdentifiedArray<ID, Element>
  /// The rows `ForEachElement` wrote since the last notification: their ids, their positions
  /// (valid while the storage stays the kept one: nothing else can move a row without copying),
  /// and their values before.
  @exclusivity(unchecked) @usableFromInline final var written: [WrittenRow] = []

  @usableFromInline typealias WrittenRow = (id: ID, position: Int, before: Element)

  /// Keeps an empty collection like `collection` until it follows it: a kept collection would
  /// make the reducer's next write to a row copy every row.
  @inlinable
  init(like collection: IdentifiedArray<ID, Element>) {
    last = IdentifiedArray(collection[collection.startIndex..<collection.startIndex])
  }

  /// Whether this follower keeps `collection`'s storage.
  @inlinable
  final func keeps(_ collection: inout IdentifiedArray<ID, Element>) -> Bool {
    sameBytes(in: &collection, as: &last)
  }

  /// Changes the row at `position` in place: lets the kept collection go for the write, notes
  /// the row, and keeps the collection again after.
  @inlinable
  final func write<Result>(
    row id: ID, at position: Int, in collection: inout IdentifiedArray<ID, Element>,
    _ change: (inout Element) -> Result
  ) -> Result {
    written.append((id, position, collection[position]))
    // The kept collection's references are released for the write and taken again after,
    // without putting another collection in its place (which would cost as many again). Nothing
    // reads `last` meanwhile but `keeps`, which compares bytes only.
    return withUnsafeMutablePointer(to: &last) { kept in
      kept.deinitialize(count: 1)
      defer { kept.initialize(to: collection) }
      return change(&collection[position])
    }
  }
}
