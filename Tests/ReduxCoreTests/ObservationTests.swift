import Observation
import ReduxCore
import Testing

@MainActor
@Suite struct ObservationTests {
  @Test func withObservationTrackingSeesADispatch() {
    let store = makeCounterStore()
    let changes = Log<Int>()
    withObservationTracking {
      _ = store.state.count
    } onChange: {
      MainActor.assumeIsolated { changes.append(1) }
    }
    store.dispatch(.increment)
    #expect(changes.entries.count == 1)
    // Tracking fires once; without re-arming, later dispatches are not reported.
    store.dispatch(.increment)
    #expect(changes.entries.count == 1)
  }

  @Test func reArmedTrackingSeesEachChange() {
    let store = makeCounterStore()
    let changes = Log<Int>()
    for round in 1...3 {
      withObservationTracking {
        _ = store.state
      } onChange: {
        MainActor.assumeIsolated { changes.append(round) }
      }
      store.dispatch(.increment)
    }
    #expect(changes.entries == [1, 2, 3])
    #expect(store.state.count == 3)
  }

  @Test func storeIsObservable() {
    let store = makeCounterStore()
    let observable: any Observable = store
    #expect(observable is BareStore<Counter, CounterAction>)
  }
}
