public import Observation

/// What every style's store is: a store of a `State` built on a `StoreEngine`. Every style
/// conforms, and gets the same three ways to observe it from this one implementation; generic code
/// that works with a store of any style takes `some StateStore<State, Action>`.
///
/// 1. ``subscribe(initial:_:)`` and its siblings, with an optional selector and duplicate
///    removal, returning a ``Subscription`` token that ends when released; or ``listen(_:)`` and
///    its siblings, Redux listeners that live until their ``Unsubscribe`` function is called.
/// 2. ``states(bufferingPolicy:)`` and its siblings, an `AsyncStream` of states or of a selected
///    slice, finishing when the store goes away.
/// 3. `Observable`, per field: reading `store.count` (any field, as a member of the store) or
///    `store.state(\.settings.theme)` inside `withObservationTracking` (or a SwiftUI view's
///    body) tracks that field alone, so the view is told only when it changed. Reading
///    ``state`` tracks the whole state. While nobody tracks anything, a dispatch does not touch
///    the Observation machinery at all.
///
/// ```swift
/// let token = store.subscribe(\.count) { count in print("count is now", count) }
/// for await count in store.states(\.count) { print(count) }
/// withObservationTracking { _ = store.count } onChange: { print("count will change") }
/// ```
///
/// > Note: A store belongs to the isolation domain that made it (the main actor in an app, your
/// > actor on a server) and is not `Sendable`: it is used there, synchronously, and its
/// > observers run there (see `Docs/Concurrency.md`).
@dynamicMemberLookup
public protocol StateStore<State, Action>: AnyObject, Observable {
  /// The value the store holds.
  associatedtype State
  /// What the store's users send (and, for a root store, what its middlewares see and its
  /// reducer applies).
  associatedtype Action
  /// What the store's engine applies: the store's actions, except in a child store, whose
  /// engine takes the new states of its part.
  associatedtype EngineAction = Action

  /// The engine behind the store. Not API: it is public only because this protocol must name
  /// it, has no public member, and is hidden from the documentation; the styles of this package
  /// call it, users never need to.
  @_documentation(visibility: internal)
  var engine: StoreEngine<State, EngineAction> { get }
}

/// The store protocol's former name, from when it was named after its Observation support.
@available(*, deprecated, renamed: "StateStore")
public typealias ObservableStore = StateStore

extension StateStore {
  /// The whole current state; tracked by Observation when read inside `withObservationTracking`,
  /// as one value: the tracker is told after every dispatch. A view should read the fields it
  /// shows instead (`store.count`, ``state(_:)-2t7pl``), to be told only when
  /// they changed.
  ///
  /// ```swift
  /// let snapshot = store.state
  /// ```
  @inlinable public var state: State { engine.state }

  /// Subscribes to every new state, after each dispatch.
  ///
  /// It is called after every dispatch, changed state or not, whatever the state's type: it
  /// keeps no copy of the state to compare with, so a big state is never copied for it. To skip
  /// unchanged states, select the whole state, `subscribe({ $0 }) { state in … }`, which keeps
  /// the last state to compare (see "What copies the state" in `Docs/Semantics.md`).
  ///
  /// ```swift
  /// let token = store.subscribe { state in render(state) }
  /// let drawn = store.subscribe(initial: true) { state in render(state) }  // now, then each dispatch
  /// ```
  /// - Parameters:
  ///   - initial: Also call `observer` now, with the current state (the habit of ReSwift's
  ///     `subscribe`); by default it is first called after the next dispatch.
  ///   - observer: Called with the new state after each dispatch.
  /// - Returns: A token; the subscription ends when it is cancelled or released.
  @inlinable
  public func subscribe(
    initial: Bool = false, _ observer: @escaping (State) -> Void
  ) -> Subscription {
    let subscription = token(for: engine.addSubscriber(observer))
    if initial { observer(engine.untrackedState) }
    return subscription
  }

  /// Subscribes to one `Equatable` field, called only when it changed.
  ///
  /// Subscribers of the same key path share one comparison per dispatch.
  ///
  /// ```swift
  /// let token = store.subscribe(\.settings.theme) { theme in print("theme:", theme) }
  /// let shown = store.subscribe(\.settings.theme, initial: true) { theme in print("theme:", theme) }
  /// ```
  /// - Parameters:
  ///   - keyPath: The field to watch.
  ///   - initial: Also call `observer` now, with the current value.
  ///   - observer: Called with the new value after a dispatch that changed it.
  /// - Returns: A token; the subscription ends when it is cancelled or released.
  @inlinable
  public func subscribe<Value: Equatable>(
    _ keyPath: KeyPath<State, Value>,
    initial: Bool = false,
    _ observer: @escaping (Value) -> Void
  ) -> Subscription {
    let subscription = token(for: engine.addSubscriber(keyPath: keyPath, notify: observer))
    if initial { observer(engine.untrackedState[keyPath: keyPath]) }
    return subscription
  }

  /// Subscribes to a value computed from the state, called only when it changed (`==`).
  ///
  /// ```swift
  /// let token = store.subscribe({ $0.todos.filter(\.isDone).count }) { done in print(done) }
  /// ```
  /// - Parameters:
  ///   - select: Computes the value from the state.
  ///   - initial: Also call `observer` now, with the current value.
  ///   - observer: Called with the new value after a dispatch that changed it.
  /// - Returns: A token; the subscription ends when it is cancelled or released.
  @inlinable
  public func subscribe<Value: Equatable>(
    _ select: @escaping (State) -> Value,
    initial: Bool = false,
    _ observer: @escaping (Value) -> Void
  ) -> Subscription {
    let subscription = token(for: engine.addSubscriber(select: select, notify: observer))
    if initial { observer(select(engine.untrackedState)) }
    return subscription
  }

  /// Subscribes to a value computed from the state, with your own duplicate test.
  ///
  /// Pass `{ _, _ in false }` to be called after every dispatch.
  ///
  /// ```swift
  /// let token = store.subscribe({ $0.todos }, removingDuplicates: { $0.count == $1.count }) {
  ///   todos in print(todos.count)
  /// }
  /// ```
  /// - Parameters:
  ///   - select: Computes the value from the state.
  ///   - isDuplicate: Returns `true` when two values count as the same.
  ///   - initial: Also call `observer` now, with the current value.
  ///   - observer: Called with the new value after a dispatch that changed it.
  /// - Returns: A token; the subscription ends when it is cancelled or released.
  @inlinable
  public func subscribe<Value>(
    _ select: @escaping (State) -> Value,
    removingDuplicates isDuplicate: @escaping (Value, Value) -> Bool,
    initial: Bool = false,
    _ observer: @escaping (Value) -> Void
  ) -> Subscription {
    let subscription = token(
      for: engine.addSubscriber(select: select, isDuplicate: isDuplicate, notify: observer))
    if initial { observer(select(engine.untrackedState)) }
    return subscription
  }

  /// The token of subscription `id`; released before anything else happened (no action to the
  /// store, no other subscription to it, no other token made or ended anywhere: the spelling
  /// `_ = store.subscribe…`), it prints a warning with the fix.
  @inlinable
  func token(for id: SubscriptionID) -> Subscription {
    let madeAt = engine.currentActionNumber
    let madeAmongTokens = ReduxWarning.tokenMade()
    return Subscription(ending: { [weak engine] released in
      guard let engine else { return }
      let nothingElseHappened = ReduxWarning.isFirstEventSince(madeAmongTokens)
      if released, nothingElseHappened, engine.currentActionNumber == madeAt,
        engine.isLatestSubscription(id), !engine.isDispatching
      {
        ReduxWarning.subscriptionReleasedAtOnce()
      }
      engine.removeSubscriber(id)
    })
  }
}

extension StateStore {
  /// The store's states as an `AsyncStream`: the current state first, then the state after
  /// every dispatch, in order. It finishes when the store goes away.
  ///
  /// The default policy, `.bufferingNewest(1)`, keeps only the newest state a reader has not
  /// read yet: a reader that falls behind skips to the latest state instead of holding a
  /// backlog (a stream nobody reads holds one state, not every state). Pass `.unbounded` to
  /// see every state, at the cost of keeping each one until it is read.
  ///
  /// ```swift
  /// for await state in store.states() { render(state) }
  /// ```
  /// - Parameter bufferingPolicy: What the stream keeps while its reader is behind.
  /// - Returns: The stream.
  @inlinable
  public func states(
    bufferingPolicy: AsyncStream<State>.Continuation.BufferingPolicy = .bufferingNewest(1)
  ) -> AsyncStream<State> where State: Sendable {
    let engine = engine
    return engine.makeStream(bufferingPolicy: bufferingPolicy, initial: engine.untrackedState) {
      engine.addSubscriber($0)
    }
  }

  /// One field's values as an `AsyncStream`: the current value first, then each change.
  ///
  /// ```swift
  /// for await count in store.states(\.count) { print(count) }
  /// ```
  /// - Parameters:
  ///   - keyPath: The field to watch.
  ///   - bufferingPolicy: What the stream keeps while its reader is behind; by default only the
  ///     newest value.
  /// - Returns: The stream.
  @inlinable
  public func states<Value: Equatable & Sendable>(
    _ keyPath: KeyPath<State, Value>,
    bufferingPolicy: AsyncStream<Value>.Continuation.BufferingPolicy = .bufferingNewest(1)
  ) -> AsyncStream<Value> {
    let engine = engine
    return engine.makeStream(
      bufferingPolicy: bufferingPolicy, initial: engine.untrackedState[keyPath: keyPath]
    ) {
      engine.addSubscriber(keyPath: keyPath, notify: $0)
    }
  }

  /// A computed value's changes as an `AsyncStream`: the current value first, then each change.
  ///
  /// ```swift
  /// for await open in store.states({ $0.todos.filter { !$0.isDone }.count }) { print(open) }
  /// ```
  /// - Parameters:
  ///   - select: Computes the value from the state.
  ///   - bufferingPolicy: What the stream keeps while its reader is behind; by default only the
  ///     newest value.
  /// - Returns: The stream.
  @inlinable
  public func states<Value: Equatable & Sendable>(
    _ select: @escaping (State) -> Value,
    bufferingPolicy: AsyncStream<Value>.Continuation.BufferingPolicy = .bufferingNewest(1)
  ) -> AsyncStream<Value> {
    let engine = engine
    return engine.makeStream(bufferingPolicy: bufferingPolicy, initial: select(engine.untrackedState)) {
      engine.addSubscriber(select: select, notify: $0)
    }
  }
}

extension StateStore where EngineAction == Action {
  /// Adds a middleware to the live store, as a feature loaded later, a debug panel opened at run
  /// time or analytics turned on after consent need (ReSwift's settable middleware, Redux
  /// Toolkit's `createDynamicMiddleware`).
  ///
  /// From the next action on, it runs after (inside) every middleware the store was made with,
  /// and after those added before it; it sees what they pass on, and what it passes on reaches
  /// the reducer. The chain is linked once, here, not per action, and the other middlewares are
  /// not rebuilt. A store made without middlewares keeps its direct path until the first one is
  /// added.
  ///
  /// ```swift
  /// let debugLog = store.addMiddleware(.logging(label: "debug"))
  /// store.dispatch(.increment)  // logged
  /// debugLog.remove()
  /// ```
  /// - Parameter middleware: The middleware, made where the store lives (or in a nonisolated
  ///   function).
  /// - Returns: What removes it; keeping or releasing it changes nothing.
  @inlinable
  @discardableResult
  public func addMiddleware(_ middleware: Middleware<State, Action>) -> AddedMiddleware {
    engine.addMiddleware(middleware)
  }
}

extension StateStore {
  /// How many subscriptions, listeners and state streams the store has: for a leak check in a
  /// test (a released token, an ended stream, an unsubscribed listener is no longer counted).
  ///
  /// ```swift
  /// import Testing
  ///
  /// var token: Subscription? = store.subscribe(\.count) { _ in }
  /// token = nil
  /// #expect(store.subscriberCount == 0)
  /// ```
  public var subscriberCount: Int { engine.subscriberCount }
}
