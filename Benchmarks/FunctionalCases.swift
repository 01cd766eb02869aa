import FunctionalStore
import Observation

/// Every scenario for the functional style (`createStore`).
@MainActor
func functionalCases() -> [BenchmarkCase] {
  func scenario(_ id: String) -> Scenario { Scenario.all.first { $0.id == id }! }
  let reducer = Reducer<BenchmarkState, BenchmarkAction>(benchmarkReduce)
  let passThrough = Middleware<BenchmarkState, BenchmarkAction> { _, action, next in next(action) }

  /// A store, `extra` setup on it, then `n` dispatches of `action` per run.
  func simpleCase(
    _ id: String, initialState: BenchmarkState = BenchmarkState(),
    action: BenchmarkAction = .increment,
    enhancer: StoreEnhancer<BenchmarkState, BenchmarkAction>? = nil,
    setUp: @escaping @MainActor (Store<BenchmarkState, BenchmarkAction>, Sink) -> [Subscription] = { _, _ in
      []
    },
    expectedSink: @escaping @MainActor (_ dispatched: Int) -> (total: Int, calls: Int)? = { _ in nil }
  ) -> BenchmarkCase {
    BenchmarkCase(scenario: scenario(id), style: .functional) {
      let store = createStore(reducer: reducer, initialState: initialState, enhancer: enhancer)
      let sink = Sink()
      let tokens = setUp(store, sink)
      var dispatched = 0
      return Runner(
        run: { n in
          for _ in 0..<n { store.dispatch(action) }
          dispatched += n
        },
        verify: {
          _ = tokens
          if let problem = expectCount(store.getState().count, dispatched) { return problem }
          guard let expected = expectedSink(dispatched) else { return nil }
          return expectCount(sink.calls, expected.calls, "subscriber calls")
            ?? expectCount(sink.total, expected.total, "subscriber total")
        })
    }
  }

  /// Subscribers to the whole state, each adding the count it sees to the sink.
  func wholeStateSubscribers(_ count: Int) -> (
    @MainActor (Store<BenchmarkState, BenchmarkAction>, Sink) -> [Subscription]
  ) {
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

  return [
    simpleCase("S1"),
    simpleCase("S2", setUp: wholeStateSubscribers(1), expectedSink: sumOfCounts(1)),
    simpleCase("S3", setUp: wholeStateSubscribers(10), expectedSink: sumOfCounts(10)),
    simpleCase("S4", enhancer: applyMiddleware(passThrough, passThrough, passThrough)),
    simpleCase(
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
    simpleCase(
      "S6", initialState: BenchmarkState(values: Array(repeating: 0, count: 10_000)),
      action: .replaceElement),
    BenchmarkCase(scenario: scenario("S7"), style: .functional) {
      let store = createStore(reducer: reducer, initialState: BenchmarkState())
      let sink = Sink()
      var dispatched = 0
      return Runner(
        run: { n in
          for _ in 0..<n {
            withObservationTracking {
              _ = store.state.count
            } onChange: {
              MainActor.assumeIsolated { sink.calls &+= 1 }
            }
            store.dispatch(.increment)
          }
          dispatched += n
        },
        verify: {
          expectCount(store.getState().count, dispatched)
            ?? expectCount(sink.calls, dispatched, "observation callbacks")
        })
    },
  ]
}
