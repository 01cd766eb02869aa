/// The machinery every store style runs on: state, reducer, middleware chain, the re-entrancy
/// queue, subscribers, state streams and `Observable` support.
///
/// A style wraps one engine and gives it its own vocabulary (commits, effects, `createStore`).
/// The engine is the style authors' surface: every member is `package`, so only the styles of
/// this package call it. To a user the type is an opaque handle that ``StateStore`` has to
/// name; a user reaches a store only through its style, so state changes only through the store.
///
/// ```swift
/// // Whatever its style, a store runs on an engine; outside this package it is only a name.
/// func engine(of store: some StateStore<Counter, CounterAction>) -> some AnyObject { store.engine }
/// ```
///
/// ## Re-entrancy
///
/// A dispatch runs the middleware chain, then the reducer once, then tells every subscriber once.
/// An action dispatched while that is happening (by a middleware, a subscriber or synchronous
/// follow-up work) is queued and runs, in order, right after the current one and before the
/// outermost ``dispatch(_:)`` returns. Every subscriber therefore sees every state, oldest
/// first. Draining the queue is a loop, so long chains of follow-up actions use no extra stack.
/// Dispatching, reading the state or subscribing from inside the reducer is a programmer error
/// and stops with a message that says so.
///
/// ## Lifetime
///
/// The engine holds its middlewares and subscribers; none of them holds the engine strongly, so
/// releasing the store frees it, removes its subscribers and finishes its state streams.
///
/// > Note: It belongs to the isolation domain that made its store (see ``StoreHome``) and is not
/// > `Sendable`, so it runs with no actor hop and no executor check. The hot path allocates
/// > nothing and is `@inlinable`, so the module that uses a store specializes it for its own
/// > `State` and `Action`.
@_documentation(visibility: internal)
public final class StoreEngine<State, Action> {
  // Exclusivity: the hot-path properties skip dynamic exclusivity checks for the reasons given
  // in `EngineCore`: one owner at a time (the engine is not `Sendable`), and no access that can
  // overlap another, since the chain is only replaced outside a dispatch.
  @usableFromInline let core: EngineCore<State, Action>
  @exclusivity(unchecked) @usableFromInline var isBuildingChain = false
  /// Whether ``finishStreams()`` ended the store's streams: a stream made after it finishes at
  /// once, after its first element.
  @usableFromInline var streamsAreFinished = false
  /// How to finish each live state stream when the engine goes away.
  @usableFromInline var streamFinishers: [SubscriptionID: @Sendable () -> Void] = [:]
  /// The middlewares added to the live store (``addMiddleware(_:)``), innermost in the chain.
  @usableFromInline let addedMiddlewares: AddedMiddlewares<Action>
  /// Whether the store was made with middlewares (the added ones then run inside them).
  @usableFromInline var hasMadeMiddlewares: Bool
  /// What keeps each step a dispatch applies (`recordSteps(isolation:_:)`), innermost of all.
  @usableFromInline var stepRecorders: [StepRecorder<State, Action>]
  /// What middlewares asked to run when the state is set without an action (``travel(to:operation:)``).
  @usableFromInline var replacementObservers: [() -> Void]
  /// Whether ``dispose()`` ended the store.
  @usableFromInline package var isDisposed: Bool
  /// The style's own ending work, run by ``dispose()`` (cancelling effects, ending mirrors).
  @usableFromInline var disposalWork: [() -> Void]
  /// Work that ends with the store, by ``dispose()`` or by its release (``whenEnded(_:)``).
  var endingWork: [() -> Void] = []
  /// Where the code that made the store runs (held without keeping its actor, which often owns
  /// the store, alive); `nil` for a store made outside any actor and off the main thread.
  @usableFromInline package var ownerHome: StoreHome?
  /// Whether ``ownerHome`` is the main actor only because the store was made on the main thread
  /// where Swift reports no actor (a property default of a `@MainActor` type, a `lazy var`, a
  /// plain factory function): the first use that needs a home confirms it (see ``home``).
  @usableFromInline package var homeIsInferred = false

  /// Makes an engine.
  ///
  /// ```swift
  /// let engine = StoreEngine<Int, Int>(initialState: 0, middlewares: [logger]) { state, amount in
  ///   state += amount
  /// }
  /// ```
  /// - Parameters:
  ///   - initialState: The state before any action.
  ///   - middlewares: Run in order around the reducer, the first outermost; built once, here.
  ///   - reducer: Changes the state in place for an action.
  ///   - home: The actor of the code that makes the store, where its async work comes back;
  ///     `nil` outside any actor (see ``StoreHome``).
  ///   - homeIsInferred: Whether `home` is a parent store's inferred home (a child store's).
  ///   - workAfterEachAction: The style's work after an action that asks for it (effects to
  ///     start); its own, with no work, by default.
  ///   - style: The style the store belongs to, whose words its programmer-error messages use.
  @inlinable
  package init(
    initialState: State,
    middlewares: [Middleware<State, Action>] = [],
    home: (any Actor)?,
    homeIsInferred: Bool = false,
    workAfterEachAction: WorkAfterEachAction = WorkAfterEachAction(),
    style: StoreStyle = .functional,
    reducer: @escaping (inout State, Action) -> Void
  ) {
    core = EngineCore(
      state: initialState, reducer: reducer, workAfterEachAction: workAfterEachAction, style: style)
    // Every field is assigned here rather than by a default value: Swift 6.3, optimizing a
    // module that inlines this initializer, left a field with a default value unset.
    addedMiddlewares = AddedMiddlewares()
    hasMadeMiddlewares = false
    stepRecorders = []
    replacementObservers = []
    isDisposed = false
    disposalWork = []
    if let home {
      ownerHome = StoreHome(home)
      self.homeIsInferred = homeIsInferred
    } else if MainThread.isCurrent {
      // Swift reports no actor in a stored property's default value, a `lazy var` or a plain
      // function, even when the code runs on the main actor; on the main thread it does.
      ownerHome = StoreHome(MainActor.shared)
      self.homeIsInferred = true
    } else {
      ownerHome = nil
    }
    if !middlewares.isEmpty { installMiddlewares(middlewares) }
  }

  deinit {
    // The chain's innermost `next` holds the core: without the chain, a `next` a middleware kept
    // still reaches the reducer, and nothing holds the core in a cycle.
    core.replaceChain(with: nil)
    for finish in streamFinishers.values { finish() }
    core.subscribers.removeAll()
    for end in endingWork { end() }
  }

  /// Where the store's async work comes back to: its owner's actor; `nil` for a store made
  /// outside any actor. Read it only where the owner runs (starting async work, inside a
  /// dispatch): the first read confirms a home inferred from the main thread.
  @usableFromInline
  package var home: StoreHome? {
    if _slowPath(homeIsInferred) { confirmInferredHome() }
    return ownerHome?.actor == nil ? nil : ownerHome
  }

  /// Gives a store that has no home, or only an inferred one, the actor of the code that now
  /// starts its async work (a thunk's `start`, which takes the caller's `#isolation`).
  ///
  /// ```swift
  /// engine.settleHome(on: isolation)
  /// ```
  /// - Parameter actor: The caller's actor; `nil` changes nothing.
  package func settleHome(on actor: (any Actor)?) {
    guard let actor, ownerHome == nil || homeIsInferred else { return }
    ownerHome = StoreHome(actor)
    homeIsInferred = false
  }

  /// The home that async work (an effect, a started thunk) comes back to, the one check every
  /// style makes before starting such work: settled on `caller` first if the store has none yet
  /// (see ``settleHome(on:)``), and with none at all, `stop` says why in the style's words.
  ///
  /// ```swift
  /// let home = engine.homeForAsyncWork(settlingOn: isolation) { MyStyleError.noHome() }
  /// ```
  package func homeForAsyncWork(
    settlingOn caller: (any Actor)? = nil, otherwise stop: () -> Never
  ) -> StoreHome {
    settleHome(on: caller)
    guard let home else { stop() }
    return home
  }

  /// Keeps the main actor as the home if the owner still runs on the main thread; a store made
  /// on the main thread by an actor's initializer (or a property default of an actor) and used
  /// on that actor stops here, with the fix, rather than race with it.
  @usableFromInline
  func confirmInferredHome() {
    guard MainThread.isCurrent else { ProgrammerError.madeOnTheMainThreadUsedElsewhere() }
    homeIsInferred = false
  }

  /// The current state. Reading it inside `withObservationTracking` (or a SwiftUI body) tracks
  /// it, so the next dispatch reports a change.
  @inlinable package var state: State { core.trackedState }

  /// One field of the state. Reading it inside `withObservationTracking` (or a SwiftUI body)
  /// tracks that field alone: the next dispatch reports a change only if it changed the field.
  ///
  /// ```swift
  /// engine.state(\.count)
  /// ```
  /// - Parameter keyPath: The field, at any depth (`\.settings.theme`, `\.todos.count`).
  /// - Returns: The field's current value.
  @inlinable
  package func state<Value: Equatable>(_ keyPath: KeyPath<State, Value>) -> Value {
    core.trackedValue(at: keyPath, isDuplicate: { $0 == $1 })
  }

  /// One element of a list, by id, tracked on its own: what ``StateStore/state(_:id:)`` reads.
  ///
  /// ```swift
  /// engine.element(id: 2, in: \.todos)
  /// ```
  @inlinable
  package func element<Elements: IdentifiedElements>(
    id: Elements.Element.ID, in list: KeyPath<State, Elements>
  ) -> Elements.Element? where Elements.Element: Equatable {
    core.trackedElement(id: id, in: list)
  }

  /// One field of a type that is not `Equatable`: tracked on its own, but reported after every
  /// dispatch, since nothing can tell whether it changed.
  ///
  /// ```swift
  /// engine.state(\.lastError)
  /// ```
  /// - Parameter keyPath: The field.
  /// - Returns: The field's current value.
  @inlinable
  package func state<Value>(_ keyPath: KeyPath<State, Value>) -> Value {
    core.trackedValue(at: keyPath, isDuplicate: nil)
  }

  /// The current state, read without Observation tracking: for middlewares, subscribers and
  /// style code that must not register interest.
  @inlinable package var untrackedState: State { core.state }

  /// Runs `body` on the current state where it lies, untracked: a look-up in a collection of
  /// the state then neither copies the state nor retains what it holds. The state is `inout`
  /// only so that it is not loaded; `body` must not change it.
  ///
  /// ```swift
  /// engine.withUntrackedState { rows.withField(inPlace: &$0) { $0.index(id: id) != nil } }
  /// ```
  /// - Parameter body: Reads the state.
  /// - Returns: What `body` returns.
  @inlinable
  package func withUntrackedState<Result>(_ body: (inout State) -> Result) -> Result {
    if _slowPath(core.isReducing) { ProgrammerError.readDuringReduce(in: core.style) }
    if _slowPath(core.isLazy) { core.readLazyPart() }
    return body(&core.storedState)
  }

  /// Runs `body` on a root store's state where it lies, untracked, as ``withUntrackedState(_:)``
  /// does, unless the reducer is running: then the state is being changed, and `body` is not
  /// run (`nil`), for a caller that has something better to do than report the read. For a
  /// root store only, whose state is always its own (only a child store reads its state
  /// lazily from its parent): one test less, on a read made on every send (an element store's
  /// check that its element is still there).
  /// - Parameter body: Reads the state.
  /// - Returns: What `body` returns, or `nil` while the reducer runs.
  @inlinable
  package func withRootStateUnlessReducing<Result>(_ body: (inout State) -> Result) -> Result? {
    assert(!core.isLazy, "a root store's state is its own")
    if _slowPath(core.isReducing) { return nil }
    return body(&core.storedState)
  }

  /// Whether a dispatch is in progress (an action dispatched now would be queued).
  @inlinable package var isDispatching: Bool { core.queue.isRunning }

  /// The number of the action running now (or of the last one that ran): actions are numbered
  /// in the order they start, queued ones included.
  @inlinable package var currentActionNumber: Int { core.queue.started }

  /// The number the action queued last will have when it starts; read right after a
  /// ``dispatch(_:)`` made during a dispatch, it is that action's number.
  @inlinable package var numberOfLastQueuedAction: Int { core.queue.numberOfLastQueued }

  /// Sends an action through the middleware chain to the reducer, then tells the subscribers.
  ///
  /// ```swift
  /// engine.dispatch(1)
  /// ```
  /// - Parameter action: The action to apply.
  /// - Complexity: One call per middleware, one reducer call, one call per subscriber whose
  ///   selection changed; no allocation.
  @inlinable
  package func dispatch(_ action: Action) {
    guard core.queue.enter() else { return enqueueNested(action) }
    core.run(action)
    core.runQueuedActions()
  }

  @usableFromInline
  func enqueueNested(_ action: Action) {
    if core.isReducing { ProgrammerError.dispatchDuringReduce(action, in: core.style) }
    if isBuildingChain { ProgrammerError.dispatchWhileBuildingMiddleware(action) }
    core.queue.enqueue(action)
  }

  /// Sets the state without a dispatch when nothing could tell the difference: no dispatch under
  /// way, no middleware, no subscriber or stream, nobody tracking through Observation, no work
  /// after each action. A child store takes its part this way while nobody watches it.
  ///
  /// ```swift
  /// if !engine.replaceStateIfUnwatched(with: part) { engine.dispatch(part) }
  /// ```
  /// - Parameter newState: The state to hold.
  /// - Returns: Whether it was set; when `false`, nothing changed and a dispatch must do it.
  @inlinable
  package func replaceStateIfUnwatched(with newState: State) -> Bool {
    guard core.chain == nil, !core.queue.isRunning, core.subscribers.isEmpty, !core.mayBeTracked,
      !core.workAfterEachAction.isDue
    else { return false }
    core.storedState = newState
    return true
  }

  /// Makes a child store's engine read its state from its parent until someone watches it
  /// (subscribes, opens a stream, or tracks it through Observation), and then call
  /// `startFollowing`, which subscribes it to its parent. A child that nobody watches costs its
  /// parent nothing per action.
  ///
  /// ```swift
  /// child.engine.readLazily(from: { parent.untrackedState.counter }) { follow(parent) }
  /// ```
  /// - Parameters:
  ///   - read: Returns the part of the parent's state, current.
  ///   - startFollowing: Subscribes the child to its parent; called once.
  @usableFromInline
  package func readLazily(from read: @escaping () -> State, startFollowing: @escaping () -> Void) {
    core.lazyPart = LazyPart(read: read, startFollowing: startFollowing)
  }

  /// Replaces the reducer; the state stays as it is. Takes effect from the next action.
  ///
  /// ```swift
  /// engine.replaceReducer { state, amount in state -= amount }
  /// ```
  /// - Parameter reducer: The new reducer.
  @usableFromInline package func replaceReducer(_ reducer: @escaping (inout State, Action) -> Void) {
    if core.isReducing { ProgrammerError.replaceReducerDuringReduce() }
    core.reducer = reducer
  }

  /// Wraps the reducer the engine has now (a test store wraps it to record every action that
  /// reaches it, with the state after it). Costs nothing to stores that are not wrapped.
  ///
  /// ```swift
  /// engine.wrapReducer { reduce in { state, action in reduce(&state, action); log(action) } }
  /// ```
  /// - Parameter wrap: Given the current reducer, returns the one to use from the next action.
  package func wrapReducer(
    _ wrap: (@escaping (inout State, Action) -> Void) -> (inout State, Action) -> Void
  ) {
    if core.isReducing { ProgrammerError.replaceReducerDuringReduce() }
    core.reducer = wrap(core.reducer)
  }

  /// Wraps the existing chain in more middlewares, which become the outermost; the first given
  /// is the outermost of all. Stores call this while they are being created.
  ///
  /// ```swift
  /// engine.installMiddlewares([logger, analytics])
  /// ```
  /// - Parameter middlewares: The middlewares to add, outermost first.
  @inlinable
  package func installMiddlewares(_ middlewares: [Middleware<State, Action>]) {
    if core.queue.isRunning { ProgrammerError.installMiddlewareDuringDispatch() }
    checkMadeHere(middlewares)
    let core = core
    let context = middlewareContext()
    var next: (Action) -> Void
    if hasMadeMiddlewares, let chain = core.chain {
      next = chain.entry
    } else {
      // Innermost: the middlewares added at run time or by plugins, now or later, if any; then
      // the reducer.
      let added = addedMiddlewares
      next = { action in
        if let entry = added.entry { entry(action) } else { core.reduceAndNotifyFromChain(action) }
      }
    }
    // While the chain is being built a dispatch must reach `enqueueNested`, which reports it.
    let wasRunning = core.queue.isRunning
    core.queue.isRunning = true
    isBuildingChain = true
    for middleware in middlewares.reversed() {
      next = middleware.wrap(context, next)
    }
    isBuildingChain = false
    core.queue.isRunning = wasRunning
    core.replaceChain(with: next)
    hasMadeMiddlewares = true
  }

  /// Stops, with a message, at a middleware made on an actor other than this store's: its
  /// functions may use that actor's state, and would run here.
  @usableFromInline
  func checkMadeHere(_ middlewares: [Middleware<State, Action>]) {
    let here = ownerHome?.actor.map { ObjectIdentifier($0) }
    for middleware in middlewares where middleware.madeOn != nil && middleware.madeOn != here {
      ProgrammerError.middlewareFromAnotherActor()
    }
  }

  /// What the middlewares of this engine reach: its state, its dispatch and its home. It holds
  /// the engine weakly (see ``MiddlewareContext``). Inlinable, so that a middleware's read of
  /// the state is compiled for the store's own `State` (a copy through value witnesses otherwise).
  @inlinable
  func middlewareContext() -> MiddlewareContext<State, Action> {
    let core = core
    return MiddlewareContext(
      getState: { core.state },
      dispatch: { [weak self] action in self?.dispatch(action) },
      home: { [weak self] in self?.home },
      onStateReplaced: { [weak self] work in self?.replacementObservers.append(work) })
  }
}
