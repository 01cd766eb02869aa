import ClassStore
import EffectStore
import FunctionalStore

// V1w, V1d: views of many distinct fields, none of which changes, while every dispatch changes
// another, on the 100-field state of S5d: what a screen of labels pays per keystroke elsewhere.

/// The class-based store of `WideState`.
final class WideClassStore: NonisolatedCommitStore<WideState> {
  func increment() { commit { $0.count &+= 1 } }
}

/// The reducer/effect feature of `WideState`.
struct WideFeature: Reducer {
  func reduce(into state: inout WideState, action: BenchmarkAction) -> Effect<BenchmarkAction> {
    state.count &+= 1
    return .none
  }
}

/// How many distinct fields, one view each, V1d observes.
let distinctViewedFields = 10

@MainActor
func distinctViewCases() -> [BenchmarkCase] {
  func scenario(_ id: String) -> Scenario { Scenario.all.first { $0.id == id }! }
  /// A dispatch on `WideState` with no view (V1w) or with one view of each of the first ten
  /// fields (V1d), which no action changes.
  func wideCase<Store: StateStore>(
    _ id: String, _ style: Style, views: Int, make: @escaping @MainActor () -> Store,
    dispatch: @escaping @MainActor (Store) -> Void
  ) -> BenchmarkCase where Store.State == WideState {
    BenchmarkCase(scenario: scenario(id), style: style) {
      let store = make()
      let sink = Sink()
      for field in WideState.storedFields.prefix(views) {
        observe(views: 1, countingIn: sink) { sink.total &+= store[dynamicMember: field] }
      }
      var dispatched = 0
      return Runner(
        run: { n in
          for _ in 0..<n { dispatch(store) }
          dispatched += n
        },
        verify: {
          expectCount(store.state.count, dispatched) ?? expectCount(sink.calls, 0, "observation callbacks")
        })
    }
  }
  func cases(_ id: String, views: Int) -> [BenchmarkCase] {
    [
      wideCase(
        id, .functional, views: views,
        make: {
          createStore(
            reducer: ReduxReducer<WideState, BenchmarkAction> { state, _ in state.count &+= 1 },
            initialState: WideState())
        }, dispatch: { $0.dispatch(.increment) }),
      wideCase(
        id, .classBased, views: views,
        make: { WideClassStore(state: WideState(), isolation: MainActor.shared) },
        dispatch: { $0.increment() }),
      wideCase(
        id, .effect, views: views, make: { FeatureStore(initialState: WideState(), reducer: WideFeature()) },
        dispatch: { $0.send(.increment) }),
    ]
  }
  return cases("V1w", views: 0) + cases("V1d", views: distinctViewedFields)
}
