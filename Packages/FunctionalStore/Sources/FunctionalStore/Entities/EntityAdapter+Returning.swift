/// Each operation as Redux Toolkit writes it, taking a state and returning the new one, for
/// code that keeps states as values (`let next = booksAdapter.addOne(books, dune)`). The
/// in-place forms (`booksAdapter.addOne(&state.books, dune)`) are the ones for a reducer: they
/// copy nothing the state does not already share.
extension EntityAdapter {
  /// `state` with `entity` added, unless one with its id is there.
  ///
  /// ```swift
  /// let next = booksAdapter.addOne(library.books, Book(id: 1, title: "Dune"))
  /// ```
  /// - Returns: The new state.
  @inlinable
  public func addOne(_ state: EntityState<Entity>, _ entity: Entity) -> EntityState<Entity> {
    applying(to: state) { addOne(&$0, entity) }
  }

  /// `state` with each entity whose id is not there added, in order.
  ///
  /// ```swift
  /// let next = booksAdapter.addMany(library.books, [Book(id: 2, title: "Emma")])
  /// ```
  /// - Returns: The new state.
  @inlinable
  public func addMany(_ state: EntityState<Entity>, _ entities: some Sequence<Entity>) -> EntityState<Entity>
  {
    applying(to: state) { addMany(&$0, entities) }
  }

  /// `state` with `entity` in, replacing the one with its id.
  ///
  /// ```swift
  /// let next = booksAdapter.setOne(library.books, Book(id: 1, title: "Dune"))
  /// ```
  /// - Returns: The new state.
  @inlinable
  public func setOne(_ state: EntityState<Entity>, _ entity: Entity) -> EntityState<Entity> {
    applying(to: state) { setOne(&$0, entity) }
  }

  /// `state` with each entity in, replacing those with their ids.
  ///
  /// ```swift
  /// let next = booksAdapter.setMany(library.books, [Book(id: 1, title: "Dune")])
  /// ```
  /// - Returns: The new state.
  @inlinable
  public func setMany(_ state: EntityState<Entity>, _ entities: some Sequence<Entity>) -> EntityState<Entity>
  {
    applying(to: state) { setMany(&$0, entities) }
  }

  /// A state of `entities` alone.
  ///
  /// ```swift
  /// let next = booksAdapter.setAll(library.books, [Book(id: 1, title: "Dune")])
  /// ```
  /// - Returns: The new state.
  @inlinable
  public func setAll(_ state: EntityState<Entity>, _ entities: some Sequence<Entity>) -> EntityState<Entity> {
    applying(to: state) { setAll(&$0, entities) }
  }

  /// `state` with `entity` added, or merged into the one with its id.
  ///
  /// ```swift
  /// let next = booksAdapter.upsertOne(library.books, Book(id: 1, title: "Dune"))
  /// ```
  /// - Returns: The new state.
  @inlinable
  public func upsertOne(_ state: EntityState<Entity>, _ entity: Entity) -> EntityState<Entity> {
    applying(to: state) { upsertOne(&$0, entity) }
  }

  /// `state` with each entity added or merged.
  ///
  /// ```swift
  /// let next = booksAdapter.upsertMany(library.books, [Book(id: 1, title: "Dune")])
  /// ```
  /// - Returns: The new state.
  @inlinable
  public func upsertMany(_ state: EntityState<Entity>, _ entities: some Sequence<Entity>) -> EntityState<
    Entity
  > {
    applying(to: state) { upsertMany(&$0, entities) }
  }

  /// `state` with the entity of `id` changed; the same state when there is none.
  ///
  /// ```swift
  /// let next = booksAdapter.updateOne(library.books, id: 1) { $0.isRead = true }
  /// ```
  /// - Returns: The new state.
  @inlinable
  public func updateOne(
    _ state: EntityState<Entity>, id: Entity.ID, _ change: (inout Entity) -> Void
  ) -> EntityState<Entity> {
    applying(to: state) { updateOne(&$0, id: id, change) }
  }

  /// `state` with each update applied, in order, each by the id its entity had before the call.
  ///
  /// ```swift
  /// let next = booksAdapter.updateMany(library.books, [EntityUpdate(id: 1) { $0.isRead = true }])
  /// ```
  /// - Returns: The new state.
  @inlinable
  public func updateMany(
    _ state: EntityState<Entity>, _ updates: some Sequence<EntityUpdate<Entity>>
  ) -> EntityState<Entity> {
    applying(to: state) { updateMany(&$0, updates) }
  }

  /// `state` without the entity of `id`.
  ///
  /// ```swift
  /// let next = booksAdapter.removeOne(library.books, id: 1)
  /// ```
  /// - Returns: The new state.
  @inlinable
  public func removeOne(_ state: EntityState<Entity>, id: Entity.ID) -> EntityState<Entity> {
    applying(to: state) { removeOne(&$0, id: id) }
  }

  /// `state` without the entities of `ids`.
  ///
  /// ```swift
  /// let next = booksAdapter.removeMany(library.books, ids: [1, 2])
  /// ```
  /// - Returns: The new state.
  @inlinable
  public func removeMany(_ state: EntityState<Entity>, ids: some Sequence<Entity.ID>) -> EntityState<Entity> {
    applying(to: state) { removeMany(&$0, ids: ids) }
  }

  /// An empty state.
  ///
  /// ```swift
  /// let next = booksAdapter.removeAll(library.books)
  /// ```
  /// - Returns: The new state.
  @inlinable
  public func removeAll(_ state: EntityState<Entity>) -> EntityState<Entity> {
    applying(to: state) { removeAll(&$0) }
  }

  /// A copy of `state` that `change` writes.
  @inlinable
  func applying(to state: EntityState<Entity>, _ change: (inout EntityState<Entity>) -> Void) -> EntityState<
    Entity
  > {
    var next = state
    change(&next)
    return next
  }
}
