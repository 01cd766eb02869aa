/// An ordered collection of identifiable elements with constant-time access by id: the shape of
/// a list of child states (todos, rows, tabs) in a store.
///
/// It keeps the order of an array and an index from id to position, so `todos[id: id]` does not
/// search. Ids are unique: appending an element whose id is already there replaces it in place.
/// Every mutation keeps the index exact (a randomized test checks it against a plain array
/// after each of thousands of random operations).
///
/// ```swift
/// var todos: IdentifiedArray<Todo> = [Todo(id: 1, title: "Write"), Todo(id: 2, title: "Ship")]
/// todos[id: 2]?.isDone = true
/// todos.remove(id: 1)
/// todos.map(\.title)  // ["Ship"]
/// ```
///
/// - Complexity: Reading, replacing, appending and writing through `[id:]` are O(1), in place
///   (no copy of the element or of the array); removing, inserting or moving in the middle is
///   O(n), as for an array.
public struct IdentifiedArray<Element: Identifiable> {
  @usableFromInline var elements: ContiguousArray<Element>
  @usableFromInline var positions: [Element.ID: Int]

  /// Makes an empty collection.
  ///
  /// ```swift
  /// var todos = IdentifiedArray<Todo>()
  /// ```
  public init() {
    elements = []
    positions = [:]
  }

  /// Makes a collection from elements; a later element with the id of an earlier one replaces it.
  ///
  /// ```swift
  /// let todos = IdentifiedArray([Todo(id: 1, title: "Write")])
  /// ```
  /// - Parameter elements: The elements, in order.
  public init(_ elements: some Sequence<Element>) {
    self.init()
    for element in elements { append(element) }
  }

  /// The ids, in order.
  public var ids: [Element.ID] { elements.map(\.id) }

  /// The position of the element with this id, or `nil`.
  ///
  /// ```swift
  /// let position = todos.index(id: 2)
  /// ```
  @inlinable
  public func index(id: Element.ID) -> Int? { positions[id] }

  /// Whether an element has this id.
  ///
  /// ```swift
  /// if todos.contains(id: 2) { print("still there") }
  /// ```
  @inlinable
  public func contains(id: Element.ID) -> Bool { positions[id] != nil }

  /// The element with this id, or `nil`; setting `nil` removes it, setting a value replaces it
  /// in place or appends it. Writing through it changes the element in place:
  ///
  /// ```swift
  /// todos[id: 2]?.isDone = true
  /// ```
  ///
  /// Setting an element under another element's id is a programmer error.
  @inlinable
  public subscript(id id: Element.ID) -> Element? {
    get { positions[id].map { elements[$0] } }
    set {
      guard let newValue else {
        remove(id: id)
        return
      }
      if newValue.id != id { IdentifiedArrayError.wrongID(id, newValue.id) }
      append(newValue)
    }
    @inline(__always) _modify {
      // In place: the element is moved out of its slot (no copy, no retain), handed to the
      // caller, and moved back. A one-element array takes the simple path, which needs a
      // neighbour to refill the slot if the caller removes the element.
      guard let position = positions[id], elements.count > 1 else {
        var element = positions[id].map { elements[$0] }
        yield &element
        self[id: id] = element
        return
      }
      var element: Element? = elements.withUnsafeMutableBufferPointer {
        ($0.baseAddress! + position).move()
      }
      defer {
        let moved = element.take()
        if let moved, moved.id == id {
          elements.withUnsafeMutableBufferPointer { ($0.baseAddress! + position).initialize(to: moved) }
        } else {
          closeHole(at: position, id: id, replacement: moved)
        }
      }
      yield &element
    }
  }

  /// Refills the slot `_modify` emptied when the caller set `nil` (with a copy of a neighbour,
  /// then removed with the slot), or stops when it changed the element's id.
  @usableFromInline
  mutating func closeHole(at position: Int, id: Element.ID, replacement element: Element?) {
    let neighbour = position == 0 ? 1 : 0
    elements.withUnsafeMutableBufferPointer {
      ($0.baseAddress! + position).initialize(to: $0[neighbour])
    }
    if let element { IdentifiedArrayError.wrongID(id, element.id) }
    elements.remove(at: position)
    positions[id] = nil
    reindex(from: position)
  }

  /// The element at a position. Writing through it changes the element in place; changing its
  /// id to one another element has is a programmer error.
  ///
  /// ```swift
  /// todos[0].title = "Plan"
  /// ```
  @inlinable
  public subscript(position: Int) -> Element {
    get { elements[position] }
    _modify {
      let id = elements[position].id
      // Also when the caller's mutation throws after changing the id.
      defer {
        let newID = elements[position].id
        if newID != id { reindexChangedID(at: position, from: id, to: newID) }
      }
      yield &elements[position]
    }
  }

  @usableFromInline
  mutating func reindexChangedID(at position: Int, from id: Element.ID, to newID: Element.ID) {
    if positions[newID] != nil { IdentifiedArrayError.duplicateID(newID) }
    positions[id] = nil
    positions[newID] = position
  }

  /// Appends an element, or replaces the element with the same id where it is.
  ///
  /// ```swift
  /// todos.append(Todo(id: 3, title: "Rest"))
  /// ```
  @inlinable
  public mutating func append(_ element: Element) {
    if let position = positions[element.id] {
      elements[position] = element
    } else {
      positions[element.id] = elements.count
      elements.append(element)
    }
  }

  /// Inserts an element at a position (clamped to `0...count`). An element whose id is already
  /// there is moved: it leaves its old place, and the new value lands at the position, counted
  /// in the collection without it.
  ///
  /// ```swift
  /// todos.insert(Todo(id: 0, title: "Plan"), at: 0)
  /// ```
  public mutating func insert(_ element: Element, at index: Int) {
    var firstChanged = Int.max
    if let old = positions.removeValue(forKey: element.id) {
      elements.remove(at: old)
      firstChanged = old
    }
    let target = Swift.min(Swift.max(index, 0), elements.count)
    elements.insert(element, at: target)
    reindex(from: Swift.min(firstChanged, target))
  }

  /// Removes the element with this id.
  ///
  /// ```swift
  /// todos.remove(id: 1)
  /// ```
  /// - Returns: The removed element, or `nil` if there was none.
  @discardableResult
  public mutating func remove(id: Element.ID) -> Element? {
    guard let position = positions[id] else { return nil }
    return remove(at: position)
  }

  /// Removes the element at a position.
  ///
  /// ```swift
  /// let first = todos.remove(at: 0)
  /// ```
  /// - Returns: The removed element.
  @discardableResult
  public mutating func remove(at position: Int) -> Element {
    let element = elements.remove(at: position)
    positions[element.id] = nil
    reindex(from: position)
    return element
  }

  /// Removes the elements at these positions (as SwiftUI's `onDelete` gives them).
  ///
  /// ```swift
  /// todos.remove(atOffsets: [0, 2])
  /// ```
  public mutating func remove(atOffsets offsets: some Sequence<Int>) {
    let doomed = Set(offsets)
    guard let first = doomed.min() else { return }
    var position = 0
    elements.removeAll { element in
      defer { position += 1 }
      guard doomed.contains(position) else { return false }
      positions[element.id] = nil
      return true
    }
    reindex(from: first)
  }

  /// Removes every element that matches. If `shouldRemove` throws, the collection is left
  /// unchanged: every element is asked before any is removed.
  ///
  /// ```swift
  /// todos.removeAll { $0.isDone }
  /// ```
  public mutating func removeAll(where shouldRemove: (Element) throws -> Bool) rethrows {
    var kept = ContiguousArray<Element>()
    kept.reserveCapacity(elements.count)
    for element in elements {
      if try !shouldRemove(element) { kept.append(element) }
    }
    guard kept.count < elements.count else { return }
    elements = kept
    rebuildIndex()
  }

  /// Removes every element.
  ///
  /// ```swift
  /// todos.removeAll()
  /// ```
  public mutating func removeAll() {
    elements.removeAll()
    positions.removeAll()
  }

  /// Moves the elements at `source` so they sit, in order, before the element that was at
  /// `destination` (SwiftUI's `onMove` convention).
  ///
  /// ```swift
  /// todos.move(fromOffsets: [0], toOffset: 3)
  /// ```
  public mutating func move(fromOffsets source: some Sequence<Int>, toOffset destination: Int) {
    let sorted = Set(source).sorted()
    guard !sorted.isEmpty else { return }
    let moving = sorted.map { elements[$0] }
    let before = sorted.filter { $0 < destination }.count
    for offset in sorted.reversed() { elements.remove(at: offset) }
    let target = Swift.min(Swift.max(destination - before, 0), elements.count)
    elements.insert(contentsOf: moving, at: target)
    reindex(from: Swift.min(sorted[0], target))
  }

  /// Sorts the elements. If `areInIncreasingOrder` throws, the collection is left unchanged:
  /// a copy is sorted, then takes the elements' place.
  ///
  /// ```swift
  /// todos.sort { $0.title < $1.title }
  /// ```
  public mutating func sort(by areInIncreasingOrder: (Element, Element) throws -> Bool) rethrows {
    var sorted = elements
    try sorted.sort(by: areInIncreasingOrder)
    elements = sorted
    reindex(from: 0)
  }

  private mutating func reindex(from start: Int) {
    for position in Swift.max(0, start)..<elements.count {
      positions[elements[position].id] = position
    }
  }

  private mutating func rebuildIndex() {
    positions.removeAll(keepingCapacity: true)
    reindex(from: 0)
  }
}

/// The messages for misusing an ``IdentifiedArray``.
@usableFromInline
enum IdentifiedArrayError {
  @usableFromInline
  static func wrongID(_ id: some Hashable, _ other: some Hashable) -> Never {
    fatalError(
      "IdentifiedArray: the element set through [id: \(id)] has id \(other); "
        + "set an element only under its own id, or use append(_:) for a new one.")
  }

  @usableFromInline
  static func duplicateID(_ id: some Hashable) -> Never {
    fatalError(
      "IdentifiedArray: an element's id was changed to \(id), which another element has; "
        + "ids must stay unique: remove the other element first.")
  }
}

extension IdentifiedArray: RandomAccessCollection {
  /// The position of the first element.
  public var startIndex: Int { elements.startIndex }
  /// The position after the last element.
  public var endIndex: Int { elements.endIndex }
}

extension IdentifiedArray: ExpressibleByArrayLiteral {
  /// Makes a collection from a literal.
  ///
  /// ```swift
  /// let todos: IdentifiedArray<Todo> = [Todo(id: 1, title: "Write")]
  /// ```
  public init(arrayLiteral elements: Element...) {
    self.init(elements)
  }
}

extension IdentifiedArray: Equatable where Element: Equatable {
  /// Equal when the elements are, in the same order; O(1) when both share their storage.
  @inlinable
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.elements == rhs.elements }
}

extension IdentifiedArray: Hashable where Element: Hashable {
  /// Hashes the elements in order.
  public func hash(into hasher: inout Hasher) { hasher.combine(elements) }
}

extension IdentifiedArray: Sendable where Element: Sendable, Element.ID: Sendable {}

extension IdentifiedArray: Encodable where Element: Encodable {
  /// Encodes the elements as an array.
  public func encode(to encoder: any Encoder) throws { try elements.encode(to: encoder) }
}

extension IdentifiedArray: Decodable where Element: Decodable {
  /// Decodes an array of elements; a later element with an earlier one's id replaces it.
  public init(from decoder: any Decoder) throws { self.init(try [Element](from: decoder)) }
}

extension IdentifiedArray: CustomStringConvertible {
  /// The elements, as an array prints them.
  public var description: String { elements.description }
}
