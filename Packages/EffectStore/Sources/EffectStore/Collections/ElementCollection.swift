/// A collection whose elements each get their own reducer (``ForEachElement``) and their own
/// child store (``FeatureStore/scope(forEach:action:)``): `IdentifiedArray`, for lists, and
/// ``StackState``, for navigation stacks.
///
/// You do not conform your own types: the two the library provides are what its element
/// follower and `ForEachElement` are built and measured for. The protocol says what they
/// share: ids apart from the elements, a lookup by id, and a write to one element in place.
///
/// ```swift
/// func screenCount(_ path: some ElementCollection) -> Int { path.ids.count }
/// ```
public protocol ElementCollection<ID, Element>: RandomAccessCollection where Index == Int {
  /// What identifies an element.
  associatedtype ID: Hashable
  /// The elements' ids, in order.
  associatedtype IDs: RandomAccessCollection<ID>, Equatable where IDs.Index == Int

  /// The elements' ids, in the elements' order.
  var ids: IDs { get }

  /// The elements' storage, as a value sharing it (not a copy): what a store that follows the
  /// collection for its element stores keeps, so that a write to the collection can tell.
  associatedtype _Storage: RandomAccessCollection<Element>, RangeReplaceableCollection
  where _Storage.Index == Int

  /// The elements in order, sharing the collection's storage.
  var _storage: _Storage { get }

  /// The position of the element with `id`, or `nil` when there is none.
  func index(id: ID) -> Int?

  /// The element with `id`, or `nil` when there is none.
  subscript(id id: ID) -> Element? { get }

  /// Changes the element at `position` in place; its id stays what it was.
  ///
  /// - Parameters:
  ///   - position: A valid position.
  ///   - change: Changes the element.
  /// - Returns: What `change` returns.
  mutating func updateElement<Result>(at position: Int, _ change: (inout Element) -> Result) -> Result

  /// Changes the element at `position` in place when no other value shares the collection's
  /// storage, as ``updateElement(at:_:)`` does; when one does (a store following the collection
  /// keeps it), changes nothing and returns `nil`. One check for both: whether the collection is
  /// followed, and whether the write must copy.
  ///
  /// - Parameters:
  ///   - position: A valid position.
  ///   - change: Changes the element.
  /// - Returns: What `change` returns, or `nil` when the storage is shared.
  mutating func _updateElementIfUniquelyStored<Result>(
    at position: Int, _ change: (inout Element) -> Result
  ) -> Result?

  /// Whether `ForEachElement` inlines its write of an element into its reducer: for a write as
  /// cheap as an array's (``StackState``'s). Inlined, `IdentifiedArray`'s checked write lets go
  /// of references it does not when called.
  static var _inlinesElementWrites: Bool { get }
}

extension ElementCollection {
  /// Not inlined, unless the collection says so.
  @inlinable
  public static var _inlinesElementWrites: Bool { false }

  /// Never asked: for a collection whose storage's sharing is not known without a write,
  /// `ForEachElement` asks whether the collection is followed first.
  @inlinable @inline(__always)
  public mutating func _updateElementIfUniquelyStored<Result>(
    at position: Int, _ change: (inout Element) -> Result
  ) -> Result? {
    nil
  }
}

extension ElementCollection {
  /// The position of the element with `id`, looked for at `position` first: one comparison of
  /// ids where an element usually is (where it was last, a stack's top), rather than a search.
  @inlinable @inline(__always)
  func index(id: ID, lookingFirstAt position: Int) -> Int? {
    let ids = ids
    // One comparison for both bounds: a negative position is a large unsigned one.
    if UInt(bitPattern: position) < UInt(bitPattern: ids.count), ids[position] == id { return position }
    return index(id: id)
  }
}
