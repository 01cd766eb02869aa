extension Store {
  /// A child store for a part of the state; its actions reach this store wrapped by `action`.
  ///
  /// ```swift
  /// let counter = appStore.scope(state: \.counter, action: AppAction.counter)
  /// counter.send(.increment)
  /// ```
  /// - Parameters:
  ///   - state: The part of the state.
  ///   - action: Wraps a child action as this store's action, e.g. `AppAction.counter`.
  /// - Returns: The child store.
  public func scope<ChildState, ChildAction>(
    state: KeyPath<State, ChildState>, action: @escaping (ChildAction) -> Action
  ) -> ScopedStore<ChildState, ChildAction> {
    following(
      engine, from: self, initialState: engine.untrackedState[keyPath: state],
      select: { $0[keyPath: state] }
    ) { [weak self] in self?.send(action($0)) ?? StoreTask(tasks: []) }
  }

  /// One child store per element of a collection in the state, in order; each element's
  /// actions reach this store wrapped with its id.
  ///
  /// ```swift
  /// let rows = todosStore.scope(forEach: \.todos, action: TodosAction.todo)
  /// rows[0].send(.toggle)   // the parent receives .todo(id: rows[0].state.id, action: .toggle)
  /// ```
  ///
  /// Call it again after elements are added or removed: a child whose element is gone keeps
  /// its last state, and its actions are ignored by ``ForEachElement``.
  /// - Parameters:
  ///   - elements: The collection.
  ///   - action: Wraps an element's id and action as this store's action.
  /// - Returns: The child stores.
  public func scope<Element: Identifiable, ChildAction>(
    forEach elements: KeyPath<State, IdentifiedArray<Element>>,
    action: @escaping (Element.ID, ChildAction) -> Action
  ) -> [ScopedStore<Element, ChildAction>] {
    engine.untrackedState[keyPath: elements].map { element in
      let id = element.id
      return following(
        engine, from: self, initialState: element, select: { $0[keyPath: elements][id: id] }
      ) { [weak self] in self?.send(action(id, $0)) ?? StoreTask(tasks: []) }
    }
  }
}
