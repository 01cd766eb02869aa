/// A child store: a part of a parent store's state, and the child actions that the parent
/// receives wrapped. Hand it to the view or module that owns that part.
///
/// ```swift
/// let counter = appStore.scope(state: \.counter, action: AppAction.counter)
/// counter.send(.increment)   // the parent receives .counter(.increment)
/// counter.state.count        // the parent's state.counter.count
/// ```
///
/// It is a view of its part of the parent's state: its subscribers, state streams and
/// Observation are told only when that part changed (for an `Equatable` part; any other part is
/// taken after every parent change), never because another part did. Until someone watches it
/// (subscribes, opens a stream, tracks it), it reads its part from the parent when asked and
/// costs the parent nothing per action. An element's child store
/// (``FeatureStore/scope(forEach:action:)``) is told only when its own element changed, at a cost that
/// does not grow with the number of element children alive. It keeps its parent alive, and
/// stops following it when released. Because every child action goes through the parent's
/// reducer, a parent reacts to a child's delegated actions (`.counter(.delegate(...))`) in its
/// own reducer.
///
/// When its element leaves the parent's collection, an element's child store ends: ``isRemoved``
/// becomes `true`, its state stays the element's last value, its streams finish, and what it
/// sends is dropped (the parent never sees an action for an element it no longer has).
///
/// > Note: It belongs to its parent's isolation domain. Its engine's "actions" are the states of
/// > its part, set only when the part changed.
public final class ScopedStore<State, Action>: StateStore {
  /// The engine that holds the mirrored state. Not API (see `StateStore.engine`).
  @_documentation(visibility: internal)
  public let engine: StoreEngine<State, State>
  @usableFromInline let sendToParent: (Action) -> StoreTask
  private let parent: AnyObject
  private var unfollow: (() -> Void)?
  /// How the parent reaches this store; told when this store goes.
  @usableFromInline var link: ChildLink<State, Action>?

  /// The child stores of optional state presented from this one (``PresentingStore``).
  @usableFromInline var presentations: [AnyKeyPath: AnyObject] = [:]

  /// Whether this is an element's child store whose element left the parent's collection, or
  /// a presented store whose state went: its state is the last one it had, and what it sends is
  /// dropped.
  ///
  /// A store that has been read or watched learns it at the action that removes its element;
  /// one that has not costs its parent nothing per action, and learns it when it is next asked
  /// (sent to, read, or asked this).
  @inlinable public var isRemoved: Bool {
    if !ended, let isThere, !isThere() { end() }
    return ended
  }
  /// Whether ``end()`` was called.
  @usableFromInline private(set) var ended = false
  /// For an element's child store: whether its element is still in the parent's collection
  /// (``ElementPlace``); `nil` for other stores. Its sends make the same check themselves.
  @usableFromInline let isThere: (() -> Bool)?

  @usableFromInline
  init(
    initialState: State, parent: AnyObject, home: (any Actor)?, homeIsInferred: Bool,
    isThere: (() -> Bool)? = nil, sendToParent: @escaping (Action) -> StoreTask
  ) {
    engine = StoreEngine(
      initialState: initialState, home: home, homeIsInferred: homeIsInferred, style: .reducerEffect,
      reducer: Self.takeNewState())
    self.parent = parent
    self.isThere = isThere
    self.sendToParent = sendToParent
  }

  deinit {
    link?.isAlive = false
    unfollow?()
  }

  /// The child engine's reducer: the new state of the part replaces the old one.
  @usableFromInline
  static func takeNewState() -> (inout State, State) -> Void {
    { state, newState in state = newState }
  }

  /// Sends a child action to the parent, wrapped in the parent's case for it.
  ///
  /// ```swift
  /// await counter.send(.incrementLater).finish()
  /// ```
  /// - Parameter action: The child action.
  /// - Returns: The async work it started.
  @inlinable
  @discardableResult
  public func send(_ action: Action) -> StoreTask {
    // An element's store that nobody watches checks that its element is still there in
    // `sendToParent` (``FeatureStore/elementStore(of:at:value:in:follower:action:)``).
    if ended { return .none }
    return sendToParent(action)
  }

  /// Takes the new state of its part, telling its watchers (subscribers, streams, Observation).
  /// While nobody watches it, ``ChildLink`` sets the state without this dispatch.
  @usableFromInline
  func update(_ state: State) {
    engine.dispatch(state)
  }

  /// Ends the store: its element is gone.
  @usableFromInline
  func end() {
    ended = true
    engine.finishStreams()
  }

  /// Stops following the parent when this store goes. It holds the parent's engine strongly:
  /// this store holds its parent anyway.
  @usableFromInline
  func follow(_ parentEngine: StoreEngine<some Any, some Any>, subscriber: SubscriptionID) {
    unfollow = { parentEngine.removeSubscriber(subscriber) }
  }
}

/// A child store for a part of a parent's state, which takes the part after every parent change.
/// Inlinable, like the rest of this plumbing, so the subscriber it installs is compiled for the
/// app's types.
///
/// `send` may hold the parent strongly (every `scope` does): the child keeps its parent alive
/// anyway, and loading a weak reference at every send cost more than the send's bookkeeping.
/// The parent's subscriber reaches the child through a ``ChildLink``, so nothing holds a child
/// from above.
@inlinable
func following<ParentState, ParentAction, ChildState, ChildAction>(
  _ parentEngine: StoreEngine<ParentState, ParentAction>, from parent: AnyObject,
  state: KeyPath<ParentState, ChildState>,
  send: @escaping (ChildAction) -> StoreTask
) -> ScopedStore<ChildState, ChildAction> {
  childStore(of: parentEngine, from: parent, state: state, send: send) { link in
    parentEngine.addSubscriber { parentState in link.update(parentState[keyPath: state]) }
  }
}

/// A child store for an `Equatable` part of a parent's state, which takes the part only when it
/// changed: one comparison per parent change, shared with every subscriber of the same key path.
@inlinable
func following<ParentState, ParentAction, ChildState: Equatable, ChildAction>(
  _ parentEngine: StoreEngine<ParentState, ParentAction>, from parent: AnyObject,
  state: KeyPath<ParentState, ChildState>,
  send: @escaping (ChildAction) -> StoreTask
) -> ScopedStore<ChildState, ChildAction> {
  childStore(of: parentEngine, from: parent, state: state, send: send) { link in
    parentEngine.addSubscriber(keyPath: state) { part in link.update(part) }
  }
}

/// Makes a child store starting from its part of the parent's state, and lets `subscribe`
/// install the parent subscriber that keeps it up to date (removed when the child goes) once
/// someone watches the child.
@inlinable
func childStore<ParentState, ParentAction, ChildState, ChildAction>(
  of parentEngine: StoreEngine<ParentState, ParentAction>, from parent: AnyObject,
  state: KeyPath<ParentState, ChildState>,
  send: @escaping (ChildAction) -> StoreTask,
  subscribe: @escaping (ChildLink<ChildState, ChildAction>) -> SubscriptionID
) -> ScopedStore<ChildState, ChildAction> {
  let child = ScopedStore<ChildState, ChildAction>(
    initialState: parentEngine.untrackedState[keyPath: state], parent: parent,
    home: parentEngine.ownerHome?.actor, homeIsInferred: parentEngine.homeIsInferred,
    sendToParent: send)
  let link = ChildLink(child)
  child.link = link
  // Until someone watches the child, it reads its part from the parent when asked, and the
  // parent does nothing for it per action. (Unowned: the child's engine holds this closure.)
  child.engine.readLazily(from: { parentEngine.untrackedState[keyPath: state] }) {
    [unowned child] in
    child.follow(parentEngine, subscriber: subscribe(link))
  }
  return child
}
