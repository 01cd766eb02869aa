/// A child store: a part of a parent store's state, and the child actions that the parent
/// receives wrapped. Hand it to the view or module that owns that part.
///
/// ```swift
/// let counter = appStore.scope(state: \.counter, action: AppAction.counter)
/// counter.send(.increment)   // the parent receives .counter(.increment)
/// counter.state.count        // the parent's state.counter.count
/// ```
///
/// Its state follows the parent's after every change (for an `Equatable` part, only when that
/// part changed). It keeps its parent alive, and stops following it when released. Because every
/// child action goes through the parent's reducer, a parent reacts to a child's delegated
/// actions (`.counter(.delegate(...))`) in its own reducer.
///
/// > Note: Runs on the main actor. Its engine's "actions" are the states it mirrors.
@MainActor
public final class ScopedStore<State, Action>: ObservableStore {
  /// The engine that holds the mirrored state.
  public let engine: StoreEngine<State, State>
  @usableFromInline let sendToParent: @MainActor (Action) -> StoreTask
  private let parent: AnyObject
  private var unfollow: (@MainActor () -> Void)?

  init(
    initialState: State, parent: AnyObject, sendToParent: @escaping @MainActor (Action) -> StoreTask
  ) {
    engine = StoreEngine(initialState: initialState) { state, newState in state = newState }
    self.parent = parent
    self.sendToParent = sendToParent
  }

  isolated deinit {
    unfollow?()
  }

  /// Sends a child action to the parent, wrapped in the parent's case for it.
  ///
  /// ```swift
  /// await counter.send(.incrementLater).finish()
  /// ```
  /// - Parameter action: The child action.
  /// - Returns: The async work it started.
  @discardableResult
  public func send(_ action: Action) -> StoreTask {
    sendToParent(action)
  }

  /// Scopes this child further, to a part of its state.
  ///
  /// ```swift
  /// let title = editor.scope(state: \.title, action: EditorAction.title)
  /// ```
  /// - Parameters:
  ///   - state: The part of this store's state.
  ///   - action: Wraps the grandchild's actions as this store's.
  /// - Returns: The grandchild store.
  public func scope<ChildState, ChildAction>(
    state: KeyPath<State, ChildState>, action: @escaping (ChildAction) -> Action
  ) -> ScopedStore<ChildState, ChildAction> {
    let send = sendToParent
    return following(
      engine, from: self, initialState: engine.untrackedState[keyPath: state],
      select: { $0[keyPath: state] }
    ) { send(action($0)) }
  }

  func follow(_ parentEngine: StoreEngine<some Any, some Any>, subscriber: SubscriptionID) {
    unfollow = { [weak parentEngine] in parentEngine?.removeSubscriber(subscriber) }
  }
}

/// A child store that starts from `initialState` and, after each change of its parent, takes
/// what `select` finds in the parent's state (nothing, when it returns `nil`).
@MainActor
func following<ParentState, ParentAction, ChildState, ChildAction>(
  _ parentEngine: StoreEngine<ParentState, ParentAction>, from parent: AnyObject,
  initialState: ChildState, select: @escaping (ParentState) -> ChildState?,
  send: @escaping @MainActor (ChildAction) -> StoreTask
) -> ScopedStore<ChildState, ChildAction> {
  let child = ScopedStore<ChildState, ChildAction>(
    initialState: initialState, parent: parent, sendToParent: send)
  let id = parentEngine.addSubscriber { [weak child] parentState in
    if let childState = select(parentState) { child?.engine.dispatch(childState) }
  }
  child.follow(parentEngine, subscriber: id)
  return child
}
