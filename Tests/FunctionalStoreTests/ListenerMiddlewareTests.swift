import FunctionalStore
import ReduxTesting
import Testing

struct SearchState: Equatable, Sendable {
  var query = ""
  var results: [String] = []
}

enum Search {
  static let slice = StateSlice<SearchState>(name: "search")
  static let typed = slice.caseReducer("typed") { (state, query: String) in state.query = query }
  static let answered = slice.caseReducer("answered") { (state, results: [String]) in state.results = results
  }
}

/// Requests made, and a gate each request waits at until the test opens it.
@MainActor
final class FakeSearchService {
  var requests: [String] = []
  private var gates: [CheckedContinuation<Void, Never>] = []

  func results(for query: String, waiting: Bool = false) async throws -> [String] {
    requests.append(query)
    if waiting { await withCheckedContinuation { gates.append($0) } }
    try Task.checkCancellation()
    return ["\(query) 1", "\(query) 2"]
  }

  func openGates() {
    gates.forEach { $0.resume() }
    gates.removeAll()
  }
}

/// A store of the search slice with `listeners` applied.
@MainActor
func makeSearchStore(_ listeners: ListenerMiddleware<SearchState, PayloadAction>) -> ReduxStore<
  SearchState, PayloadAction
> {
  createStore(
    reducer: Search.slice.reducer, initialState: SearchState(),
    enhancer: applyMiddleware(listeners.middleware))
}

/// Lets the store's actor run until `condition` holds, for slow runs (under a sanitizer):
/// sleeping between looks, so that the tests running beside this one get the main actor.
@MainActor
func eventually(_ condition: () -> Bool) async {
  for _ in 0..<5_000 where !condition() { try? await Task.sleep(for: .milliseconds(1)) }
}

@MainActor
@Suite struct ListenerMiddlewareTests {

  /// Lets the store's actor run what the listeners started (checks that nothing happened).
  func settle() async {
    for _ in 0..<20 { await Task.yield() }
  }

  @Test func everyMatchStartsARunThatSeesTheReducedStateAndDispatches() async {
    let listeners = ListenerMiddleware<SearchState, PayloadAction>()
    let service = FakeSearchService()
    let seen = Log<String>()
    listeners.startListening(for: Search.typed) { query, api in
      seen.append("\(query) in state \(api.getState().query)")
      api.dispatch(Search.answered(try await service.results(for: query)))
    }
    let store = makeSearchStore(listeners)
    store.dispatch(Search.typed("a"))
    store.dispatch(Search.answered([]))
    store.dispatch(Search.typed("b"))
    await eventually { store.getState().results == ["b 1", "b 2"] }
    #expect(service.requests == ["a", "b"])
    #expect(
      seen.entries == ["a in state a", "b in state b"],
      "each run starts inside its dispatch, on the store's actor, and reads the state its action made")
    #expect(store.getState().results == ["b 1", "b 2"])
  }

  @Test func latestCancelsTheRunStillGoingSoOnlyTheLastResultArrives() async {
    let listeners = ListenerMiddleware<SearchState, PayloadAction>()
    let service = FakeSearchService()
    listeners.startListening(for: Search.typed, mode: .latest) { query, api in
      let results = try await service.results(for: query, waiting: true)
      api.dispatch(Search.answered(results))
    }
    let sent = Log<String>()
    let store = createStore(
      reducer: Search.slice.reducer, initialState: SearchState(),
      enhancer: applyMiddleware(
        listeners.middleware,
        Middleware { _, action, next in
          sent.append(action.type.name)
          next(action)
        }))
    store.dispatch(Search.typed("s"))
    await eventually { service.requests == ["s"] }
    store.dispatch(Search.typed("sw"))
    await eventually { service.requests == ["s", "sw"] }
    service.openGates()
    await eventually { !store.getState().results.isEmpty }
    await settle()
    #expect(service.requests == ["s", "sw"])
    #expect(store.getState().results == ["sw 1", "sw 2"])
    #expect(
      sent.entries == ["search/typed", "search/typed", "search/answered"],
      "the cancelled run dispatched nothing")
  }

  @Test func debounceOnATestClockRequestsOnceForThreeKeystrokes() async {
    let clock = TestClock()
    let listeners = ListenerMiddleware<SearchState, PayloadAction>()
    let service = FakeSearchService()
    listeners.startListening(for: Search.typed, mode: .debounce(for: .milliseconds(300), clock: clock)) {
      query, api in
      api.dispatch(Search.answered(try await service.results(for: query)))
    }
    let store = makeSearchStore(listeners)
    for query in ["s", "sw", "swi"] {
      store.dispatch(Search.typed(query))
      await settle()
      await eventually { clock.sleeperCount == 1 }
      await clock.advance(by: .milliseconds(100))
    }
    #expect(service.requests.isEmpty)
    await clock.advance(by: .milliseconds(200))
    await eventually { !store.getState().results.isEmpty }
    #expect(service.requests == ["swi"])
    #expect(store.getState().results == ["swi 1", "swi 2"])
  }

  @Test func aStatePredicateSeesTheStatesAfterAndBefore() async {
    let listeners = ListenerMiddleware<SearchState, PayloadAction>()
    let crossings = Log<String>()
    let crossesThree: (PayloadAction, SearchState, SearchState) -> Bool = { _, state, previous in
      state.query.count >= 3 && previous.query.count < 3
    }
    listeners.startListening(when: crossesThree) { action, api in
      crossings.append("\(action) -> \(api.getState().query)")
    }
    let store = makeSearchStore(listeners)
    for query in ["a", "ab", "abc", "abcd", "a", "xyz"] { store.dispatch(Search.typed(query)) }
    await eventually { crossings.entries.count == 2 }
    #expect(crossings.entries == ["search/typed(abc) -> abc", "search/typed(xyz) -> xyz"])
  }

  @Test func unsubscribeFromOutsideOrInsideAndClearStopTheListener() async {
    let listeners = ListenerMiddleware<SearchState, PayloadAction>()
    let runs = Log<String>()
    let stopOuter = listeners.startListening(matching: { Search.typed ~= $0 }) { _, _ in runs.append("outer")
    }
    listeners.startListening(for: Search.typed) { _, api in
      runs.append("once")
      api.unsubscribe()
    }
    let store = makeSearchStore(listeners)
    store.dispatch(Search.typed("a"))
    await eventually { runs.entries.count == 2 }
    stopOuter()
    store.dispatch(Search.typed("b"))
    await settle()
    #expect(runs.entries.sorted() == ["once", "outer"])
    listeners.startListening(for: Search.typed) { _, _ in runs.append("later") }
    listeners.clearListeners()
    store.dispatch(Search.typed("c"))
    await settle()
    #expect(runs.entries.count == 2)
  }

  @Test func aStateListenerAddedDuringADispatchStartsWithTheNextAction() async {
    let listeners = ListenerMiddleware<SearchState, PayloadAction>()
    let seen = Log<String>()
    let store = makeSearchStore(listeners)
    var added = false
    store.listen {
      guard !added else { return }
      added = true
      listeners.startListening(when: { _, state, previous in state.query != previous.query }) { action, _ in
        seen.append("\(action)")
      }
    }
    store.dispatch(Search.typed("a"))
    store.dispatch(Search.typed("b"))
    await eventually { !seen.entries.isEmpty }
    await settle()
    #expect(seen.entries == ["search/typed(b)"])
  }

  @Test func anEffectsErrorGoesToOnError() async {
    let errors = Log<String>()
    let listeners = ListenerMiddleware<SearchState, PayloadAction> { error in
      MainActor.assumeIsolated { errors.append("\(error)") }
    }
    listeners.startListening(for: Search.typed) { _, _ in throw TitlesUnavailable() }
    let store = makeSearchStore(listeners)
    store.dispatch(Search.typed("a"))
    await eventually { !errors.entries.isEmpty }
    #expect(errors.entries == ["titles unavailable"])
  }

  @Test func aStoresRunsAreCancelledWhenItGoes() async {
    let listeners = ListenerMiddleware<SearchState, PayloadAction>()
    let ended = Log<String>()
    listeners.startListening(for: Search.typed) { _, _ in
      do { try await Task.sleep(for: .seconds(3600)) } catch { ended.append("\(type(of: error))") }
    }
    var store: ReduxStore<SearchState, PayloadAction>? = makeSearchStore(listeners)
    store?.dispatch(Search.typed("a"))
    await settle()
    weak let gone = store
    store = nil
    #expect(gone == nil, "a run does not keep its store")
    await eventually { !ended.entries.isEmpty }
    #expect(ended.entries == ["CancellationError"])
  }
}
