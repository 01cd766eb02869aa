import ClassStore
import EffectStore
import FunctionalStore

/// What the scenarios need from a style's store; each style conforms once, and the scenarios
/// are written once, generically (and specialized per style by the compiler).
protocol BenchmarkStore: StateStore where State == BenchmarkState, EngineAction == Action {
  static var style: Style { get }
  /// Makes a store that lives on `isolation`, the caller's actor.
  static func make(
    initialState: BenchmarkState, middlewares: [Middleware<BenchmarkState, Action>],
    isolation: isolated (any Actor)?
  ) -> Self
  /// Dispatches the style's equivalent of `action`, the way an app would.
  func perform(_ action: BenchmarkAction)
  /// Dispatches and waits for the async work the action started (S8b).
  nonisolated(nonsending) func performAndWait(_ action: BenchmarkAction) async
}

/// Makes a store of a style on the main actor, where the scenarios run it. (Called directly from
/// generic code, `S.make` returns a store the compiler does not place on the caller's actor.)
@MainActor
func makeStore<S: BenchmarkStore>(
  _: S.Type, initialState: BenchmarkState, middlewares: [Middleware<BenchmarkState, S.Action>]
) -> S {
  S.make(initialState: initialState, middlewares: middlewares, isolation: #isolation)
}

extension BenchmarkStore {
  nonisolated(nonsending) func performAndWait(_ action: BenchmarkAction) async { perform(action) }
}

extension ReduxStore: BenchmarkStore
where State == BenchmarkState, Action == BenchmarkAction {
  static var style: Style { .functional }

  static func make(
    initialState: BenchmarkState, middlewares: [Middleware<BenchmarkState, BenchmarkAction>],
    isolation: isolated (any Actor)?
  ) -> Self {
    createStore(
      reducer: ReduxReducer(benchmarkReduce), initialState: initialState,
      enhancer: middlewares.isEmpty ? nil : applyMiddleware(middlewares), isolation: isolation) as! Self
  }

  func perform(_ action: BenchmarkAction) { dispatch(action) }
}

/// The class-based style: actions are methods that commit the same reducer's mutation.
///
/// It subclasses `NonisolatedCommitStore`, the base of the main-actor `CommitStore` (which adds
/// only its initializer), so that the same store runs on the main actor and on other actors.
final class BenchmarkClassStore: NonisolatedCommitStore<BenchmarkState>, BenchmarkStore {
  static var style: Style { .classBased }

  static func make(
    initialState: BenchmarkState, middlewares: [Middleware<BenchmarkState, Commit<BenchmarkState>>],
    isolation: isolated (any Actor)?
  ) -> Self {
    Self(state: initialState, middlewares: middlewares, isolation: isolation)
  }

  func increment() { commit { benchmarkReduce(&$0, .increment) } }
  /// `increment()` with its body marked as an action, for action hooks (S1a, S1h).
  func incrementAsAction() { action { commit { benchmarkReduce(&$0, .increment) } } }
  func add(_ amount: Int) { commit(mutation: Self.add, payload: amount) }
  private static func add(_ state: inout BenchmarkState, _ amount: Int) { state.count &+= amount }
  func replaceElement() { commit { benchmarkReduce(&$0, .replaceElement) } }

  func perform(_ action: BenchmarkAction) {
    switch action {
    case .increment, .incrementWithFollowUp, .incrementLater: increment()
    case .replaceElement: replaceElement()
    }
  }
}

/// The reducer/effect style: the same reducer, returning the effects S8 needs.
struct BenchmarkFeature: Reducer {
  func reduce(into state: inout BenchmarkState, action: BenchmarkAction) -> Effect<BenchmarkAction> {
    benchmarkReduce(&state, action)
    switch action {
    case .increment, .replaceElement: return .none
    case .incrementWithFollowUp: return .send(.increment)
    case .incrementLater: return .run { send in await send(.increment) }
    }
  }
}

extension FeatureStore: BenchmarkStore where State == BenchmarkState, Action == BenchmarkAction {
  static var style: Style { .effect }

  static func make(
    initialState: BenchmarkState, middlewares: [Middleware<BenchmarkState, BenchmarkAction>],
    isolation: isolated (any Actor)?
  ) -> Self {
    Self(
      initialState: initialState, reducer: BenchmarkFeature(), middlewares: middlewares,
      isolation: isolation)
  }

  func perform(_ action: BenchmarkAction) { send(action) }
  nonisolated(nonsending) func performAndWait(_ action: BenchmarkAction) async { await send(action).finish() }
}

/// S8d: an app's view model, whose store is a stored property's default value.
@MainActor
final class BenchmarkViewModel {
  let store = FeatureStore(initialState: BenchmarkState(), reducer: BenchmarkFeature())
}

/// S1p: the class-based style's other way to commit, a mutation function with its payload.
@MainActor
func payloadCommitCase() -> BenchmarkCase {
  BenchmarkCase(scenario: Scenario.all.first { $0.id == "S1p" }!, style: .classBased) {
    let store = makeStore(BenchmarkClassStore.self, initialState: BenchmarkState(), middlewares: [])
    var dispatched = 0
    return Runner(
      run: { n in
        for _ in 0..<n { store.add(1) }
        dispatched += n
      },
      verify: { expectCount(store.engine.untrackedState.count, dispatched) })
  }
}

/// S1a and S1h: the class-based S1 through a method whose body is marked `action { }`, with no
/// action hook (S1a: what marking costs) and with one that does nothing (S1h).
@MainActor
func actionHookCases() -> [BenchmarkCase] {
  ["S1a", "S1h"].map { id in
    BenchmarkCase(scenario: Scenario.all.first { $0.id == id }!, style: .classBased) {
      let store = makeStore(BenchmarkClassStore.self, initialState: BenchmarkState(), middlewares: [])
      var calls = 0
      let hook = id == "S1h" ? store.onAction { _ in calls &+= 1 } : nil
      var dispatched = 0
      return Runner(
        run: { n in
          for _ in 0..<n { store.incrementAsAction() }
          dispatched += n
        },
        verify: {
          _ = hook
          return expectCount(store.engine.untrackedState.count, dispatched)
            ?? expectCount(calls, id == "S1h" ? dispatched : 0, "hook calls")
        })
    }
  }
}

/// S8q: a listener that, when armed, sends `.incrementLater` during the dispatch that told it,
/// so the send is queued; the task that send returned is then awaited, as S8b awaits a direct one.
@MainActor
final class QueuedSendProbe {
  private var isArmed = false
  private var queuedTask: StoreTask?
  private var stopListening: Unsubscribe?

  init(store: FeatureStore<BenchmarkState, BenchmarkAction>) {
    stopListening = store.listen { [unowned self, unowned store] in
      guard isArmed else { return }
      isArmed = false
      queuedTask = store.send(.incrementLater)
    }
    send = { [unowned store] in store.send(.increment) }
  }

  private var send: () -> Void = {}

  func sendDuringADispatchAndWait() async {
    isArmed = true
    send()
    await queuedTask?.finish()
    queuedTask = nil
  }

  isolated deinit { stopListening?() }
}
