/// `IdentifiedArray` finds an element by id in constant time: a view that reads its row with
/// `store.state(\.todos, id: id)` costs each dispatch one lookup, in code compiled for the app.
extension IdentifiedArray: IdentifiedElements where Element: Identifiable, ID == Element.ID {
  /// The array's `[id:]` subscript as a key path: a view that reads its row as
  /// `store.state(\.todos[id: id])` is then tracked by the row's id, at the cost of
  /// `store.state(\.todos, id: id)`.
  ///
  /// ```swift
  /// let row = IdentifiedArrayOf<TodoState>.keyPath(toElementWithID: 1)
  /// ```
  public static func keyPath(toElementWithID id: ID) -> KeyPath<Self, Element?>? { \Self[id: id] }
}

/// A list's rows get their own reducer and child stores. A write to one row goes through the
/// array's positional subscript, which checks after the write that the row's id did not change.
extension IdentifiedArray: ElementCollection {
  /// Changes the element at `position` through the array's checked write.
  ///
  /// ```swift
  /// var todos: IdentifiedArrayOf<TodoState> = [TodoState(id: 1)]
  /// todos.updateElement(at: 0) { $0.isDone = true }
  /// ```
  /// - Parameters:
  ///   - position: A valid position.
  ///   - change: Changes the element; it must not change the element's id.
  /// - Returns: What `change` returns.
  @inlinable @inline(__always)
  public mutating func updateElement<Result>(
    at position: Int, _ change: (inout Element) -> Result
  ) -> Result {
    change(&self[position])
  }

  /// The rows, sharing the array's storage.
  ///
  /// ```swift
  /// let todos: IdentifiedArrayOf<TodoState> = [TodoState(id: 1)]
  /// let rows = todos._storage   // [TodoState(id: 1)]
  /// ```
  @inlinable
  public var _storage: [Element] { elements }
}
