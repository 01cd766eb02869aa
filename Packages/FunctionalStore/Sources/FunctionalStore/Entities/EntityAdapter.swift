/// The operations on an ``EntityState``, Redux Toolkit's `createEntityAdapter`: add, set, upsert,
/// update and remove, one or many, keeping the ids in order (sorted by the adapter's order, if
/// it has one) and the entities by id in step.
///
/// ```swift
/// enum LibraryAction: Sendable {
///   case added(Book), loaded([Book]), read(Int), removed(Int)
/// }
///
/// let booksAdapter = EntityAdapter<Book>(sortedBy: { $0.title < $1.title })
///
/// let libraryReducer = ReduxReducer<LibraryState, LibraryAction> { state, action in
///   switch action {
///   case .added(let book): booksAdapter.addOne(&state.books, book)
///   case .loaded(let books): booksAdapter.setAll(&state.books, books)
///   case .read(let id): booksAdapter.updateOne(&state.books, id: id) { $0.isRead = true }
///   case .removed(let id): booksAdapter.removeOne(&state.books, id: id)
///   }
/// }
/// ```
///
/// Without an order, new entities go at the end and keep their place when updated. With one,
/// each change keeps the ids sorted (a binary search per entity added, O(log n) comparisons and
/// an O(n) move in the ids): entities that compare equal keep the order they came in, and an
/// update that moves an entity puts it after those equal to it.
public struct EntityAdapter<Entity: Identifiable>: Sendable {
  /// The order the ids are kept in; `nil` for the order entities came in.
  @usableFromInline let areInIncreasingOrder: (@Sendable (Entity, Entity) -> Bool)?

  /// An adapter that keeps entities in the order they are added.
  ///
  /// ```swift
  /// let booksAdapter = EntityAdapter<Book>()
  /// ```
  @inlinable
  public init() {
    areInIncreasingOrder = nil
  }

  /// An adapter that keeps the ids sorted by `areInIncreasingOrder`.
  ///
  /// ```swift
  /// let booksAdapter = EntityAdapter<Book>(sortedBy: { $0.title < $1.title })
  /// ```
  /// - Parameter areInIncreasingOrder: Whether the first entity goes before the second.
  @inlinable
  public init(sortedBy areInIncreasingOrder: @escaping @Sendable (Entity, Entity) -> Bool) {
    self.areInIncreasingOrder = areInIncreasingOrder
  }

  // MARK: Adding

  /// Adds an entity, unless one with its id is there (then nothing changes).
  ///
  /// ```swift
  /// booksAdapter.addOne(&library.books, Book(id: 1, title: "Dune"))
  /// ```
  @inlinable
  public func addOne(_ state: inout EntityState<Entity>, _ entity: Entity) {
    guard state.storedEntities[entity.id] == nil else { return }
    state.storedEntities[entity.id] = entity
    insertID(of: entity, into: &state)
  }

  /// Adds each entity whose id is not there yet, in order.
  ///
  /// ```swift
  /// booksAdapter.addMany(&library.books, [Book(id: 2, title: "Emma"), Book(id: 3, title: "Ulysses")])
  /// ```
  @inlinable
  public func addMany(_ state: inout EntityState<Entity>, _ entities: some Sequence<Entity>) {
    for entity in entities { addOne(&state, entity) }
  }

  /// Adds an entity, or replaces the one with its id.
  ///
  /// ```swift
  /// booksAdapter.setOne(&library.books, Book(id: 1, title: "Dune Messiah"))
  /// ```
  @inlinable
  public func setOne(_ state: inout EntityState<Entity>, _ entity: Entity) {
    guard state.storedEntities[entity.id] != nil else { return addOne(&state, entity) }
    state.storedEntities[entity.id] = entity
    if areInIncreasingOrder != nil { moveIDToItsPlace(entity.id, in: &state) }
  }

  /// `setOne` for each entity, in order.
  ///
  /// ```swift
  /// booksAdapter.setMany(&library.books, [Book(id: 1, title: "Dune", isRead: true)])
  /// ```
  @inlinable
  public func setMany(_ state: inout EntityState<Entity>, _ entities: some Sequence<Entity>) {
    for entity in entities { setOne(&state, entity) }
  }

  /// Replaces every entity with these (the last of two with one id wins).
  ///
  /// ```swift
  /// booksAdapter.setAll(&library.books, [Book(id: 4, title: "Middlemarch")])
  /// ```
  @inlinable
  public func setAll(_ state: inout EntityState<Entity>, _ entities: some Sequence<Entity>) {
    removeAll(&state)
    setMany(&state, entities)
  }

  /// Adds an entity, or replaces the one with its id: Redux Toolkit's `upsertOne` (which merges
  /// the fields given; a Swift entity has all its fields, so it replaces).
  ///
  /// ```swift
  /// booksAdapter.upsertOne(&library.books, Book(id: 1, title: "Dune", isRead: true))
  /// ```
  @inlinable
  public func upsertOne(_ state: inout EntityState<Entity>, _ entity: Entity) {
    setOne(&state, entity)
  }

  /// `upsertOne` for each entity, in order.
  ///
  /// ```swift
  /// booksAdapter.upsertMany(&library.books, [Book(id: 5, title: "Persuasion")])
  /// ```
  @inlinable
  public func upsertMany(_ state: inout EntityState<Entity>, _ entities: some Sequence<Entity>) {
    setMany(&state, entities)
  }

  // MARK: Updating

  /// Changes the entity with `id` in place, if there is one. A change of its id moves it to the
  /// new id (replacing an entity there); a change of what it is sorted by moves it to its place.
  ///
  /// ```swift
  /// booksAdapter.updateOne(&library.books, id: 1) { $0.isRead = true }
  /// ```
  @inlinable
  public func updateOne(
    _ state: inout EntityState<Entity>, id: Entity.ID, _ change: (inout Entity) -> Void
  ) {
    guard var entity = state.storedEntities[id] else { return }
    change(&entity)
    if entity.id == id {
      state.storedEntities[id] = entity
      if areInIncreasingOrder != nil { moveIDToItsPlace(id, in: &state) }
      return
    }
    // A new id: the entity leaves the old one and takes the new one's place, or its own.
    removeOne(&state, id: id)
    setOne(&state, entity)
  }

  /// `updateOne` with the same change for each id. Ids are the entities' ids before
  /// the call: an id given twice changes its entity twice, even if the first change gave it a
  /// new id, as Redux Toolkit applies several updates of one entity.
  ///
  /// ```swift
  /// booksAdapter.updateMany(&library.books, ids: [1, 2]) { $0.isRead = true }
  /// ```
  @inlinable
  public func updateMany(
    _ state: inout EntityState<Entity>, ids: some Sequence<Entity.ID>, _ change: (inout Entity) -> Void
  ) {
    withoutActuallyEscaping(change) { change in
      updateMany(&state, ids.map { EntityUpdate(id: $0, change) })
    }
  }

  /// Applies each update to the entity that had its id before the call, in order (Redux
  /// Toolkit's `updateMany` with a list of `{ id, changes }`): updates of one entity apply one
  /// after the other, so renames `a` to `b`, then `a` to `c`, end at `c`.
  ///
  /// ```swift
  /// booksAdapter.updateMany(&library.books, [
  ///   EntityUpdate(id: 1) { $0.isRead = true },
  ///   EntityUpdate(id: 2) { $0.title = "Emma" },
  /// ])
  /// ```
  /// - Parameters:
  ///   - state: The entities.
  ///   - updates: Each an id and the change to its entity; an id not there is skipped.
  @inlinable
  public func updateMany(_ state: inout EntityState<Entity>, _ updates: some Sequence<EntityUpdate<Entity>>) {
    // Where each entity renamed by an earlier update of this call is now, by its id before it.
    var renamed: [Entity.ID: Entity.ID] = [:]
    for update in updates {
      let current = renamed[update.id] ?? update.id
      var newID = current
      updateOne(&state, id: current) { entity in
        update.change(&entity)
        newID = entity.id
      }
      if newID != current { renamed[update.id] = newID }
    }
  }

  // MARK: Removing

  /// Removes the entity with `id`, if there is one.
  ///
  /// ```swift
  /// booksAdapter.removeOne(&library.books, id: 1)
  /// ```
  @inlinable
  public func removeOne(_ state: inout EntityState<Entity>, id: Entity.ID) {
    guard state.storedEntities.removeValue(forKey: id) != nil, let index = state.storedIDs.firstIndex(of: id)
    else {
      return
    }
    state.storedIDs.remove(at: index)
  }

  /// Removes the entities with these ids (at once: one pass over the ids).
  ///
  /// ```swift
  /// booksAdapter.removeMany(&library.books, ids: [2, 3])
  /// ```
  @inlinable
  public func removeMany(_ state: inout EntityState<Entity>, ids: some Sequence<Entity.ID>) {
    var removed = Set<Entity.ID>()
    for id in ids where state.storedEntities.removeValue(forKey: id) != nil { removed.insert(id) }
    if !removed.isEmpty { state.storedIDs.removeAll { removed.contains($0) } }
  }

  /// Removes every entity.
  ///
  /// ```swift
  /// booksAdapter.removeAll(&library.books)
  /// ```
  @inlinable
  public func removeAll(_ state: inout EntityState<Entity>) {
    state.storedIDs.removeAll()
    state.storedEntities.removeAll()
  }

  // MARK: Selectors

  /// The entities in order: Redux Toolkit's `selectAll`.
  ///
  /// ```swift
  /// let books = booksAdapter.selectAll(library.books)
  /// ```
  @inlinable
  public func selectAll(_ state: EntityState<Entity>) -> [Entity] { state.all }

  /// The entity with `id`: `selectById`.
  ///
  /// ```swift
  /// let first = booksAdapter.selectByID(library.books, 1)
  /// ```
  @inlinable
  public func selectByID(_ state: EntityState<Entity>, _ id: Entity.ID) -> Entity? { state[id: id] }

  /// How many entities there are: `selectTotal`.
  ///
  /// ```swift
  /// let count = booksAdapter.selectTotal(library.books)
  /// ```
  @inlinable
  public func selectTotal(_ state: EntityState<Entity>) -> Int { state.count }

  // MARK: Keeping the ids in order

  /// Puts a new entity's id where it goes: at the end, or after those that sort before it or
  /// equal to it.
  @usableFromInline
  func insertID(of entity: Entity, into state: inout EntityState<Entity>) {
    guard let areInIncreasingOrder else { return state.storedIDs.append(entity.id) }
    var low = 0
    var high = state.storedIDs.count
    while low < high {
      let middle = (low + high) / 2
      if areInIncreasingOrder(entity, state.storedEntities[state.storedIDs[middle]]!) {
        high = middle
      } else {
        low = middle + 1
      }
    }
    state.storedIDs.insert(entity.id, at: low)
  }

  /// Moves an entity's id to where its order puts it now; one still in order between its
  /// neighbours stays where it is.
  @usableFromInline
  func moveIDToItsPlace(_ id: Entity.ID, in state: inout EntityState<Entity>) {
    guard let areInIncreasingOrder, let index = state.storedIDs.firstIndex(of: id),
      let entity = state.storedEntities[id]
    else { return }
    let before = index > 0 ? state.storedEntities[state.storedIDs[index - 1]] : nil
    let after = index + 1 < state.storedIDs.count ? state.storedEntities[state.storedIDs[index + 1]] : nil
    let fitsAfter = before.map { !areInIncreasingOrder(entity, $0) } ?? true
    let fitsBefore = after.map { !areInIncreasingOrder($0, entity) } ?? true
    if fitsAfter && fitsBefore { return }
    state.storedIDs.remove(at: index)
    insertID(of: entity, into: &state)
  }
}

/// One change of an entity, by its id: what `EntityAdapter.updateMany` applies (Redux
/// Toolkit's `{ id, changes }`).
///
/// ```swift
/// let markRead = EntityUpdate<Book>(id: 1) { $0.isRead = true }
/// ```
public struct EntityUpdate<Entity: Identifiable> {
  /// The entity's id before the change.
  public let id: Entity.ID
  /// The change; it may give the entity a new id.
  public let change: (inout Entity) -> Void

  /// An update of the entity with `id`.
  ///
  /// ```swift
  /// let rename = EntityUpdate<Book>(id: 1) { $0.title = "Emma" }
  /// ```
  /// - Parameters:
  ///   - id: The entity's id before the change.
  ///   - change: The change.
  public init(id: Entity.ID, _ change: @escaping (inout Entity) -> Void) {
    self.id = id
    self.change = change
  }
}
