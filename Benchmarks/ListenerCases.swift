import FunctionalStore

// LS0 and LS1: what Redux Toolkit's listener middleware costs the functional S1. LS0 has ten
// listeners, none of which matches the action (a look at each one's predicate per dispatch);
// LS1 has one listener matching every action, whose effect ends without waiting: each dispatch
// starts a task on the store's actor, inside the dispatch, and runs it to its end there.

@MainActor
func listenerCases() -> [BenchmarkCase] {
  func scenario(_ id: String) -> Scenario { Scenario.all.first { $0.id == id }! }

  /// A functional store with `listeners` applied; the final count, and the runs `runs` saw,
  /// verify that every dispatch ran (and, in LS1, every effect).
  func listenerCase(
    _ id: String, expectedRuns: @escaping (Int) -> Int,
    listen: @escaping (ListenerMiddleware<BenchmarkState, BenchmarkAction>, Sink) -> Void
  ) -> BenchmarkCase {
    BenchmarkCase(scenario: scenario(id), style: .functional) {
      let listeners = ListenerMiddleware<BenchmarkState, BenchmarkAction>()
      let runs = Sink()
      listen(listeners, runs)
      let store = createStore(
        reducer: ReduxReducer(benchmarkReduce), initialState: BenchmarkState(),
        enhancer: applyMiddleware(listeners.middleware))
      var dispatched = 0
      return Runner(
        run: { n in
          for _ in 0..<n { store.dispatch(.increment) }
          dispatched += n
        },
        verify: {
          expectCount(store.getState().count, dispatched)
            ?? expectCount(runs.calls, expectedRuns(dispatched), "listener runs")
        })
    }
  }

  return [
    listenerCase("LS0", expectedRuns: { _ in 0 }) { listeners, runs in
      for _ in 0..<10 {
        listeners.startListening(matching: { if case .incrementLater = $0 { true } else { false } }) { _, _ in
          runs.calls += 1
        }
      }
    },
    listenerCase("LS1", expectedRuns: { $0 }) { listeners, runs in
      listeners.startListening(matching: { if case .increment = $0 { true } else { false } }) { _, _ in
        runs.calls += 1
      }
    },
  ]
}
