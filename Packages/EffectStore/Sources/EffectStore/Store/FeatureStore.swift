/// A store whose reducer returns effects: the reducer/effect style.
///
/// ```swift
/// let store = FeatureStore(initialState: CounterState(), reducer: Counter())
/// store.send(.increment)
/// await store.send(.incrementLater).finish()
/// ```
///
/// Each `send` runs the middlewares, the reducer once, tells observers once, then starts the
/// effects the reducer returned: a `.send` runs as a queued action before `send` returns; `.run`
/// work runs in tasks, returned as a ``StoreTask``. Scope child stores with ``scope(state:action:)-90zpa``
/// and ``scope(forEach:action:)``. The store is `Observable`, and offers `subscribe` and
/// `states()` from ReduxCore. Releasing it cancels every effect still running.
///
/// > Note: It belongs to the isolation domain that makes it, and is used there synchronously: the
/// > main actor in an app, your actor on a server. Its effects' actions come back there (see
/// > `Docs/Concurrency.md`).
public final class FeatureStore<State, Action>: StateStore {
  /// The engine behind the store. Not API (see `StateStore.engine`).
  @_documentation(visibility: internal)
  public let engine: StoreEngine<State, Action>
  @usableFromInline let effects: EffectRunner<State, Action>
  /// One follower per collection that element child stores were made for.
  @usableFromInline var elementFollowers: [AnyKeyPath: AnyObject] = [:]
  /// The child stores of optional state presented now (``PresentingStore``).
  @usableFromInline var presentations: [AnyKeyPath: AnyObject] = [:]

  /// Makes a store, then sends `initialAction` if given (to load data at start, say).
  ///
  /// ```swift
  /// let store = FeatureStore(
  ///   initialState: CounterState(), reducer: Counter(), initialAction: .load,
  ///   middlewares: [.logging(label: "counter")])
  /// ```
  /// - Parameters:
  ///   - initialState: The state before any action.
  ///   - reducer: Applies each action and returns effects.
  ///   - initialAction: Sent once, right after creation.
  ///   - middlewares: Run around the reducer, the first outermost; they see every action,
  ///     including those effects send.
  ///   - dependencies: Replaces dependencies for this store's reducer and effects (see
  ///     ``DependencyValues``), over those in force where it is made.
  ///   - isolation: Where the store lives; leave the default, the caller's actor.
  @inlinable
  public init<R: Reducer>(
    initialState: State,
    reducer: R,
    initialAction: Action? = nil,
    middlewares: [Middleware<State, Action>] = [],
    dependencies: (inout DependencyValues) -> Void = { _ in },
    isolation: isolated (any Actor)? = #isolation
  ) where R.State == State, R.Action == Action {
    effects = EffectRunner()
    let values = DependencyValues.current.with(dependencies)
    effects.dependencies = values
    let reduce =
      values.isEmpty
      ? EffectRunner.engineReducer(reducer, runner: effects)
      : EffectRunner.engineReducer(WithDependencies(values, base: reducer), runner: effects)
    engine = StoreEngine(
      initialState: initialState, middlewares: middlewares, home: isolation,
      workAfterEachAction: effects.workAfterEachAction, style: .reducerEffect,
      reducer: reduce)
    effects.attach(to: engine)
    engine.applyPlugins(storeName: String(describing: State.self), style: .reducerEffect)
    if let initialAction { send(initialAction) }
  }

  /// Makes a store whose reducer is built by a closure, the trailing-closure spelling.
  ///
  /// ```swift
  /// let store = FeatureStore(initialState: CounterState()) { Counter() }
  /// ```
  /// - Parameters:
  ///   - initialState: The state before any action.
  ///   - initialAction: Sent once, right after creation.
  ///   - middlewares: Run around the reducer, the first outermost.
  ///   - dependencies: Replaces dependencies for this store's reducer and effects.
  ///   - isolation: Where the store lives; leave the default, the caller's actor.
  ///   - reducer: Builds the reducer.
  @inlinable
  public convenience init<R: Reducer>(
    initialState: State,
    initialAction: Action? = nil,
    middlewares: [Middleware<State, Action>] = [],
    dependencies: (inout DependencyValues) -> Void = { _ in },
    isolation: isolated (any Actor)? = #isolation,
    reducer: () -> R
  ) where R.State == State, R.Action == Action {
    self.init(
      initialState: initialState, reducer: reducer(), initialAction: initialAction,
      middlewares: middlewares, dependencies: dependencies, isolation: isolation)
  }

  deinit {
    effects.cancelAll()
  }

  /// Sends an action: middlewares, reducer, observers, then its effects.
  ///
  /// ```swift
  /// store.send(.increment)
  /// await store.send(.load).finish()
  /// ```
  /// - Parameter action: The action.
  /// - Returns: The async work the action started, with the work of the actions it sends, at
  ///   once or later (its tree), to await or cancel.
  @inlinable
  @discardableResult
  public func send(_ action: Action) -> StoreTask {
    if engine.isDispatching {
      // Queued behind the running dispatch: its work starts when the engine reaches it.
      engine.dispatch(action)
      return StoreTask(.queued(effects.follow(actionNumber: engine.numberOfLastQueuedAction)))
    }
    return effects.collectingWork { engine.dispatch(action) }
  }

  /// Sends an action without keeping track of its work (the Redux spelling of ``send(_:)``).
  ///
  /// ```swift
  /// store.dispatch(.increment)
  /// ```
  /// - Parameter action: The action.
  @inlinable
  public func dispatch(_ action: Action) {
    engine.dispatch(action)
  }

  /// The number of effect tasks still running.
  public var runningEffectCount: Int { effects.runningCount }

  /// From now on, records which action started each effect (a test store, to trace an effect
  /// still running to the `send` that started it).
  package func recordWhichActionStartsEachEffect() { effects.startedBy = effects.startedBy ?? [:] }

  /// The number of the action that started each effect still running (see
  /// ``recordWhichActionStartsEachEffect()``; 0 for one started before that), in the order they
  /// started. Actions are numbered in the order they start (`engine.currentActionNumber`).
  package var runningEffectStarts: [Int] { effects.runningWorkStarts }

  /// Calls `report` with each action a `.run` effect sends after its closure has returned (its
  /// `send` escaped into a task of its own): a test store fails the test, as TCA's does. The
  /// action is still applied.
  package func whenAnEffectSendsAfterItEnded(_ report: @escaping @Sendable (_ action: String) -> Void) {
    effects.reportSendAfterEnd = report
  }

  /// Stops counting the effects running now in ``runningEffectCount``: they go on, and what they
  /// send is applied (a test store's `skipInFlightEffects()`).
  /// - Returns: How many there were.
  package func skipRunningEffects() -> Int { effects.skipRunningWork() }

  /// Cancels every running effect, as releasing the store does (a test store ending a test).
  package func cancelAllEffects() { effects.cancelAll() }

  /// Calls `hook` whenever an effect ends or is cancelled: a test store waiting for the store's
  /// effects to end wakes up then, instead of checking again and again.
  package func whenAnEffectEnds(_ hook: @escaping () -> Void) { effects.workEnded = hook }
}
