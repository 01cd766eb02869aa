extension EntityAdapter {
  /// An empty state, or one holding `entities` in the adapter's order: Redux Toolkit's
  /// `getInitialState(undefined, entities)`. Its other form, `getInitialState(extra)`, adds
  /// fields to the state object; in Swift those are fields of the struct that holds the
  /// ``EntityState`` (`struct Books { var all = EntityState<Book>(); var isLoading = false }`).
  ///
  /// ```swift
  /// let start = booksAdapter.getInitialState([Book(id: 1, title: "Dune")])
  /// ```
  /// - Parameter entities: The entities to start with, added as `addMany` adds them.
  /// - Returns: The state.
  @inlinable
  public func getInitialState(_ entities: some Sequence<Entity>) -> EntityState<Entity> {
    var state = EntityState<Entity>()
    addMany(&state, entities)
    return state
  }

  /// An empty state: Redux Toolkit's `getInitialState()`.
  ///
  /// ```swift
  /// let start = booksAdapter.getInitialState()  // no ids, no entities
  /// ```
  /// - Returns: The state.
  @inlinable
  public func getInitialState() -> EntityState<Entity> { EntityState() }

  /// The selectors of an entity state found in a larger state by `selectState`: Redux
  /// Toolkit's `getSelectors(selectState)`, for a store's whole state.
  ///
  /// ```swift
  /// let books = booksAdapter.getSelectors { (state: LibraryState) in state.books }
  /// let titles = books.selectAll(library).map(\.title)
  /// ```
  /// - Parameter selectState: Where the entity state lies in the larger state (a key path works).
  /// - Returns: The selectors.
  public func getSelectors<Root>(
    _ selectState: @escaping @Sendable (Root) -> EntityState<Entity>
  ) -> EntitySelectors<Root, Entity> {
    EntitySelectors(selectState)
  }

  /// The selectors of an entity state itself: Redux Toolkit's `getSelectors()`.
  ///
  /// ```swift
  /// let books = booksAdapter.getSelectors()
  /// let count = books.selectTotal(library.books)
  /// ```
  /// - Returns: The selectors.
  public func getSelectors() -> EntitySelectors<EntityState<Entity>, Entity> {
    EntitySelectors(\EntityState<Entity>.self)
  }
}

/// The reads of an ``EntityState`` kept in a larger state: what Redux Toolkit's
/// `adapter.getSelectors(selectState)` returns, each a function of the larger state.
///
/// ```swift
/// let books = booksAdapter.getSelectors { (state: LibraryState) in state.books }
/// let dune = books.selectById(library, 1)
/// ```
public struct EntitySelectors<Root, Entity: Identifiable>: Sendable {
  let selectState: @Sendable (Root) -> EntityState<Entity>

  init(_ selectState: @escaping @Sendable (Root) -> EntityState<Entity>) {
    self.selectState = selectState
  }

  /// The ids in order.
  ///
  /// ```swift
  /// let ids = booksAdapter.getSelectors().selectIds(library.books)
  /// ```
  /// - Parameter root: The larger state.
  /// - Returns: The ids.
  public func selectIds(_ root: Root) -> [Entity.ID] { selectState(root).ids }

  /// The entities by id.
  ///
  /// ```swift
  /// let byID = booksAdapter.getSelectors().selectEntities(library.books)
  /// ```
  /// - Parameter root: The larger state.
  /// - Returns: The entities by id.
  public func selectEntities(_ root: Root) -> [Entity.ID: Entity] { selectState(root).entities }

  /// The entities in order.
  ///
  /// ```swift
  /// let all = booksAdapter.getSelectors().selectAll(library.books)
  /// ```
  /// - Parameter root: The larger state.
  /// - Returns: The entities.
  public func selectAll(_ root: Root) -> [Entity] { selectState(root).all }

  /// How many entities there are.
  ///
  /// ```swift
  /// let count = booksAdapter.getSelectors().selectTotal(library.books)
  /// ```
  /// - Parameter root: The larger state.
  /// - Returns: The count.
  public func selectTotal(_ root: Root) -> Int { selectState(root).count }

  /// The entity with `id`, if there is one.
  ///
  /// ```swift
  /// let dune = booksAdapter.getSelectors().selectById(library.books, 1)
  /// ```
  /// - Parameters:
  ///   - root: The larger state.
  ///   - id: The entity's id.
  /// - Returns: The entity.
  public func selectById(_ root: Root, _ id: Entity.ID) -> Entity? { selectState(root)[id: id] }
}
