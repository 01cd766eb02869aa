import FunctionalStore
import ReduxTesting
import Testing

// Redux Toolkit's listener tests (effectScenarios.test.ts: throttle, takeLeading, fork + join,
// fork + cancel, the long-running listeners cancelled by clearListeners; listenerMiddleware.test.ts:
// cancelActive, clear() cancelling runs and forked tasks), with RTK's inputs and expectations.
// RTK's timers are a `TestClock` here, so that no result depends on timing.

struct ForkCounter: Equatable, Sendable {
  var value = 0
}

enum ForkCounterSlice {
  static let slice = StateSlice<ForkCounter>(name: "counter", initialState: ForkCounter())
  static let increment = slice.caseReducer("increment") { state in state.value += 1 }
  static let decrement = slice.caseReducer("decrement") { state in state.value -= 1 }
}

@MainActor
@Suite struct ListenerForkPortTests {
  let listeners = ListenerMiddleware<ForkCounter, PayloadAction>()
  let clock = TestClock()

  func makeStore() -> ReduxStore<ForkCounter, PayloadAction> {
    createStore(
      reducer: ForkCounterSlice.slice.reducer, initialState: ForkCounterSlice.slice.getInitialState(),
      enhancer: applyMiddleware(listeners.middleware))
  }

  /// "throttle": the first action starts the work, the next are ignored until the listener
  /// listens again.
  @Test func throttleIgnoresActionsUntilTheListenerListensAgain() async {
    let calls = Log<String>()
    listeners.startListening(for: ForkCounterSlice.increment) { [clock] _, api in
      calls.append("call")
      api.unsubscribe()
      api.fork(autoJoin: true) {
        try await api.delay(for: .milliseconds(15), clock: clock)
        api.subscribe()
      }
      calls.append("work")
    }
    let store = makeStore()
    for _ in 0..<3 { store.dispatch(ForkCounterSlice.increment()) }
    #expect(calls.entries == ["call", "work"])
    await eventually { clock.sleeperCount == 1 }
    await clock.advance(by: .milliseconds(25))
    await eventually { clock.sleeperCount == 0 }
    await settle()
    store.dispatch(ForkCounterSlice.increment())
    store.dispatch(ForkCounterSlice.increment())
    #expect(calls.entries == ["call", "work", "call", "work"])
  }

  /// "takeLeading": a run started by the first action; the others are ignored until it ends.
  @Test func takeLeadingIgnoresActionsWhileTheWorkRuns() async {
    let calls = Log<String>()
    listeners.startListening(for: ForkCounterSlice.increment) { [clock] _, api in
      calls.append("call")
      api.unsubscribe()
      try await api.delay(for: .milliseconds(25), clock: clock)
      calls.append("work")
      api.subscribe()
    }
    let store = makeStore()
    store.dispatch(ForkCounterSlice.increment())
    store.dispatch(ForkCounterSlice.increment())
    #expect(calls.entries == ["call"])
    await eventually { clock.sleeperCount == 1 }
    await clock.advance(by: .milliseconds(5))
    store.dispatch(ForkCounterSlice.increment())
    #expect(calls.entries == ["call"])
    await clock.advance(by: .milliseconds(50))
    await eventually { calls.entries.count == 2 }
    #expect(calls.entries == ["call", "work"])
    store.dispatch(ForkCounterSlice.increment())
    #expect(calls.entries == ["call", "work", "call"])
    await eventually { clock.sleeperCount == 1 }
    await clock.advance(by: .milliseconds(50))
    await eventually { calls.entries.count == 4 }
    #expect(calls.entries == ["call", "work", "call", "work"])
  }

  /// "fork + join": the run waits for its child's result.
  @Test func forkThenJoinGivesTheChildsResult() async {
    let results = Log<Int>()
    listeners.startListening(for: ForkCounterSlice.increment) { [clock] _, api in
      let child = api.fork { () async throws -> Int in
        try await api.delay(for: .milliseconds(5), clock: clock)
        return 42
      }
      if case .ok(let value) = await child.result { results.append(value) }
    }
    let store = makeStore()
    store.dispatch(ForkCounterSlice.increment())
    await eventually { clock.sleeperCount == 1 }
    await clock.advance(by: .milliseconds(10))
    await eventually { !results.entries.isEmpty }
    #expect(results.entries == [42])
    withExtendedLifetime(store) {}
  }

  /// "fork + cancel": a child cancelled while it waits never finishes; the run does.
  @Test func aCancelledChildNeverFinishes() async {
    let steps = Log<String>()
    listeners.startListening(for: ForkCounterSlice.increment) { [clock] _, api in
      let child = api.fork { () async throws -> Int in
        try await api.delay(for: .milliseconds(15), clock: clock)
        steps.append("child finished")
        return 0
      }
      try await api.delay(for: .milliseconds(5), clock: clock)
      child.cancel()
      steps.append("listener completed: \(await child.result)")
    }
    let store = makeStore()
    store.dispatch(ForkCounterSlice.increment())
    await eventually { clock.sleeperCount == 2 }
    await clock.advance(by: .milliseconds(5))
    await eventually { !steps.entries.isEmpty }
    await clock.advance(by: .milliseconds(20))
    await settle()
    #expect(steps.entries == ["listener completed: cancelled"])
    withExtendedLifetime(store) {}
  }

  /// A child still running when its run ends is cancelled, unless joined.
  @Test func aChildNotJoinedIsCancelledWhenItsRunEnds() async {
    let children = Log<ForkedTask<Int>>()
    listeners.startListening(for: ForkCounterSlice.increment) { [clock] _, api in
      children.append(
        api.fork { () async throws -> Int in
          try await api.delay(for: .seconds(1), clock: clock)
          return 1
        })
    }
    let store = makeStore()
    store.dispatch(ForkCounterSlice.increment())
    let result = await children.entries[0].result
    guard case .cancelled = result else {
      Issue.record("the child went on after its run: \(result)")
      return
    }
    withExtendedLifetime(store) {}
  }

  /// A child that throws ends as rejected, with its error; `value` rethrows it.
  @Test func aChildThatThrowsIsRejected() async {
    struct Broken: Error {}
    let outcomes = Log<String>()
    listeners.startListening(for: ForkCounterSlice.increment) { _, api in
      let child = api.fork { () async throws -> Int in throw Broken() }
      if case .rejected(let error) = await child.result { outcomes.append("rejected \(error is Broken)") }
      do { _ = try await child.value } catch { outcomes.append("value threw \(error is Broken)") }
    }
    let store = makeStore()
    store.dispatch(ForkCounterSlice.increment())
    await eventually { outcomes.entries.count == 2 }
    #expect(outcomes.entries == ["rejected true", "value threw true"])
    withExtendedLifetime(store) {}
  }

  /// "long-running listener with immediate unsubscribe is cancelable": clearListeners cancels a
  /// run whose listener already stopped.
  @Test func clearListenersCancelsARunWhoseListenerStopped() async {
    let runs = Log<String>()
    listeners.startListening(for: ForkCounterSlice.increment) { _, api in
      runs.append("run")
      api.unsubscribe()
      do {
        _ = try await api.condition { _, _, _ in false }
      } catch is CancellationError {
        runs.append("aborted")
      }
    }
    let store = makeStore()
    store.dispatch(ForkCounterSlice.increment())
    store.dispatch(ForkCounterSlice.increment())
    #expect(runs.entries == ["run"])
    listeners.clearListeners()
    await eventually { runs.entries.count == 2 }
    #expect(runs.entries == ["run", "aborted"])
  }

  /// "long-running listener with unsubscribe race is cancelable".
  @Test func clearListenersCancelsTheHangingRunOfAStoppedListener() async {
    let runs = Log<String>()
    listeners.startListening(for: ForkCounterSlice.increment) { _, api in
      runs.append("run")
      if runs.entries.count == 2 {
        api.unsubscribe()
        return
      }
      do {
        _ = try await api.condition { _, _, _ in false }
      } catch is CancellationError {
        runs.append("aborted")
      }
    }
    let store = makeStore()
    for _ in 0..<3 { store.dispatch(ForkCounterSlice.increment()) }
    #expect(runs.entries == ["run", "run"])
    listeners.clearListeners()
    await eventually { runs.entries.count == 3 }
    #expect(runs.entries == ["run", "run", "aborted"])
  }

  /// "long-running listener with immediate unsubscribe and forked child is cancelable", and
  /// "clear() cancels all running forked tasks".
  @Test func clearListenersCancelsARunAndItsChild() async {
    let aborted = Log<String>()
    listeners.startListening(for: ForkCounterSlice.increment) { [clock] _, api in
      api.unsubscribe()
      let polling = api.fork {
        do {
          try await api.delay(for: .seconds(3_600), clock: clock)
        } catch is CancellationError {
          aborted.append("inner")
        }
      }
      do {
        _ = try await api.condition { _, _, _ in false }
        polling.cancel()
      } catch is CancellationError {
        aborted.append("outer")
      }
    }
    let store = makeStore()
    store.dispatch(ForkCounterSlice.increment())
    await settle()
    listeners.clearListeners()
    await eventually { aborted.entries.count == 2 }
    #expect(Set(aborted.entries) == ["inner", "outer"])
  }

  /// "can cancel an active listener when unsubscribing directly", and that runs go on without
  /// `cancelActive`.
  @Test func unsubscribingWithCancelActiveCancelsTheRuns() async {
    let ends = Log<String>()
    let stop = listeners.startListening(for: ForkCounterSlice.increment) { [clock] _, api in
      do {
        try await api.delay(for: .milliseconds(100), clock: clock)
        ends.append("completed")
      } catch is CancellationError {
        ends.append("cancelled")
      }
    }
    let store = makeStore()
    store.dispatch(ForkCounterSlice.increment())
    stop(cancelActive: true)
    await eventually { !ends.entries.isEmpty }
    #expect(ends.entries == ["cancelled"])

    let keep = listeners.startListening(for: ForkCounterSlice.decrement) { [clock] _, api in
      try await api.delay(for: .milliseconds(100), clock: clock)
      ends.append("completed")
    }
    store.dispatch(ForkCounterSlice.decrement())
    keep()
    await eventually { clock.sleeperCount == 1 }
    await clock.advance(by: .milliseconds(100))
    await eventually { ends.entries.count == 2 }
    #expect(ends.entries == ["cancelled", "completed"])
  }

  /// Lets the store's actor run what is ready.
  func settle() async {
    for _ in 0..<20 { await Task.yield() }
  }
}
