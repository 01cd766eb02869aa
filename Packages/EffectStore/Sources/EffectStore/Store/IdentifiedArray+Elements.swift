/// `IdentifiedArray` finds an element by id in constant time: a view that reads its row with
/// `store.state(\.todos, id: id)` costs each dispatch one lookup, in code compiled for the app.
extension IdentifiedArray: IdentifiedElements where Element: Identifiable, ID == Element.ID {}

extension IdentifiedArray {
  /// The position of the element with `id`, looked for at `position` first: one comparison of
  /// ids where an element usually is (where it was last, a stack's top), rather than a scan of
  /// the ids or hashing.
  @inlinable @inline(__always)
  func index(id: ID, lookingFirstAt position: Int) -> Int? {
    if position >= 0, position < count, ids[position] == id { return position }
    return index(id: id)
  }
}
