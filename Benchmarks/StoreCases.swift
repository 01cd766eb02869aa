import EffectStore
import Observation
import ReduxCore

/// Every store scenario (S1 to S7) for one style.
@MainActor
func storeCases<S: BenchmarkStore>(_: S.Type) -> [BenchmarkCase] {
  func scenario(_ id: String) -> Scenario { Scenario.all.first { $0.id == id }! }

  /// A store, set up by `setUp`, then `n` dispatches of `action` per run.
  func dispatchCase(
    _ id: String, initialState: BenchmarkState = BenchmarkState(),
    action: BenchmarkAction = .increment, countPerDispatch: Int = 1, middlewares: Int = 0,
    extraMiddlewares: @escaping @MainActor () -> [Middleware<BenchmarkState, S.Action>] = { [] },
    setUp: @escaping @MainActor (S, Sink) -> [Subscription] = { _, _ in [] },
    expectedSink: @escaping @MainActor (_ dispatched: Int) -> (total: Int, calls: Int)? = { _ in nil }
  ) -> BenchmarkCase {
    BenchmarkCase(scenario: scenario(id), style: S.style) {
      let passThrough = Middleware<BenchmarkState, S.Action> { _, action, next in next(action) }
      let store = makeStore(
        S.self,
        initialState: initialState,
        middlewares: Array(repeating: passThrough, count: middlewares) + extraMiddlewares())
      let sink = Sink()
      let tokens = setUp(store, sink)
      var dispatched = 0
      return Runner(
        run: { n in
          for _ in 0..<n { store.perform(action) }
          dispatched += n
        },
        verify: {
          _ = tokens
          let expected = dispatched * countPerDispatch
          if let problem = expectCount(store.engine.untrackedState.count, expected) { return problem }
          guard let expected = expectedSink(dispatched) else { return nil }
          return expectCount(sink.calls, expected.calls, "subscriber calls")
            ?? expectCount(sink.total, expected.total, "subscriber total")
        })
    }
  }

  /// Subscribers to the whole state, each adding the count it sees to the sink.
  func wholeStateSubscribers(_ count: Int) -> @MainActor (S, Sink) -> [Subscription] {
    { store, sink in
      (0..<count).map { _ in
        store.subscribe { (state: BenchmarkState) in
          sink.total &+= state.count
          sink.calls &+= 1
        }
      }
    }
  }
  func sumOfCounts(_ subscribers: Int) -> @MainActor (Int) -> (total: Int, calls: Int)? {
    { n in (total: subscribers * n * (n + 1) / 2, calls: subscribers * n) }
  }

  let effectOnly: [BenchmarkCase] =
    S.style != .effect
    ? []
    : [
      dispatchCase("S8a", action: .incrementWithFollowUp, countPerDispatch: 2),
      BenchmarkCase(scenario: scenario("S8b"), style: S.style) {
        let store = makeStore(S.self, initialState: BenchmarkState(), middlewares: [])
        var dispatched = 0
        return Runner(
          run: { n in
            for _ in 0..<n { await store.performAndWait(.incrementLater) }
            dispatched += n
          },
          verify: { expectCount(store.engine.untrackedState.count, dispatched) })
      },
      BenchmarkCase(scenario: scenario("S8p"), style: S.style) {
        let store = makeStore(
          FeatureStore<BenchmarkState, BenchmarkAction>.self, initialState: BenchmarkState(),
          middlewares: [])
        let plan = ActionPlan<BenchmarkAction>(
          "two steps",
          steps: [.run { send in await send(.increment) }, .run { send in await send(.increment) }])
        var dispatched = 0
        return Runner(
          run: { n in
            for _ in 0..<n { await store.run(plan).finish() }
            dispatched += 2 * n
          },
          verify: { expectCount(store.engine.untrackedState.count, dispatched) })
      },
      BenchmarkCase(scenario: scenario("S8d"), style: S.style) {
        // Made where Swift reports no actor: the store finds the main actor when it is made.
        let store = BenchmarkViewModel().store
        var dispatched = 0
        return Runner(
          run: { n in
            for _ in 0..<n { await store.send(.incrementLater).finish() }
            dispatched += n
          },
          verify: { expectCount(store.engine.untrackedState.count, dispatched) })
      },
      BenchmarkCase(scenario: scenario("S8q"), style: S.style) {
        let store = makeStore(
          FeatureStore<BenchmarkState, BenchmarkAction>.self, initialState: BenchmarkState(),
          middlewares: [])
        let queued = QueuedSendProbe(store: store)
        var dispatched = 0
        return Runner(
          run: { n in
            for _ in 0..<n { await queued.sendDuringADispatchAndWait() }
            dispatched += 2 * n
          },
          verify: { expectCount(store.engine.untrackedState.count, dispatched) })
      },
    ]

  return [
    dispatchCase("S1"),
    dispatchCase("S2", setUp: wholeStateSubscribers(1), expectedSink: sumOfCounts(1)),
    dispatchCase("S3", setUp: wholeStateSubscribers(10), expectedSink: sumOfCounts(10)),
    dispatchCase("S4", middlewares: 3),
    dispatchCase(
      "S4d",
      setUp: { store, _ in
        for _ in 0..<3 { store.addMiddleware(passThroughMiddleware()) }
        return []
      }),
    dispatchCase(
      "S5",
      setUp: { store, sink in
        (0..<100).map { _ in
          store.subscribe(\.other) { other in
            sink.total &+= other
            sink.calls &+= 1
          }
        }
      },
      expectedSink: { _ in (total: 0, calls: 0) }),
    dispatchCase(
      "S6", initialState: BenchmarkState(values: Array(repeating: 0, count: 10_000)),
      action: .replaceElement),
    dispatchCase(
      "S6w", initialState: BenchmarkState(values: Array(repeating: 0, count: 10_000)),
      action: .replaceElement, setUp: wholeStateSubscribers(1), expectedSink: sumOfCounts(1)),
    dispatchCase(
      "S6W", initialState: BenchmarkState(values: Array(repeating: 0, count: 100_000)),
      action: .replaceElement, setUp: wholeStateSubscribers(1), expectedSink: sumOfCounts(1)),
    dispatchCase("P1", extraMiddlewares: { [persistenceForBenchmarks(S.style).middleware()] }),
    churnCase(
      scenario("U1"), batch: 2_000, store: makeStore(S.self, initialState: BenchmarkState(), middlewares: [])),
    churnCase(
      scenario("U2"), batch: 20_000, store: makeStore(S.self, initialState: BenchmarkState(), middlewares: [])
    ),
    subscribeOnlyCase(scenario("U1s"), batch: 2_000) {
      makeStore(S.self, initialState: BenchmarkState(), middlewares: [])
    },
    renderThenDispatchCase("S7", S.self) { store, sink in
      observe(views: 1, countingIn: sink) { _ = store.state.count }
    } verify: { dispatched, sink in
      expectCount(sink.calls, dispatched, "observation callbacks")
    },
    // S7f: the same view reading the field alone (`store.count`), as views are written.
    renderThenDispatchCase("S7f", S.self) { store, sink in
      observe(views: 1, countingIn: sink) { _ = store.count }
    } verify: { dispatched, sink in
      expectCount(sink.calls, dispatched, "observation callbacks")
    },
  ] + effectOnly
}

/// A middleware that passes every action on, made outside any actor: a closure made on the main
/// actor would check, at every call, that it runs there.
nonisolated func passThroughMiddleware<Action>() -> Middleware<BenchmarkState, Action> {
  Middleware { _, action, next in next(action) }
}
