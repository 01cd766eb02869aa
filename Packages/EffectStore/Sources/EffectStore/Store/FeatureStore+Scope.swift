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
  /// (``ScopedStore/isRemoved``), and what it sends is dropped. A store given again keeps the
  /// `action` it was first made with.
  /// - Parameters:
  ///   - elements: The collection.
  ///   - action: Wraps an element's id and action as this store's action.
  /// - Returns: The child stores, in the collection's order.
  @inlinable
  public func scope<ID: Hashable, Element: Equatable, ChildAction>(
    forEach elements: KeyPath<State, IdentifiedArray<ID, Element>>,
    action: @escaping (ID, ChildAction) -> Action
  ) -> [ScopedStore<Element, ChildAction>] {
    let follower = elementFollower(for: elements)
    let collection = engine.untrackedState[keyPath: elements]
    return zip(collection.ids, collection).map { id, element in
      if let child = follower.liveChild(of: id, as: ChildAction.self) { return child }
      let child = ScopedStore<Element, ChildAction>(
        initialState: element, parent: self, home: engine.ownerHome?.actor,
        homeIsInferred: engine.homeIsInferred, sendToParent: { self.send(action(id, $0)) })
      let link = ChildLink(child)
      child.link = link
      follower.add(link, for: id, update: { link.update($0) }, end: { link.end() })
      return child
    }
  }

  /// The one follower of a collection, shared by all its element children.
  @inlinable
  func elementFollower<ID: Hashable, Element: Equatable>(
    for elements: KeyPath<State, IdentifiedArray<ID, Element>>
  ) -> ElementFollower<ID, Element> {
    if let existing = elementFollowers[elements] as? ElementFollower<ID, Element> {
      return existing
    }
    let follower = ElementFollower(following: elements, of: engine)
    elementFollowers[elements] = follower
    effects.follow(follower)
    return follower
  }
}
