import FunctionalStore

// S5d, S5c, S5s: 100 subscribers that are skipped, each with a selector of its own (S5's 100
// share one key path). They need a state with 100 fields, so they run on a store of their own
// state, in the functional style: the subscriber machinery is the engine's, the same in every
// style.

/// A hundred stored fields no action changes, a counter that changes, and a hundred elements.
struct WideState: Equatable, Sendable {
  var count = 0
  var f00 = 0, f01 = 0, f02 = 0, f03 = 0, f04 = 0, f05 = 0, f06 = 0, f07 = 0, f08 = 0, f09 = 0
  var f10 = 0, f11 = 0, f12 = 0, f13 = 0, f14 = 0, f15 = 0, f16 = 0, f17 = 0, f18 = 0, f19 = 0
  var f20 = 0, f21 = 0, f22 = 0, f23 = 0, f24 = 0, f25 = 0, f26 = 0, f27 = 0, f28 = 0, f29 = 0
  var f30 = 0, f31 = 0, f32 = 0, f33 = 0, f34 = 0, f35 = 0, f36 = 0, f37 = 0, f38 = 0, f39 = 0
  var f40 = 0, f41 = 0, f42 = 0, f43 = 0, f44 = 0, f45 = 0, f46 = 0, f47 = 0, f48 = 0, f49 = 0
  var f50 = 0, f51 = 0, f52 = 0, f53 = 0, f54 = 0, f55 = 0, f56 = 0, f57 = 0, f58 = 0, f59 = 0
  var f60 = 0, f61 = 0, f62 = 0, f63 = 0, f64 = 0, f65 = 0, f66 = 0, f67 = 0, f68 = 0, f69 = 0
  var f70 = 0, f71 = 0, f72 = 0, f73 = 0, f74 = 0, f75 = 0, f76 = 0, f77 = 0, f78 = 0, f79 = 0
  var f80 = 0, f81 = 0, f82 = 0, f83 = 0, f84 = 0, f85 = 0, f86 = 0, f87 = 0, f88 = 0, f89 = 0
  var f90 = 0, f91 = 0, f92 = 0, f93 = 0, f94 = 0, f95 = 0, f96 = 0, f97 = 0, f98 = 0, f99 = 0
  var values = Array(repeating: 0, count: 100)

  /// A key path to each stored field: 100 distinct paths.
  @MainActor static let storedFields: [KeyPath<WideState, Int>] = [
    \.f00, \.f01, \.f02, \.f03, \.f04, \.f05, \.f06, \.f07, \.f08, \.f09,
    \.f10, \.f11, \.f12, \.f13, \.f14, \.f15, \.f16, \.f17, \.f18, \.f19,
    \.f20, \.f21, \.f22, \.f23, \.f24, \.f25, \.f26, \.f27, \.f28, \.f29,
    \.f30, \.f31, \.f32, \.f33, \.f34, \.f35, \.f36, \.f37, \.f38, \.f39,
    \.f40, \.f41, \.f42, \.f43, \.f44, \.f45, \.f46, \.f47, \.f48, \.f49,
    \.f50, \.f51, \.f52, \.f53, \.f54, \.f55, \.f56, \.f57, \.f58, \.f59,
    \.f60, \.f61, \.f62, \.f63, \.f64, \.f65, \.f66, \.f67, \.f68, \.f69,
    \.f70, \.f71, \.f72, \.f73, \.f74, \.f75, \.f76, \.f77, \.f78, \.f79,
    \.f80, \.f81, \.f82, \.f83, \.f84, \.f85, \.f86, \.f87, \.f88, \.f89,
    \.f90, \.f91, \.f92, \.f93, \.f94, \.f95, \.f96, \.f97, \.f98, \.f99,
  ]
}

/// S1 on `WideState`, then 100 skipped subscribers of distinct stored key paths (S5d), of
/// distinct computed key paths (`\.values[i]`, S5c) and of distinct closures (S5s).
@MainActor
func distinctSelectorCases() -> [BenchmarkCase] {
  func scenario(_ id: String) -> Scenario { Scenario.all.first { $0.id == id }! }
  func wideCase(
    _ id: String,
    subscribe: @escaping @MainActor (ReduxStore<WideState, BenchmarkAction>, Sink) -> [Subscription]
  ) -> BenchmarkCase {
    BenchmarkCase(scenario: scenario(id), style: .functional) {
      let store = createStore(
        reducer: ReduxReducer<WideState, BenchmarkAction> { state, _ in state.count &+= 1 },
        initialState: WideState())
      let sink = Sink()
      let tokens = subscribe(store, sink)
      var dispatched = 0
      return Runner(
        run: { n in
          for _ in 0..<n { store.dispatch(.increment) }
          dispatched += n
        },
        verify: {
          _ = tokens
          return expectCount(store.getState().count, dispatched)
            ?? expectCount(sink.calls, 0, "subscriber calls")
        })
    }
  }
  func count(_ sink: Sink) -> @MainActor (Int) -> Void {
    {
      sink.total &+= $0; sink.calls &+= 1
    }
  }
  return [
    wideCase("S1w") { _, _ in [] },
    wideCase("S5d") { store, sink in WideState.storedFields.map { store.subscribe($0, count(sink)) } },
    wideCase("S5c") { store, sink in (0..<100).map { store.subscribe(\.values[$0], count(sink)) } },
    wideCase("S5s") { store, sink in
      (0..<100).map { index in store.subscribe({ $0.values[index] }, count(sink)) }
    },
  ]
}
