import FunctionalStore
import ReduxTesting
import Testing

/// Holds the runs that wait at it until the test opens it; a cancelled run waits too.
@MainActor
final class RunGate {
  private var waiting: [CheckedContinuation<Void, Never>] = []
  var waitingCount: Int { waiting.count }

  func wait() async { await withCheckedContinuation { waiting.append($0) } }

  func open() {
    waiting.forEach { $0.resume() }
    waiting.removeAll()
  }
}

/// A search whose results come from an async thunk that listeners dispatch; an empty query
/// fails the thunk's condition, and a query starting with "wait" waits at the service's gate.
@MainActor
struct ThunkSearch {
  let service = FakeSearchService()
  let run: AsyncThunkCreator<SearchState, String, [String]>
  let slice: StateSlice<SearchState>
  let typed: ActionCreator<String>
  let sent = Log<String>()

  init() {
    let service = service
    let run = createAsyncThunk(
      "search/run", state: SearchState.self, condition: { query, _ in !query.isEmpty }
    ) { (query: String, _) in
      try await service.results(for: query, waiting: query.hasPrefix("wait"))
    }
    self.run = run
    slice = StateSlice(name: "search") { extra in
      extra.addCase(run.fulfilled) { state, done in state.results = done.value }
    }
    typed = slice.caseReducer("typed") { (state, query: String) in state.query = query }
  }

  func makeStore(_ listeners: ListenerMiddleware<SearchState, PayloadAction>) -> ReduxStore<
    SearchState, PayloadAction
  > {
    let sent = sent
    return createStore(
      reducer: slice.reducer, initialState: SearchState(),
      enhancer: applyMiddleware(
        listeners.middleware,
        Middleware { _, action, next in
          sent.append(action.type.name)
          next(action)
        }))
  }
}

@MainActor
@Suite struct ListenerAsyncThunkTests {
  @Test func aListenerDispatchesACallWhoseLifecycleReachesTheStore() async {
    let search = ThunkSearch()
    let listeners = ListenerMiddleware<SearchState, PayloadAction>()
    let values = Log<String>()
    listeners.startListening(for: search.typed) { query, api in
      let results = try await api.dispatch(search.run(query)).value
      values.append(results.joined(separator: ", "))
    }
    let store = search.makeStore(listeners)
    store.dispatch(search.typed("tea"))
    await eventually { values.entries.count == 1 }
    #expect(values.entries == ["tea 1, tea 2"], "the listener awaited the request's value")
    #expect(search.sent.entries == ["search/typed", "search/run/pending", "search/run/fulfilled"])
    #expect(store.getState().results == ["tea 1", "tea 2"], "fulfilled was reduced by the store")
    #expect(search.service.requests == ["tea"])
    withExtendedLifetime(store) {}  // its runs are cancelled when it goes
  }

  @Test func aCallsConditionSeesTheStoresStateAndSkipsWithNothingDispatched() async {
    let search = ThunkSearch()
    let listeners = ListenerMiddleware<SearchState, PayloadAction>()
    let outcomes = Log<String>()
    listeners.startListening(for: search.typed) { query, api in
      do {
        _ = try await api.dispatch(search.run(query)).value
        outcomes.append("ran")
      } catch let skipped as AsyncThunkSkipped {
        outcomes.append(skipped.description)
      }
    }
    let store = search.makeStore(listeners)
    store.dispatch(search.typed(""))
    await eventually { outcomes.entries.count == 1 }
    #expect(outcomes.entries == ["search/run: skipped, its condition was false when the call was dispatched"])
    #expect(search.sent.entries == ["search/typed"])
    #expect(search.service.requests.isEmpty)
    withExtendedLifetime(store) {}  // its runs are cancelled when it goes
  }

  @Test func aCancelledRunDispatchesNoCallAndItsRequestThrowsCancellation() async {
    let search = ThunkSearch()
    let listeners = ListenerMiddleware<SearchState, PayloadAction>()
    let gate = RunGate()
    let outcomes = Log<String>()
    listeners.startListening(for: search.typed, mode: .latest) { query, api in
      await gate.wait()
      let request = api.dispatch(search.run(query))
      do {
        _ = try await request.value
        outcomes.append("\(query) fulfilled")
      } catch is CancellationError {
        outcomes.append("\(query) cancelled")
      }
    }
    let store = search.makeStore(listeners)
    store.dispatch(search.typed("s"))
    await eventually { gate.waitingCount == 1 }
    store.dispatch(search.typed("sw"))  // cancels the run for "s", which still waits at the gate
    await eventually { gate.waitingCount == 2 }
    gate.open()
    await eventually { outcomes.entries.count == 2 }
    #expect(Set(outcomes.entries) == ["s cancelled", "sw fulfilled"])
    #expect(
      search.sent.entries == ["search/typed", "search/typed", "search/run/pending", "search/run/fulfilled"],
      "the cancelled run dispatched neither the call's pending nor anything after")
    #expect(search.service.requests == ["sw"], "the cancelled run's call did no work")
    #expect(store.getState().results == ["sw 1", "sw 2"])
    withExtendedLifetime(store) {}  // its runs are cancelled when it goes
  }

  @Test func aCallOutlivesTheRunThatStartedItUnlessItsRequestIsCancelled() async {
    let search = ThunkSearch()
    let listeners = ListenerMiddleware<SearchState, PayloadAction>()
    let requests = Log<AsyncThunkRequest<String, [String]>>()
    listeners.startListening(for: search.typed) { query, api in
      requests.append(api.dispatch(search.run(query)))
    }
    let store = search.makeStore(listeners)
    store.dispatch(search.typed("kept"))
    await eventually { store.getState().results == ["kept 1", "kept 2"] }
    #expect(store.getState().results == ["kept 1", "kept 2"], "fulfilled arrived after the run had ended")
    store.dispatch(search.typed("waiting"))
    await eventually { search.service.requests == ["kept", "waiting"] }
    requests.entries[1].cancel()
    #expect(
      Array(search.sent.entries.suffix(3)) == ["search/typed", "search/run/pending", "search/run/rejected"])
    search.service.openGates()
    await #expect(throws: CancellationError.self) { try await requests.entries[1].value }
    #expect(
      store.getState().results == ["kept 1", "kept 2"], "the cancelled call's result was never applied")
    withExtendedLifetime(store) {}  // its runs are cancelled when it goes
  }
}
