import FunctionalStore

// S1sl: the functional S1 written slice-first: the counter's case reducer declared in a slice,
// its action made by the case's creator, the store's action a `PayloadAction`. Against the
// hand-written S1 (an action enum and a `switch`), what the slice's way of matching costs.

enum BenchmarkCounter {
  static let slice = StateSlice<BenchmarkState>(name: "counter")
  static let incremented = slice.caseReducer("incremented") { state in state.count &+= 1 }
  static let added = slice.caseReducer("added") { (state, amount: Int) in state.count &+= amount }
}

@MainActor
func sliceCases() -> [BenchmarkCase] {
  [
    BenchmarkCase(scenario: Scenario.all.first { $0.id == "S1sl" }!, style: .functional) {
      let store = createStore(reducer: BenchmarkCounter.slice.reducer, initialState: BenchmarkState())
      var dispatched = 0
      return Runner(
        run: { n in
          for _ in 0..<n { store.dispatch(BenchmarkCounter.incremented()) }
          dispatched += n
        },
        verify: { expectCount(store.getState().count, dispatched) })
    }
  ]
}
