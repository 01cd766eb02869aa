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

// MA5 and MA5s: a reducer that handles five action types alike, the fifth dispatched. MA5
// matches them with `isAnyOf` of their five creators in a slice's `addMatcher` (Redux Toolkit's
// way); MA5s with a `switch` whose one case lists the five creators. What a matcher costs
// against the pattern match it replaces.

enum BenchmarkShelf {
  static let slice = StateSlice<BenchmarkState>(name: "shelf")
  static let first = slice.caseReducer("first") { _ in }
  static let second = slice.caseReducer("second") { _ in }
  static let third = slice.caseReducer("third") { _ in }
  static let fourth = slice.caseReducer("fourth") { _ in }
  static let fifth = slice.caseReducer("fifth") { _ in }
}

@MainActor
func matcherCases() -> [BenchmarkCase] {
  func scenario(_ id: String) -> Scenario { Scenario.all.first { $0.id == id }! }
  func matcherCase(_ id: String, reducer: ReduxReducer<BenchmarkState, PayloadAction>) -> BenchmarkCase {
    BenchmarkCase(scenario: scenario(id), style: .functional) {
      let store = createStore(reducer: reducer, initialState: BenchmarkState())
      var dispatched = 0
      return Runner(
        run: { n in
          for _ in 0..<n { store.dispatch(BenchmarkShelf.fifth()) }
          dispatched += n
        },
        verify: { expectCount(store.getState().count, dispatched) })
    }
  }
  let matched = StateSlice<BenchmarkState>(name: "matched") { extra in
    extra.addMatcher(
      isAnyOf(
        BenchmarkShelf.first, BenchmarkShelf.second, BenchmarkShelf.third, BenchmarkShelf.fourth,
        BenchmarkShelf.fifth)
    ) { state, _ in state.count &+= 1 }
  }
  let switched = ReduxReducer<BenchmarkState, PayloadAction> { state, action in
    switch action {
    case BenchmarkShelf.first, BenchmarkShelf.second, BenchmarkShelf.third, BenchmarkShelf.fourth,
      BenchmarkShelf.fifth:
      state.count &+= 1
    default: break
    }
  }
  return [matcherCase("MA5", reducer: matched.reducer), matcherCase("MA5s", reducer: switched)]
}
