import ReduxCore
import Testing

@MainActor
@Suite struct ReentrancyTests {
  @Test func subscriberDispatchIsQueuedAndEveryObserverSeesEveryStateInOrder() {
    let store = makeCounterStore()
    let first = Log<Int>()
    let second = Log<Int>()
    let chaining = store.subscribe(\.count) { count in
      first.append(count)
      if count < 3 { store.dispatch(.increment) }
    }
    let watching = store.subscribe(\.count) { second.append($0) }
    store.dispatch(.increment)
    // The outermost dispatch returns only when the queued ones have run.
    #expect(store.state.count == 3)
    #expect(first.entries == [1, 2, 3])
    #expect(second.entries == [1, 2, 3])
    _ = (chaining, watching)
  }

  @Test func queuedActionsRunInTheOrderTheyWereSent() {
    let store = BareStore<[String], String>([]) { state, action in state.append(action) }
    let token = store.subscribe { state in
      if state == ["start"] {
        store.dispatch("one")
        store.dispatch("two")
      }
    }
    store.dispatch("start")
    #expect(store.state == ["start", "one", "two"])
    _ = token
  }

  @Test func aHundredThousandChainedDispatchesDoNotGrowTheStack() {
    let store = makeCounterStore()
    let token = store.subscribe(\.count) { count in
      if count < 100_000 { store.dispatch(.increment) }
    }
    store.dispatch(.increment)
    #expect(store.state.count == 100_000)
    #expect(!store.engine.isDispatching)
    _ = token
  }

  @Test func dispatchFromAReducerIsReported() async {
    await #expect(processExitsWith: .failure) {
      await MainActor.run {
        // The reducer reaches the store to commit the mistake under test; all of it runs on the main actor.
        nonisolated(unsafe) var engine: StoreEngine<Int, Int>?
        engine = StoreEngine(initialState: 0, home: MainActor.shared) { state, action in
          state += action
          engine?.dispatch(1)
        }
        engine?.dispatch(1)
      }
    }
  }

  @Test func readingTheStateFromAReducerIsReported() async {
    await #expect(processExitsWith: .failure) {
      await MainActor.run {
        // The reducer reaches the store to commit the mistake under test; all of it runs on the main actor.
        nonisolated(unsafe) var engine: StoreEngine<Int, Int>?
        engine = StoreEngine(initialState: 0, home: MainActor.shared) { state, action in
          state += action + (engine?.untrackedState ?? 0)
        }
        engine?.dispatch(1)
      }
    }
  }

  @Test func aStoreThatBehavesIsNotReportedAsAFailure() async {
    await #expect(processExitsWith: .success) {
      await MainActor.run {
        let engine = StoreEngine<Int, Int>(initialState: 0, home: MainActor.shared) { state, action in
          state += action
        }
        engine.dispatch(1)
      }
    }
  }

  @Test func replaceReducerKeepsTheState() {
    let store = makeCounterStore()
    store.dispatch(.add(5))
    store.engine.replaceReducer { state, _ in state.count *= 2 }
    store.dispatch(.increment)
    #expect(store.state.count == 10)
  }
}
