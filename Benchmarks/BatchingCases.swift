import FunctionalStore

// AB0 and AB1: what batching the notifications of low-priority actions saves. AB0 has ten
// listeners, each told of every action; AB1 is AB0 with the action marked low priority by
// `autoBatchEnhancer` (`.tick`): each action pays the predicate and a flag, and the listeners
// are told once per burst, when the store's actor is next free.

@MainActor
func batchingCases() -> [BenchmarkCase] {
  func scenario(_ id: String) -> Scenario { Scenario.all.first { $0.id == id }! }

  func listenersCase(_ id: String, batched: Bool) -> BenchmarkCase {
    BenchmarkCase(scenario: scenario(id), style: .functional) {
      let enhancer: StoreEnhancer<BenchmarkState, BenchmarkAction>? =
        batched
        ? autoBatchEnhancer(isLowPriority: { if case .increment = $0 { true } else { false } }) : nil
      let store = createStore(
        reducer: ReduxReducer(benchmarkReduce), initialState: BenchmarkState(), enhancer: enhancer)
      let told = Sink()
      for _ in 0..<10 { store.listen { told.calls += 1 } }
      var dispatched = 0
      return Runner(
        run: { n in
          for _ in 0..<n { store.dispatch(.increment) }
          dispatched += n
        },
        verify: {
          if let wrong = expectCount(store.getState().count, dispatched) { return wrong }
          if !batched { return expectCount(told.calls, dispatched * 10, "listener calls") }
          return told.calls < dispatched
            ? nil : "listeners told \(told.calls) times for \(dispatched) batched actions"
        })
    }
  }

  return [listenersCase("AB0", batched: false), listenersCase("AB1", batched: true)]
}
