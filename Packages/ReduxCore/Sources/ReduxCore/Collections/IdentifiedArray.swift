/// An ordered collection of identifiable elements with constant-time access by id: the shape of
/// a list of child states (todos, rows, tabs) in a store.
///
/// It keeps the order of an array and an index from id to position, so `todos[id: id]` does not
/// search. Ids are unique: appending an element whose id is already there replaces it in place.
///
/// ```swift
/// var todos: IdentifiedArray<Todo> = [Todo(id: 1, title: "Write"), Todo(id: 2, title: "Ship")]
/// todos[id: 2]?.isDone = true
/// todos.remove(id: 1)
/// todos.map(\.title)  // ["Ship"]
/// ```
///
/// - Complexity: Reading, replacing and appending by id are O(1); removing or inserting in the
///   middle is O(n), as for an array.
public struct IdentifiedArray<Element: Identifiable> {
  @usableFromInline var elements: [Element]
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

  /// The element with this id, or `nil`; setting `nil` removes it, setting a value replaces it
  /// in place or appends it.
  ///
  /// ```swift
  /// todos[id: 2]?.isDone = true
  /// ```
  @inlinable
  public subscript(id id: Element.ID) -> Element? {
    get { positions[id].map { elements[$0] } }
    set {
      if let newValue {
        if newValue.id != id {
          fatalError(
            "IdentifiedArray: the element set through [id: \(id)] has id \(newValue.id); "
              + "set an element only under its own id, or use append(_:) for a new one.")
        }
        append(newValue)
      } else {
        remove(id: id)
      }
    }
  }

  /// Appends an element, or replaces the one with the same id where it stands.
  ///
  /// ```swift
  /// todos.append(Todo(id: 3, title: "Celebrate"))
  /// ```
  /// - Parameter element: The element.
  @inlinable
  public mutating func append(_ element: Element) {
    if let position = positions[element.id] {
      elements[position] = element
    } else {
      positions[element.id] = elements.count
      elements.append(element)
    }
  }

  /// Inserts an element at a position; an element with the same id elsewhere is removed first.
  ///
  /// ```swift
  /// todos.insert(Todo(id: 0, title: "Plan"), at: 0)
  /// ```
  /// - Parameters:
  ///   - element: The element.
  ///   - index: Where it goes.
  public mutating func insert(_ element: Element, at index: Int) {
    remove(id: element.id)
    elements.insert(element, at: Swift.min(index, elements.count))
    reindex(from: index)
  }

  /// Removes the element with this id.
  ///
  /// ```swift
  /// let removed = todos.remove(id: 1)
  /// ```
  /// - Parameter id: Its id.
  /// - Returns: The element, or `nil` if there was none.
  @discardableResult
  public mutating func remove(id: Element.ID) -> Element? {
    guard let position = positions.removeValue(forKey: id) else { return nil }
    let element = elements.remove(at: position)
    reindex(from: position)
    return element
  }

  /// Removes every element that matches.
  ///
  /// ```swift
  /// todos.removeAll { $0.isDone }
  /// ```
  /// - Parameter shouldRemove: Says which elements go.
  public mutating func removeAll(where shouldRemove: (Element) throws -> Bool) rethrows {
    try elements.removeAll(where: shouldRemove)
    reindex(from: 0)
  }

  /// Moves the elements at `source` to `destination`, as SwiftUI's `onMove` reports them.
  ///
  /// ```swift
  /// todos.move(fromOffsets: [0], toOffset: 2)
  /// ```
  /// - Parameters:
  ///   - source: The positions to move.
  ///   - destination: Where they go, in positions before the move.
  public mutating func move(fromOffsets source: [Int], toOffset destination: Int) {
    let moving = source.sorted().map { elements[$0] }
    let before = source.filter { $0 < destination }.count
    for offset in source.sorted(by: >) { elements.remove(at: offset) }
    elements.insert(contentsOf: moving, at: destination - before)
    reindex(from: 0)
  }

  private mutating func reindex(from start: Int) {
    for position in Swift.max(0, start)..<elements.count {
      positions[elements[position].id] = position
    }
  }
}

extension IdentifiedArray: RandomAccessCollection {
  /// The position of the first element.
  public var startIndex: Int { elements.startIndex }
  /// The position after the last element.
  public var endIndex: Int { elements.endIndex }
  /// The element at a position.
  public subscript(position: Int) -> Element { elements[position] }
}

extension IdentifiedArray: ExpressibleByArrayLiteral {
  /// Makes a collection from a literal: `[Todo(id: 1, title: "Write")]`.
  public init(arrayLiteral elements: Element...) {
    self.init(elements)
  }
}

extension IdentifiedArray: Equatable where Element: Equatable {
  /// Equal when they hold equal elements in the same order.
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.elements == rhs.elements }
}

extension IdentifiedArray: Hashable where Element: Hashable {
  /// Hashes the elements in order.
  public func hash(into hasher: inout Hasher) { hasher.combine(elements) }
}

extension IdentifiedArray: Sendable where Element: Sendable, Element.ID: Sendable {}

extension IdentifiedArray: Encodable where Element: Encodable {
  /// Encodes as a plain array.
  public func encode(to encoder: any Encoder) throws { try elements.encode(to: encoder) }
}

extension IdentifiedArray: Decodable where Element: Decodable {
  /// Decodes from a plain array; a repeated id keeps the last element.
  public init(from decoder: any Decoder) throws { self.init(try [Element](from: decoder)) }
}

extension IdentifiedArray: CustomStringConvertible {
  /// Prints like an array.
  public var description: String { elements.description }
}
