extension FeatureStore {
  /// One child store per element of a collection in the state, in order; each element's
  /// actions reach this store wrapped with its id.
  ///
  /// ```swift
  /// let rows = todosStore.scope(forEach: \.todos, action: TodosAction.todo)
  /// rows[0].send(.toggle)   // the parent receives .todo(id: rows[0].state.id, action: .toggle)
  /// ```
  ///
  /// Call it again after elements are added: it gives a store for each element there now, the
  /// same store as before for an element whose store is still alive (so a view may scope in
  /// `body`, and a `NavigationStack` or `ForEach` sees the same store for the same element each
  /// time), a new one for the others. A child is told only when its own element changed,
  /// whatever the number of children alive; when its element is removed it ends
  /// (``ScopedStore/isRemoved``), and what it sends is dropped. A child that nothing has read
  /// or watched (its state not read, no subscriber, stream or Observation tracking; its `id` may
  /// be read) finds its element when asked and costs this store nothing per action; it learns
  /// that its element left when it is next asked. A store given again keeps the `action` it was
  /// first made with.
  /// - Parameters:
  ///   - elements: The collection.
  ///   - action: Wraps an element's id and action as this store's action.
  /// - Returns: The child stores, in the collection's order.
  @inlinable
  public func scope<Rows: ElementCollection, ChildAction>(
    forEach elements: KeyPath<State, Rows>,
    action: @escaping (Rows.ID, ChildAction) -> Action
  ) -> [ScopedStore<Rows.Element, ChildAction>] where Rows.Element: Equatable {
    let follower = elementFollower(for: elements)
    let collection = engine.untrackedState[keyPath: elements]
    return zip(collection.ids, collection).enumerated().map { position, row in
      elementStore(of: row.0, at: position, value: row.1, in: elements, follower: follower, action: action)
    }
  }

  /// The child store of one element, by id: what a navigation destination or a detail view
  /// asks for. It is the store ``scope(forEach:action:)`` gives for that element (the same one
  /// while it lives); `nil` when the collection has no element with `id`.
  ///
  /// ```swift
  /// let todo = todosStore.scope(forEach: \.todos, id: 1, action: TodosAction.todo)
  /// todo?.send(.toggle)
  /// ```
  /// - Parameters:
  ///   - elements: The collection.
  ///   - id: The element's id.
  ///   - action: Wraps an element's id and action as this store's action.
  /// - Returns: The element's child store, or `nil`.
  @inlinable
  public func scope<Rows: ElementCollection, ChildAction>(
    forEach elements: KeyPath<State, Rows>, id: Rows.ID,
    action: @escaping (Rows.ID, ChildAction) -> Action
  ) -> ScopedStore<Rows.Element, ChildAction>? where Rows.Element: Equatable {
    let follower = elementFollower(for: elements)
    // A row's view asks again at each render: its live store, while its element is there, is
    // the answer without reading the collection (which copied the whole state, then applied
    // the key path in the runtime).
    if let child = follower.liveChild(of: id, as: ChildAction.self), !child.isRemoved { return child }
    let collection = engine.untrackedState[keyPath: elements]
    guard let position = collection.index(id: id) else { return nil }
    return elementStore(
      of: id, at: position, value: collection[position], in: elements, follower: follower, action: action)
  }

  /// The child store for the element with `id`, found at `position` with `value`: the one
  /// still alive and not ended, else a new one.
  ///
  /// Until something reads or watches a new one, it finds its element in this store when asked
  /// (an ``ElementPlace``), and costs this store nothing per action: no follower checks the
  /// collection for it, and the reducer's writes to rows go straight in place. Its sends check
  /// that the element is still there (one comparison of ids where it was last). The first read
  /// or watcher makes the follower follow the collection (if nothing else did) and tell this
  /// child from then on.
  @inlinable
  func elementStore<Rows: ElementCollection, ChildAction>(
    of id: Rows.ID, at position: Int, value: Rows.Element,
    in elements: KeyPath<State, Rows>,
    follower: ElementFollower<Rows>,
    action: @escaping (Rows.ID, ChildAction) -> Action
  ) -> ScopedStore<Rows.Element, ChildAction> where Rows.Element: Equatable {
    if let child = follower.liveChild(of: id, as: ChildAction.self) { return child }
    let place = ElementPlace(of: id, at: position, value: value, in: elements, of: engine)
    let sender = ElementSender(place: place, store: self, action: action)
    let child = ScopedStore<Rows.Element, ChildAction>(
      initialState: value, parent: self, home: engine.ownerHome?.actor,
      homeIsInferred: engine.homeIsInferred, isThere: { place.hasElement() },
      sendToParent: { sender.send($0) })
    let link = ChildLink(child)
    child.link = link
    place.endStore = { link.end() }
    child.engine.readLazily(from: { place.read() }) {
      place.isTold = true
      if follower.start(following: elements, of: self.engine) { self.effects.follow(follower) }
      follower.watching(id, in: self.engine.untrackedState[keyPath: elements])
      // Watched only after its element left: it ends now.
      if !place.isThere() { link.end() }
    }
    follower.add(link, for: id, update: { link.update($0) }, end: { link.end() })
    return child
  }

  /// The one follower of a collection, shared by all its element children.
  @inlinable
  func elementFollower<Rows: ElementCollection>(
    for elements: KeyPath<State, Rows>
  ) -> ElementFollower<Rows> where Rows.Element: Equatable {
    if let existing = elementFollowers[elements] as? ElementFollower<Rows> {
      return existing
    }
    let follower = ElementFollower<Rows>()
    elementFollowers[elements] = follower
    return follower
  }
}

/// What an element's child store sends goes through: the check that its element is still
/// there, then the parent's send of the wrapped action.
///
/// The check is made here, in the closure the child keeps as a constant, rather than through
/// ``ScopedStore/isRemoved``: a send then retains nothing. One object, so that the closure's
/// context is the object itself.
@usableFromInline
final class ElementSender<State, Action, Rows: ElementCollection, ChildAction> {
  @usableFromInline let place: ElementPlace<State, Action, Rows>
  @usableFromInline let store: FeatureStore<State, Action>
  @usableFromInline let action: (Rows.ID, ChildAction) -> Action

  @inlinable
  init(
    place: ElementPlace<State, Action, Rows>, store: FeatureStore<State, Action>,
    action: @escaping (Rows.ID, ChildAction) -> Action
  ) {
    self.place = place
    self.store = store
    self.action = action
  }

  /// Sends `childAction` wrapped to the parent, unless the element has left: the child store
  /// then ends, and nothing is sent.
  @inlinable
  func send(_ childAction: ChildAction) -> StoreTask {
    guard place.hasElement() else {
      place.endStore()
      return .none
    }
    return store.send(action(place.id, childAction))
  }
}
