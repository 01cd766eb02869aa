/// A collection whose elements are found by their id in constant time: what
/// ``StateStore/state(_:id:)`` needs to read one row of a list fast. swift-identified-collections'
/// `IdentifiedArray` is one once `EffectStore` is imported; a functional or class-based app that
/// keeps its rows in one says so once:
///
/// ```swift
/// import FunctionalStore
/// import IdentifiedCollections
///
/// extension IdentifiedArray: @retroactive IdentifiedElements where Element: Identifiable, ID == Element.ID {
///   public static func keyPath(toElementWithID id: ID) -> KeyPath<Self, Element?>? { \Self[id: id] }
/// }
/// ```
///
/// Positions and the array of elements let the store check a watched row after each action
/// where it was found last, with one comparison of ids instead of hashing its id.
public protocol IdentifiedElements<Element>: RandomAccessCollection
where Element: Identifiable, Index == Int {
  /// The element with `id`, or `nil` when there is none.
  subscript(id id: Element.ID) -> Element? { get }
  /// The position of the element with `id`, or `nil` when there is none; in constant time.
  func index(id: Element.ID) -> Int?
  /// The elements in order, as an array sharing the collection's storage (not a copy).
  var elements: [Element] { get }
  /// The collection's own `[id:]` subscript as a key path, `\Self[id: id]`, written where the
  /// collection's type is known; `nil` (the default) when there is none. With it, a view that
  /// reads a row as `store.state(\.todos[id: id])` is tracked as `store.state(\.todos, id: id)`
  /// is, at its cost; `IdentifiedArray` has it once `EffectStore` is imported.
  ///
  /// ```swift
  /// let row = IdentifiedArrayOf<Todo>.keyPath(toElementWithID: 2)
  /// ```
  static func keyPath(toElementWithID id: Element.ID) -> KeyPath<Self, Element?>?
}

extension IdentifiedElements {
  /// None: a row read through a key path subscript is compared through its key path.
  ///
  /// ```swift
  /// let row = IdentifiedArrayOf<Todo>.keyPath(toElementWithID: 2)
  /// ```
  public static func keyPath(toElementWithID id: Element.ID) -> KeyPath<Self, Element?>? { nil }
}

extension StateStore {
  /// One element of a list in the state, by id, tracked by Observation on its own: a row's view
  /// reads its row this way, and is told only after a dispatch that changed that row.
  ///
  /// It tracks what `store.state(\.todos[id: id])` tracks: after each action the store compares
  /// every row someone watches, found by a lookup in code compiled for your types. The subscript
  /// spelling is read the same way when the list is a stored property of the state whose type
  /// gives ``IdentifiedElements/keyPath(toElementWithID:)``, but its key path is made anew at
  /// each read; any other key path to a row goes through the runtime after each action (about
  /// 20 times the instructions).
  ///
  /// ```swift
  /// let todo = store.state(\.todos, id: 2)
  /// ```
  /// - Parameters:
  ///   - elements: The list, an ``IdentifiedElements`` collection (`IdentifiedArrayOf`).
  ///   - id: The element's id.
  /// - Returns: The element, or `nil` when the list has none with that id.
  @inlinable
  public func state<Elements: IdentifiedElements>(
    _ elements: KeyPath<State, Elements>, id: Elements.Element.ID
  ) -> Elements.Element? where Elements.Element: Equatable {
    engine.element(id: id, in: elements)
  }
}
