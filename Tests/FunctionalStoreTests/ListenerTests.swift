import FunctionalStore
import Testing

@MainActor
@Suite struct ListenerTests {
  @Test func listenersRunAfterEveryDispatchInOrder() {
    let store = createStore(reducer: counterReducer, initialState: 0)
    let log = Log<String>()
    store.listen { [unowned store] in log.append("a \(store.getState())") }
    store.listen { [unowned store] in log.append("b \(store.getState())") }
    store.dispatch(.increment)
    store.dispatch(.add(0))
    #expect(log.entries == ["a 1", "b 1", "a 1", "b 1"])
  }

  @Test func unsubscribeStopsAndIsHarmlessTwice() {
    let store = createStore(reducer: counterReducer, initialState: 0)
    let calls = Log<Int>()
    let unsubscribe = store.listen { [unowned store] in calls.append(store.getState()) }
    store.dispatch(.increment)
    unsubscribe()
    unsubscribe()
    store.dispatch(.increment)
    #expect(calls.entries == [1])
  }

  @Test func unsubscribingInsideAListenerDoesNotSkipTheOthers() {
    let store = createStore(reducer: counterReducer, initialState: 0)
    let log = Log<String>()
    let unsubscribeB = Log<Unsubscribe>()
    store.listen {
      log.append("a")
      unsubscribeB.entries.forEach { $0() }
    }
    unsubscribeB.append(store.listen { log.append("b") })
    store.listen { log.append("c") }
    store.dispatch(.increment)
    #expect(log.entries == ["a", "b", "c"])
    store.dispatch(.increment)
    #expect(log.entries == ["a", "b", "c", "a", "c"])
  }

  @Test func aListenerAddedDuringADispatchIsFirstCalledOnTheNext() {
    let store = createStore(reducer: counterReducer, initialState: 0)
    let late = Log<Int>()
    var added = false
    store.listen { [unowned store] in
      if !added {
        added = true
        store.listen { [unowned store] in late.append(store.getState()) }
      }
    }
    store.dispatch(.increment)
    #expect(late.entries.isEmpty)
    store.dispatch(.increment)
    #expect(late.entries == [2])
  }

  @Test func aDispatchFromAListenerIsQueuedAndEveryListenerSeesEveryState() {
    let store = createStore(reducer: counterReducer, initialState: 0)
    let first = Log<Int>()
    let second = Log<Int>()
    store.listen { [unowned store] in
      first.append(store.getState())
      if store.getState() < 3 { store.dispatch(.increment) }
    }
    store.listen { [unowned store] in second.append(store.getState()) }
    store.dispatch(.increment)
    #expect(store.getState() == 3)
    #expect(first.entries == [1, 2, 3])
    #expect(second.entries == [1, 2, 3])
  }

  @Test func sliceListenersAreCalledOnlyWhenTheirSliceChanged() {
    struct AppState { var count = 0; var name = "" }
    enum Action { case increment, rename(String) }
    let reducer = ReduxReducer<AppState, Action> { state, action in
      switch action {
      case .increment: state.count += 1
      case .rename(let name): state.name = name
      }
    }
    let store = createStore(reducer: reducer, initialState: AppState())
    let counts = Log<Int>()
    let initials = Log<Character?>()
    store.listen(to: \.count) { counts.append($0) }
    let stop = store.listen(to: { $0.name.first }) { initials.append($0) }
    store.dispatch(.rename("Ada"))
    store.dispatch(.increment)
    store.dispatch(.rename("Alan"))
    stop()
    store.dispatch(.rename("Grace"))
    #expect(counts.entries == [1])
    #expect(initials.entries == ["A"])
  }

  @Test func tokenSubscriptionsAndStreamsFromReduxCoreWork() async {
    let store = createStore(reducer: counterReducer, initialState: 0)
    let seen = Log<Int>()
    let token = store.subscribe(\.self) { seen.append($0) }
    let states = store.states(bufferingPolicy: .unbounded)
    store.dispatch(.increment)
    token.cancel()
    store.dispatch(.increment)
    var streamed: [Int] = []
    for await state in states {
      streamed.append(state)
      if streamed.count == 3 { break }
    }
    #expect(seen.entries == [1])
    #expect(streamed == [0, 1, 2])
  }
}
