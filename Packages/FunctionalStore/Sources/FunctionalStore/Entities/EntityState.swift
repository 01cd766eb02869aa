/// A normalized collection of entities: their ids in order and the entities by id, Redux
/// Toolkit's entity state. Change it through an ``EntityAdapter``, which keeps the two in step
/// (and the ids sorted, if it sorts).
///
/// ```swift
/// struct LibraryState: Equatable, Sendable {
///   var books = EntityState<Book>()
///   var query = ""
/// }
/// ```
///
/// Its own type rather than an identified array (swift-identified-collections, which the
/// reducer/effect style uses): the functional style depends on nothing outside the standard
/// library, and this is Redux Toolkit's shape (`ids`, `entities`), which a Redux user reads at a
/// glance in a log or a recording. Reading by id is a dictionary look-up; in order, a walk of
/// `ids`.
public struct EntityState<Entity: Identifiable> {
  /// The ids, in the collection's order (sorted, with a sorting adapter).
  @inlinable public var ids: [Entity.ID] { storedIDs }
  /// The entities, by id.
  @inlinable public var entities: [Entity.ID: Entity] { storedEntities }
  /// What ``ids`` and ``entities`` read; the adapter writes them, in place.
  @usableFromInline var storedIDs: [Entity.ID]
  @usableFromInline var storedEntities: [Entity.ID: Entity]

  /// An empty collection.
  ///
  /// ```swift
  /// var books = EntityState<Book>()
  /// ```
  @inlinable
  public init() {
    storedIDs = []
    storedEntities = [:]
  }

  /// The entity with `id`, if there is one.
  ///
  /// ```swift
  /// let first = library.books[id: 1]
  /// ```
  @inlinable public subscript(id id: Entity.ID) -> Entity? { storedEntities[id] }

  /// The entities in order.
  ///
  /// ```swift
  /// for book in library.books.all { print(book.title) }
  /// ```
  @inlinable public var all: [Entity] { storedIDs.map { storedEntities[$0]! } }

  /// How many entities there are.
  ///
  /// ```swift
  /// print(library.books.count)
  /// ```
  @inlinable public var count: Int { storedIDs.count }
}

extension EntityState: Equatable where Entity: Equatable {}
extension EntityState: Hashable where Entity: Hashable {}
extension EntityState: Sendable where Entity: Sendable, Entity.ID: Sendable {}
extension EntityState: Codable where Entity: Codable, Entity.ID: Codable {
  /// Redux Toolkit's names.
  enum CodingKeys: String, CodingKey {
    case storedIDs = "ids"
    case storedEntities = "entities"
  }
}

extension EntityState: CustomReflectable {
  /// Redux Toolkit's names, `ids` and `entities`, as a diff, a log line, a recording's changes
  /// and a test failure show them: the names a user reads and writes, not the stored ones.
  ///
  /// ```swift
  /// print(Mirror(reflecting: library.books).children.map(\.label))  // ["ids", "entities"]
  /// ```
  public var customMirror: Mirror {
    Mirror(self, children: ["ids": storedIDs, "entities": storedEntities], displayStyle: .struct)
  }
}
