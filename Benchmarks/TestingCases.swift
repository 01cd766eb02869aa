import EffectStore
import ReduxTesting
import Testing

/// X1: what a test pays per action when a test store asserts every change: the action is sent
/// through the store, the state after it is recorded, the assertion closure applied to the
/// expected state, and the two compared.
@MainActor
func testStoreCase() -> BenchmarkCase {
  BenchmarkCase(scenario: Scenario.all.first { $0.id == "X1" }!, style: .effect) {
    let store = FeatureTestStore(initialState: BenchmarkState(), reducer: BenchmarkFeature())
    var dispatched = 0
    return Runner(
      // On the main actor, as a test's own code runs: no hop per action.
      run: { @MainActor n in
        for _ in 0..<n { await store.send(.increment) { $0.count += 1 } }
        dispatched += n
      },
      verify: { expectCount(store.state.count, dispatched) })
  }
}
