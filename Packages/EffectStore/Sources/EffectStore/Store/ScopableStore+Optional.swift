extension ScopableStore {
  /// A child store for optional state (a sheet's, a detail screen's) while it is there: `nil`
  /// when the state is `nil`. The child follows its state until the state becomes `nil`; it then
  /// ends (``ScopedStore/isRemoved``, its streams finished), keeps the last state, and drops what
  /// it sends. Scope again when the state is there again: a new presentation is a new store.
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
    return child
  }
}

/// A value a closure keeps and changes.
@usableFromInline
final class Box<Value> {
  @usableFromInline var value: Value
  @usableFromInline init(_ value: Value) { self.value = value }
}
