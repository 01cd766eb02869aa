/// The ordered-state operations of SwiftDux's `OrderedState` and of this package's former
/// collection, which `IdentifiedArray`'s own `insert(_:at:)` does not do: that one keeps an
/// element whose id is already there where it is, and stops the program at a position outside
/// the array.
extension IdentifiedArray {
  /// Puts `element` at `position`: an element with its id already there leaves its old place
  /// (the position counts the array without it), and a position outside the array is clamped
  /// to its start or its end.
  ///
  /// ```swift
  /// var todos: IdentifiedArrayOf<TodoState> = [TodoState(id: 1), TodoState(id: 2), TodoState(id: 3)]
  /// todos.place(TodoState(id: 3), at: 0)    // ids 3, 1, 2
  /// todos.place(TodoState(id: 4), at: 99)   // ids 3, 1, 2, 4
  /// ```
  /// - Parameters:
  ///   - element: The element, new or with an id already in the array (its new value is kept).
  ///   - position: Where it goes; clamped to `0...count` once an element of the same id left.
  public mutating func place(_ element: Element, at position: Int) {
    remove(id: element[keyPath: id])
    insert(element, at: Swift.min(Swift.max(position, 0), count))
  }
}
