/// The operations that take many entities, given as Redux Toolkit's dictionary of entities by
/// id (`{ [id]: entity }`), written as a dictionary literal. Its pairs keep the literal's order,
/// which is the order the entities are added in (a `Dictionary` has none: pass its `values`).
/// The ids are the entities' own; the keys only name them.
extension EntityAdapter {
  /// Adds each entity whose id is not there, in the literal's order.
  ///
  /// ```swift
  /// booksAdapter.addMany(&library.books, [2: Book(id: 2, title: "Emma"), 3: Book(id: 3, title: "Ulysses")])
  /// ```
  @inlinable
  public func addMany(_ state: inout EntityState<Entity>, _ entities: KeyValuePairs<Entity.ID, Entity>) {
    addMany(&state, entities.lazy.map(\.value))
  }

  /// Puts each entity in, replacing those with their ids.
  ///
  /// ```swift
  /// booksAdapter.setMany(&library.books, [1: Book(id: 1, title: "Dune")])
  /// ```
  @inlinable
  public func setMany(_ state: inout EntityState<Entity>, _ entities: KeyValuePairs<Entity.ID, Entity>) {
    setMany(&state, entities.lazy.map(\.value))
  }

  /// Replaces every entity with these.
  ///
  /// ```swift
  /// booksAdapter.setAll(&library.books, [1: Book(id: 1, title: "Dune")])
  /// ```
  @inlinable
  public func setAll(_ state: inout EntityState<Entity>, _ entities: KeyValuePairs<Entity.ID, Entity>) {
    setAll(&state, entities.lazy.map(\.value))
  }

  /// Adds or merges each entity.
  ///
  /// ```swift
  /// booksAdapter.upsertMany(&library.books, [1: Book(id: 1, title: "Dune")])
  /// ```
  @inlinable
  public func upsertMany(_ state: inout EntityState<Entity>, _ entities: KeyValuePairs<Entity.ID, Entity>) {
    upsertMany(&state, entities.lazy.map(\.value))
  }

  /// `state` with each entity whose id is not there added, in the literal's order.
  ///
  /// ```swift
  /// let next = booksAdapter.addMany(library.books, [2: Book(id: 2, title: "Emma")])
  /// ```
  /// - Returns: The new state.
  @inlinable
  public func addMany(
    _ state: EntityState<Entity>, _ entities: KeyValuePairs<Entity.ID, Entity>
  ) -> EntityState<Entity> {
    applying(to: state) { addMany(&$0, entities) }
  }

  /// `state` with each entity in, replacing those with their ids.
  ///
  /// ```swift
  /// let next = booksAdapter.setMany(library.books, [1: Book(id: 1, title: "Dune")])
  /// ```
  /// - Returns: The new state.
  @inlinable
  public func setMany(
    _ state: EntityState<Entity>, _ entities: KeyValuePairs<Entity.ID, Entity>
  ) -> EntityState<Entity> {
    applying(to: state) { setMany(&$0, entities) }
  }

  /// A state of these entities alone.
  ///
  /// ```swift
  /// let next = booksAdapter.setAll(library.books, [1: Book(id: 1, title: "Dune")])
  /// ```
  /// - Returns: The new state.
  @inlinable
  public func setAll(
    _ state: EntityState<Entity>, _ entities: KeyValuePairs<Entity.ID, Entity>
  ) -> EntityState<Entity> {
    applying(to: state) { setAll(&$0, entities) }
  }

  /// `state` with each entity added or merged.
  ///
  /// ```swift
  /// let next = booksAdapter.upsertMany(library.books, [1: Book(id: 1, title: "Dune")])
  /// ```
  /// - Returns: The new state.
  @inlinable
  public func upsertMany(
    _ state: EntityState<Entity>, _ entities: KeyValuePairs<Entity.ID, Entity>
  ) -> EntityState<Entity> {
    applying(to: state) { upsertMany(&$0, entities) }
  }
}
