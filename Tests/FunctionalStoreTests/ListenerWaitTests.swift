import FunctionalStore
import ReduxTesting
import Testing

/// `take` and `condition`: a listener's run that waits for later actions.
@MainActor
@Suite struct ListenerWaitTests {
  @Test func takeWaitsForTheNextMatchingActionAndGivesItsStates() async {
    let listeners = ListenerMiddleware<SearchState, PayloadAction>()
    let waiting = Log<String>()
    let seen = Log<String>()
    listeners.startListening(for: Search.typed) { query, api in
      waiting.append(query)
      let taken = try await api.take { action, state, _ in
        Search.answered ~= action && !state.results.isEmpty
      }
      guard let taken else { return seen.append("timed out") }
      seen.append("\(query): \(taken.state.results) after \(taken.previousState.results)")
    }
    let store = makeSearchStore(listeners)
    store.dispatch(Search.answered(["early"]))  // before the run waits: not taken
    store.dispatch(Search.typed("tea"))
    await eventually { waiting.entries == ["tea"] }
    store.dispatch(Search.answered([]))  // refused by the predicate
    store.dispatch(Search.answered(["green", "black"]))
    await eventually { !seen.entries.isEmpty }
    #expect(seen.entries == [#"tea: ["green", "black"] after []"#])
    withExtendedLifetime(store) {}  // its runs are cancelled when it goes
  }

  @Test func takeOfACreatorGivesThePayloadAndConditionSaysWhetherItHappened() async {
    let listeners = ListenerMiddleware<SearchState, PayloadAction>()
    let seen = Log<String>()
    let steps = Log<String>()
    listeners.startListening(for: Search.typed) { query, api in
      guard !query.isEmpty else { return }
      steps.append("waits for results")
      let results = try await api.take(Search.answered)
      steps.append("waits for an empty query")
      let emptied = try await api.condition { _, state, _ in state.query.isEmpty }
      seen.append("\(query): \(results ?? []), emptied \(emptied)")
    }
    let store = makeSearchStore(listeners)
    store.dispatch(Search.typed("tea"))
    await eventually { steps.entries.count == 1 }
    store.dispatch(Search.answered(["green"]))
    await eventually { steps.entries.count == 2 }
    #expect(seen.entries.isEmpty, "still waiting for the query to empty")
    store.dispatch(Search.typed(""))
    await eventually { !seen.entries.isEmpty }
    #expect(seen.entries == ["tea: [\"green\"], emptied true"])
    withExtendedLifetime(store) {}  // its runs are cancelled when it goes
  }

  @Test func aTimeoutOnATestClockEndsTheWaitWithNothing() async {
    let clock = TestClock()
    let listeners = ListenerMiddleware<SearchState, PayloadAction>()
    let seen = Log<String>()
    listeners.startListening(for: Search.typed) { _, api in
      let answered = try await api.condition(
        { action, _, _ in Search.answered ~= action }, timeout: .seconds(5), clock: clock)
      seen.append("answered: \(answered)")
    }
    let store = makeSearchStore(listeners)
    store.dispatch(Search.typed("tea"))
    await eventually { clock.sleeperCount == 1 }
    await clock.advance(by: .seconds(4))
    #expect(seen.entries.isEmpty)
    await clock.advance(by: .seconds(1))
    await eventually { !seen.entries.isEmpty }
    #expect(seen.entries == ["answered: false"])
    store.dispatch(Search.answered(["late"]))
    #expect(seen.entries == ["answered: false"], "the wait that timed out takes nothing")
    withExtendedLifetime(store) {}  // its runs are cancelled when it goes
  }

  @Test func aRunCancelledWhileItWaitsEndsWithCancellationAndTakesNothing() async {
    let listeners = ListenerMiddleware<SearchState, PayloadAction>()
    let seen = Log<String>()
    let waiting = Log<String>()
    listeners.startListening(for: Search.typed, mode: .latest) { query, api in
      waiting.append(query)
      do {
        let results = try await api.take(Search.answered)
        seen.append("\(query) took \(results ?? [])")
      } catch is CancellationError {
        seen.append("\(query) cancelled")
        throw CancellationError()
      }
    }
    let store = makeSearchStore(listeners)
    store.dispatch(Search.typed("s"))
    await eventually { waiting.entries == ["s"] }
    store.dispatch(Search.typed("sw"))  // cancels the run for "s", which waits
    await eventually { seen.entries == ["s cancelled"] && waiting.entries == ["s", "sw"] }
    store.dispatch(Search.answered(["one"]))
    await eventually { seen.entries.count == 2 }
    #expect(seen.entries == ["s cancelled", "sw took [\"one\"]"])
    withExtendedLifetime(store) {}  // its runs are cancelled when it goes
  }

  @Test func aRunWaitingWhenItsStoreGoesIsCancelled() async {
    let listeners = ListenerMiddleware<SearchState, PayloadAction>()
    let seen = Log<String>()
    listeners.startListening(for: Search.typed) { _, api in
      seen.append("waits")
      do {
        _ = try await api.take(Search.answered)
        seen.append("took")
      } catch is CancellationError {
        seen.append("cancelled")
      }
    }
    var store: ReduxStore<SearchState, PayloadAction>? = makeSearchStore(listeners)
    weak let gone = store
    store?.dispatch(Search.typed("tea"))
    await eventually { seen.entries == ["waits"] }
    store = nil
    await eventually { seen.entries.count == 2 }
    #expect(gone == nil)
    #expect(seen.entries == ["waits", "cancelled"], "the wait does not keep the store's runs alive")
  }
}

/// Redux Toolkit's listener tests for `listenerApi.subscribe()` and `listenerApi.cancel()`.
@MainActor
@Suite struct ListenerResubscribeAndCancelTests {
  /// RTK's "Can re-subscribe via middleware api".
  @Test func canResubscribeViaTheListenersApi() async {
    let listeners = ListenerMiddleware<SearchState, PayloadAction>()
    let runs = Log<String>()
    let resubscribed = Log<Bool>()
    listeners.startListening(for: Search.typed) { query, api in
      runs.append(query)
      api.unsubscribe()
      _ = try await api.take(Search.answered)
      api.subscribe()
      resubscribed.append(true)
    }
    let store = makeSearchStore(listeners)
    store.dispatch(Search.typed("a"))
    #expect(runs.entries == ["a"])
    store.dispatch(Search.typed("a"))
    #expect(runs.entries == ["a"], "unsubscribed while its run waits")
    store.dispatch(Search.answered([]))
    await eventually { !resubscribed.entries.isEmpty }
    store.dispatch(Search.typed("b"))
    #expect(runs.entries == ["a", "b"])
    withExtendedLifetime(store) {}
  }

  @Test func subscribeWhileListeningAddsNoSecondListener() {
    let listeners = ListenerMiddleware<SearchState, PayloadAction>()
    let runs = Log<String>()
    listeners.startListening(for: Search.typed) { query, api in
      api.subscribe()
      runs.append(query)
    }
    let store = makeSearchStore(listeners)
    store.dispatch(Search.typed("a"))
    store.dispatch(Search.typed("b"))
    #expect(runs.entries == ["a", "b"])
  }

  @Test func cancelEndsThisRunAtItsNextWaitAndDropsItsDispatches() async {
    let listeners = ListenerMiddleware<SearchState, PayloadAction>()
    let ended = Log<String>()
    listeners.startListening(for: Search.typed) { query, api in
      api.cancel()
      api.dispatch(Search.answered(["dropped"]))
      do {
        try await api.delay(for: .seconds(60))
        ended.append("slept")
      } catch {
        ended.append("\(query): \(error is CancellationError ? "cancelled" : "\(error)")")
      }
    }
    let store = makeSearchStore(listeners)
    store.dispatch(Search.typed("tea"))
    await eventually { !ended.entries.isEmpty }
    #expect(ended.entries == ["tea: cancelled"])
    #expect(store.state.results.isEmpty)
  }
}

extension ListenerResubscribeAndCancelTests {
  /// RTK's `getOriginalState`: the state before the action that started the run, beside the
  /// state after it.
  @Test func getOriginalStateIsTheStateBeforeTheAction() async {
    let listeners = ListenerMiddleware<SearchState, PayloadAction>()
    let seen = Log<String>()
    listeners.startListening(for: Search.typed) { _, api in
      seen.append("\(api.getOriginalState().query) -> \(api.getState().query)")
      try await api.delay(for: .milliseconds(1))
      seen.append("still \(api.getOriginalState().query)")
    }
    let store = makeSearchStore(listeners)
    store.dispatch(Search.typed("tea"))
    store.dispatch(Search.typed("teas"))
    await eventually { seen.entries.count == 4 }
    #expect(seen.entries.prefix(2) == [" -> tea", "tea -> teas"])
    #expect(Set(seen.entries.suffix(2)) == ["still ", "still tea"])
  }
}
