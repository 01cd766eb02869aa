import FunctionalStore
import ReduxCore
import ReduxTesting
import Testing

/// Redux Toolkit's listener patterns that need each effect to start inside `dispatch`, after the
/// reducer, in the order of the actions (its listenerMiddleware and effect-scenario tests).
@MainActor
@Suite struct ListenerStartOrderTests {
  @Test func aTakeSeesTheActionDispatchedRightAfterTheTrigger() async {
    let listeners = ListenerMiddleware<SearchState, PayloadAction>()
    let taken = Log<String>()
    listeners.startListening(for: Search.typed) { query, api in
      let answer = try await api.take({ action, _, _ in Search.answered ~= action })
      taken.append("\(query): \(answer?.state.results ?? [])")
    }
    let store = makeSearchStore(listeners)
    store.dispatch(Search.typed("a"))
    store.dispatch(Search.answered(["a 1"]))
    await eventually { !taken.entries.isEmpty }
    #expect(taken.entries == ["a: [\"a 1\"]"])
  }

  @Test func aTakeWithATimeoutGetsTheActionThatCameBeforeIt() async {
    let listeners = ListenerMiddleware<SearchState, PayloadAction>()
    let clock = TestClock()
    let taken = Log<Bool>()
    listeners.startListening(for: Search.typed) { _, api in
      let answer = try await api.take(
        { action, _, _ in Search.answered ~= action }, timeout: .seconds(1), clock: clock)
      taken.append(answer != nil)
    }
    let store = makeSearchStore(listeners)
    store.dispatch(Search.typed("a"))
    store.dispatch(Search.answered([]))
    await eventually { !taken.entries.isEmpty }
    #expect(taken.entries == [true])
    await clock.advance(by: .seconds(2))
    #expect(taken.entries == [true], "the timeout that follows changes nothing")
  }

  @Test func anEffectThatUnsubscribesBeforeItsFirstAwaitRunsOnce() async {
    let listeners = ListenerMiddleware<SearchState, PayloadAction>()
    let runs = Log<String>()
    listeners.startListening(for: Search.typed) { query, api in
      api.unsubscribe()
      runs.append(query)
      try await Task.sleep(for: .milliseconds(1))
    }
    let store = makeSearchStore(listeners)
    store.dispatch(Search.typed("a"))
    store.dispatch(Search.typed("b"))
    store.dispatch(Search.typed("c"))
    #expect(runs.entries == ["a"], "the listener was gone before the next action")
  }

  @Test func aDebounceWrittenWithCancelActiveListenersAndDelayKeepsTheLastRun() async {
    let listeners = ListenerMiddleware<SearchState, PayloadAction>()
    let clock = TestClock()
    listeners.startListening(for: Search.typed) { query, api in
      api.cancelActiveListeners()
      try await api.delay(for: .milliseconds(300), clock: clock)
      api.dispatch(Search.answered([query]))
    }
    let store = makeSearchStore(listeners)
    for query in ["s", "sw", "swi"] { store.dispatch(Search.typed(query)) }
    await eventually { clock.sleeperCount == 1 }
    #expect(clock.sleeperCount == 1, "each run cancelled the one before as it started")
    await clock.advance(by: .milliseconds(300))
    await eventually { !store.getState().results.isEmpty }
    #expect(store.getState().results == ["swi"])
  }

  @Test func takeLatestWrittenWithCancelActiveListenersDropsTheStaleAnswer() async {
    let listeners = ListenerMiddleware<SearchState, PayloadAction>()
    let service = FakeSearchService()
    listeners.startListening(for: Search.typed) { query, api in
      api.cancelActiveListeners()
      api.dispatch(Search.answered(try await service.results(for: query, waiting: true)))
    }
    let store = makeSearchStore(listeners)
    store.dispatch(Search.typed("a"))
    store.dispatch(Search.typed("b"))
    #expect(service.requests == ["a", "b"], "both runs reached their request inside dispatch")
    service.openGates()
    await eventually { !store.getState().results.isEmpty }
    await Task.yield()
    #expect(store.getState().results == ["b 1", "b 2"])
  }

  @Test func effectsOfABurstStartInTheOrderOfTheActions() {
    let listeners = ListenerMiddleware<SearchState, PayloadAction>()
    let started = Log<String>()
    listeners.startListening(for: Search.typed) { query, _ in
      started.append(query)
      try await Task.sleep(for: .seconds(60))
    }
    let store = makeSearchStore(listeners)
    for burst in 0..<200 {
      for index in 0..<3 { store.dispatch(Search.typed("\(burst).\(index)")) }
    }
    #expect(started.entries == (0..<200).flatMap { burst in (0..<3).map { "\(burst).\($0)" } })
  }

  @Test func anAsyncThunkCancelledAtOnceHadStartedItsWork() async {
    let started = Locked<[String]>([])
    let fetch = createAsyncThunk("started/fetch", state: SearchState.self) { (query: String, _) in
      started.withLock { $0.append(query) }
      try await Task.sleep(for: .seconds(60))
      return [query]
    }
    let store = createStore(reducer: Search.slice.reducer, initialState: SearchState())
    let request = store.dispatch(fetch("tea"))
    #expect(started.withLock { $0 } == ["tea"], "the work began inside dispatch, as Redux Toolkit's does")
    request.cancel()
    await #expect(throws: CancellationError.self) { try await request.value }
  }
}
