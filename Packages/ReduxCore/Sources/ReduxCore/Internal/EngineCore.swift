public import Observation

/// The part of a store that applies an action: the state, the reducer, the subscribers and the
/// `Observable` bookkeeping.
///
/// It is separate from ``StoreEngine`` so that the middleware chain (owned by the engine) can
/// hold this strongly without a retain cycle: a `next` function kept by a middleware after its
/// store is gone still points to valid memory and harms nothing.
@usableFromInline
@MainActor
final class EngineCore<State, Action>: Observable {
  // Exclusivity: every mutable property here is marked `@exclusivity(unchecked)`, because the
  // dynamic checks a class's stored `var`s otherwise pay on each access were most of a dispatch's
  // cost. It is safe because no two accesses can overlap: the class is main-actor isolated, so
  // there is one thread; the reducer, the only code that runs while `state` is borrowed `inout`,
  // cannot reach the store (reading, dispatching, subscribing or replacing the reducer from it
  // stops with a message, checked through `isReducing`); and notification iterates a copy of
  // the subscriber list, so subscribing or cancelling meanwhile touches a different value.

  @exclusivity(unchecked) @usableFromInline var storedState: State
  /// The re-entrancy queue. It lives here, not in the engine, so that the end of the middleware
  /// chain can see whether it runs inside a dispatch (see ``reduceAndNotifyFromChain(_:)``).
  @exclusivity(unchecked) @usableFromInline var queue = ActionQueue<Action>()
  /// The engine, to run queued actions through its middleware chain; weak, because the engine
  /// owns the chain that holds this core.
  @usableFromInline weak var owner: StoreEngine<State, Action>?
  @exclusivity(unchecked) @usableFromInline var reducer: (inout State, Action) -> Void
  @exclusivity(unchecked) @usableFromInline var subscribers = SubscriberList<State>()
  @exclusivity(unchecked) @usableFromInline var isReducing = false
  /// Whether anyone may be tracking ``trackedState`` through Observation since the last change.
  /// Observation tracking fires once and must be re-armed by reading again, so while this is
  /// `false` nobody can be waiting for a change, and a dispatch skips the registrar entirely.
  @exclusivity(unchecked) @usableFromInline var mayBeTracked = false
  @usableFromInline let registrar = ObservationRegistrar()
  /// `\.trackedState`, made once: a key path on a generic class is otherwise rebuilt by the
  /// runtime (`swift_getKeyPath`) at every use, which made each read of `state` cost microseconds.
  @usableFromInline let trackedKeyPath: KeyPath<EngineCore, State>
  /// Style code to run after each action has been applied and observers told (the effect style
  /// starts the effects its reducer returned); `nil` for styles without such work.
  @exclusivity(unchecked) @usableFromInline var afterEachAction: (@MainActor () -> Void)?

  @usableFromInline
  init(state: State, reducer: @escaping (inout State, Action) -> Void) {
    storedState = state
    self.reducer = reducer
    trackedKeyPath = \.trackedState
  }

  /// The state, read without Observation tracking (for middlewares and the store's own use).
  @inlinable
  var state: State {
    if _slowPath(isReducing) { ReduxError.readDuringReduce() }
    return storedState
  }

  /// The state, read with Observation tracking, for ``StoreEngine/state``.
  @inlinable
  var trackedState: State {
    mayBeTracked = true
    registrar.access(self, keyPath: trackedKeyPath)
    return state
  }

  /// Runs the reducer once, then tells every subscriber once.
  @inlinable
  func reduceAndNotify(_ action: Action) {
    if _slowPath(mayBeTracked) {
      reduceWhileTracked(action)
    } else {
      reduce(action)
    }
    if !subscribers.isEmpty { notify() }
    if let afterEachAction { afterEachAction() }
  }

  /// The end of the middleware chain. A middleware normally calls `next` during a dispatch; one
  /// that calls it later (after a delay, from a task) gets a dispatch of its own here, so that
  /// actions sent by subscribers meanwhile are still queued and seen in order.
  @inlinable
  func reduceAndNotifyFromChain(_ action: Action) {
    if _fastPath(queue.isRunning) {
      reduceAndNotify(action)
    } else {
      reduceAndNotifyOutsideDispatch(action)
    }
  }

  @usableFromInline
  func reduceAndNotifyOutsideDispatch(_ action: Action) {
    _ = queue.enter()
    reduceAndNotify(action)
    while let queued = queue.next() {
      if let owner { owner.run(queued) } else { reduceAndNotify(queued) }
    }
  }

  @inlinable
  func reduce(_ action: Action) {
    isReducing = true
    reducer(&storedState, action)
    isReducing = false
  }

  @usableFromInline
  func reduceWhileTracked(_ action: Action) {
    mayBeTracked = false
    registrar.willSet(self, keyPath: trackedKeyPath)
    reduce(action)
    registrar.didSet(self, keyPath: trackedKeyPath)
  }

  /// Calls every subscriber of a snapshot of the list, in the order they subscribed. Shared key
  /// paths are compared first, once each; their subscribers are then skipped with a branch when
  /// the value did not change.
  @inlinable
  func notify() {
    // Plain indexed loops: a closure passed to `withUnsafeBufferPointer` would get a dynamic
    // main-actor check on every dispatch.
    let state = storedState
    if !subscribers.groups.isEmpty {
      let groups = subscribers.groups
      for index in groups.indices { groups[index].evaluate(state) }
    }
    let entries = subscribers.entries
    for index in entries.indices {
      if let flag = entries[index].flag, !flag.changed { continue }
      entries[index].notify(state)
    }
  }
}
