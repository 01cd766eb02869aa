extension ScopableStore {
  /// A child store for optional state (a sheet's, a detail screen's) while it is there: `nil`
  /// when the state is `nil`. Asked again while the state stays there, it returns the same
  /// store, so a view that scopes in `body` (to hand SwiftUI's `sheet(item:)` its item) keeps
  /// one presentation, one store. When the state becomes `nil` the store ends
  /// (``ScopedStore/isRemoved``, its streams finished), keeps the last state it showed, and
  /// what it sends changes nothing: it drops it, or, if nothing watched it and it did not learn
  /// yet that the state went, ``IfLet`` reports it, as TCA's `ifLet` does. When the state is
  /// there again, it is a new presentation, and a new store.
  ///
  /// ```swift
  /// if let sheet = editorStore.scope(state: \.sheet, action: EditorAction.sheet) {
  ///   sheet.send(.save)
  /// }
  /// ```
  ///
  /// One presentation is the state being there each time the store is asked for, or, once
  /// something watches the store, at every action: a store nobody watches costs the parent
  /// nothing per action, so it learns that its state went only when asked again. The same key
  /// path scoped with another child action type makes another store.
  /// - Parameters:
  ///   - state: The optional part of the state.
  ///   - action: Wraps a child action as this store's action.
  /// - Returns: The child store; `nil` while the state is `nil`.
  @inlinable
  public func scope<ChildState: Equatable, ChildAction>(
    state: KeyPath<State, ChildState?>, action: @escaping (ChildAction) -> Action
  ) -> ScopedStore<ChildState, ChildAction>? {
    let presenting = self as? any PresentingStore
    guard let initial = engine.untrackedState[keyPath: state] else {
      presenting?.presentations[state] = nil
      return nil
    }
    if let link = presenting?.presentations[state] as? ChildLink<ChildState, ChildAction>, link.isAlive,
      !link.child.isRemoved
    {
      return link.child
    }
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
    presenting?.presentations[state] = link
    return child
  }
}

/// A store that child stores of optional state are presented from: it keeps each presented
/// store's link by key path, so that scoping again during one presentation returns the same
/// store. A link does not keep its store alive.
@usableFromInline
protocol PresentingStore: AnyObject {
  var presentations: [AnyKeyPath: AnyObject] { get set }
}

extension FeatureStore: PresentingStore {}

extension ScopedStore: PresentingStore {}

/// A value a closure keeps and changes.
@usableFromInline
final class Box<Value> {
  @usableFromInline var value: Value
  @usableFromInline init(_ value: Value) { self.value = value }
}

extension ScopableStore {
  /// A child store for optional state whose parent case carries ``PresentationAction``s: what
  /// it sends reaches the parent as `.presented`, as TCA's scope of `@Presents` state does.
  ///
  /// ```swift
  /// if let sheet = presenterStore.scope(state: \.sheet, action: PresenterAction.sheet) {
  ///   sheet.send(.save)  // reaches the parent as .sheet(.presented(.save))
  /// }
  /// ```
  /// - Parameters:
  ///   - state: The optional part of the state.
  ///   - action: The parent case that carries the child's presentation actions.
  /// - Returns: The child store; `nil` while the state is `nil`.
  @inlinable
  public func scope<ChildState: Equatable, ChildAction>(
    state: KeyPath<State, ChildState?>, action: @escaping (PresentationAction<ChildAction>) -> Action
  ) -> ScopedStore<ChildState, ChildAction>? {
    scope(state: state, action: { action(.presented($0)) })
  }
}
