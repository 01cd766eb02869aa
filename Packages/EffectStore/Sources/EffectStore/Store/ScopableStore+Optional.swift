extension ScopableStore {
  /// A child store for optional state (a sheet's, a detail screen's) while it is there: `nil`
  /// when the state is `nil`. The child follows its state until the state becomes `nil`; it then
  /// ends (``ScopedStore/isRemoved``, its streams finished, once something watches it), keeps the
  /// last state it showed, and what it sends changes nothing (``IfLet`` ignores it). Scope again
  /// when the state is there again: a new presentation is a new store. Like every child store,
  /// it costs the parent nothing per action until something watches it.
  ///
  /// ```swift
  /// if let sheet = editorStore.scope(state: \.sheet, action: EditorAction.sheet) {
  ///   sheet.send(.save)
  /// }
  /// ```
  /// - Parameters:
  ///   - state: The optional part of the state.
  ///   - action: Wraps a child action as this store's action.
  /// - Returns: The child store; `nil` while the state is `nil`.
  @inlinable
  public func scope<ChildState: Equatable, ChildAction>(
    state: KeyPath<State, ChildState?>, action: @escaping (ChildAction) -> Action
  ) -> ScopedStore<ChildState, ChildAction>? {
    guard let initial = engine.untrackedState[keyPath: state] else { return nil }
    let parentEngine = engine
    let child = ScopedStore<ChildState, ChildAction>(
      initialState: initial, parent: self, home: parentEngine.ownerHome?.actor,
      homeIsInferred: parentEngine.homeIsInferred, sendToParent: { self.send(action($0)) })
    let link = ChildLink(child)
    child.link = link
    // Until someone watches the child, it reads its part from the parent when asked (the last
    // one there was, once it is `nil`), and the parent does nothing for it per action.
    let last = Box(initial)
    child.engine.readLazily(from: {
      if let part = parentEngine.untrackedState[keyPath: state] { last.value = part }
      return last.value
    }) { [unowned child] in
      // Told only when the optional changed; once it was `nil`, this presentation is over.
      let ended = Box(false)
      let subscriber = parentEngine.addSubscriber(keyPath: state) { part in
        if ended.value { return }
        if let part {
          link.update(part)
        } else {
          ended.value = true
          link.end()
        }
      }
      child.follow(parentEngine, subscriber: subscriber)
      // Watched only after the state went: the presentation is already over.
      if parentEngine.untrackedState[keyPath: state] == nil {
        ended.value = true
        link.end()
      }
    }
    return child
  }
}

/// A value a closure keeps and changes.
@usableFromInline
final class Box<Value> {
  @usableFromInline var value: Value
  @usableFromInline init(_ value: Value) { self.value = value }
}
