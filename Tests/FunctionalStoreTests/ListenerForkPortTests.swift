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
      api.fork(autoJoin: true) { _ in
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
      let child = api.fork { _ async throws -> Int in
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
      let child = api.fork { _ async throws -> Int in
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
        api.fork { _ async throws -> Int in
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
      let child = api.fork { _ async throws -> Int in throw Broken() }
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
      let polling = api.fork { _ in
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

  // fork.test.ts

  /// "runs executors in the next microtask".
  @Test func aForkedTaskBeginsAfterTheRunsCodeBeforeItsNextAwait() async {
    let ran = Log<String>()
    listeners.startListening(for: ForkCounterSlice.increment) { _, api in
      api.fork { _ in ran.append("sync") }
      api.fork { _ async in ran.append("async") }
    }
    let store = makeStore()
    store.dispatch(ForkCounterSlice.increment())
    #expect(ran.entries.isEmpty)
    await eventually { ran.entries.count == 2 }
    #expect(ran.entries == ["sync", "async"])
  }

  /// "does not run an executor if the task is synchronously cancelled".
  @Test func aTaskCancelledBeforeItBeginsRunsNothing() async {
    let states = Log<Int>()
    listeners.startListening(for: ForkCounterSlice.increment) { _, api in
      let child = api.fork { _ in
        for _ in 0..<3 { api.dispatch(ForkCounterSlice.decrement()) }
      }
      child.cancel()
      _ = await child.result
      states.append(api.getState().value)
    }
    let store = makeStore()
    store.dispatch(ForkCounterSlice.increment())
    await eventually { !states.entries.isEmpty }
    #expect(states.entries == [1])
  }

  /// The table of executors and cancellations ("sync exec - success", "- error", "- sync
  /// cancel", "async exec - async cancel", "- success with forkApi.pause", "- error with
  /// forkApi.pause", "- success with forkApi.delay").
  @Test(arguments: [
    ("sync exec - success", "ok 42"), ("sync exec - error", "rejected 2020"),
    ("sync exec - sync cancel", "cancelled"), ("async exec - async cancel", "cancelled"),
    ("async exec - success with pause", "ok 2"), ("async exec - error with pause", "rejected 22"),
    ("async exec - success with delay", "ok 5"),
  ])
  func aForkedTaskEndsAsItsWorkAndCancellationSay(_ name: String, _ expected: String) async {
    struct Thrown: Error, CustomStringConvertible { var description: String }
    let clock = clock
    let work: (ForkAPI) async throws -> Int =
      switch name {
      case "sync exec - success", "sync exec - sync cancel": { _ in 42 }
      case "sync exec - error": { _ in throw Thrown(description: "2020") }
      case "async exec - async cancel":
        { fork in
          try await fork.delay(for: .milliseconds(100), clock: clock)
          throw Thrown(description: "2020")
        }
      case "async exec - success with pause": { fork in try await fork.pause { 2 } }
      case "async exec - error with pause":
        { fork in try await fork.pause { throw Thrown(description: "22") } }
      default:
        { fork in
          try await fork.delay(for: .milliseconds(10), clock: clock)
          return 5
        }
      }
    let results = Log<String>()
    let forked = Log<ForkedTask<Int>>()
    listeners.startListening(matching: { _ in true }) { _, api in
      let child = api.fork { fork in try await work(fork) }
      forked.append(child)
      if name == "sync exec - sync cancel" { child.cancel() }
      switch await child.result {
      case .ok(let value): results.append("ok \(value)")
      case .rejected(let error): results.append("rejected \(error)")
      case .cancelled: results.append("cancelled")
      }
    }
    let store = makeStore()
    store.dispatch(ForkCounterSlice.increment())
    if name == "async exec - async cancel" {
      await eventually { clock.sleeperCount == 1 }
      await clock.advance(by: .milliseconds(10))
      forked.entries.first?.cancel()
    } else if name.hasSuffix("with delay") {
      await eventually { clock.sleeperCount == 1 }
      await clock.advance(by: .milliseconds(10))
    }
    await eventually { !results.entries.isEmpty }
    #expect(results.entries == [expected])
  }

  /// "forkApi.pause rejects if listener is cancelled": the first run, cancelled by the second,
  /// dispatches nothing after its child; the second adds 100 and 200.
  @Test func aChildOfACancelledRunIsCancelled() async {
    let added = ActionCreator<Int>("incrementByInListener")
    let incrementByAmount = ForkCounterSlice.slice.caseReducer("incrementByAmount") { (state, amount: Int) in
      state.value += amount
    }
    let childEnds = Log<String>()
    listeners.startListening(for: added) { [clock] amount, api in
      api.cancelActiveListeners()
      let child = api.fork { fork in
        childEnds.append("child of \(amount) began")
        try await fork.pause { try await clock.sleep(for: .milliseconds(10)) }
        api.dispatch(incrementByAmount(amount))
      }
      _ = await child.result
      api.dispatch(incrementByAmount(2 * amount))
    }
    let store = makeStore()
    store.dispatch(added(10))
    store.dispatch(added(100))
    await eventually { clock.sleeperCount == 1 }
    await clock.advance(by: .milliseconds(10))
    await eventually { store.getState().value == 300 }
    #expect(store.getState().value == 300)
    #expect(childEnds.entries == ["child of 100 began"], "the first child was cancelled before it began")
  }

  /// A run waiting for a joined child does not keep its store alive: the store's going cancels
  /// both.
  @Test func aStoreThatGoesCancelsARunWaitingForItsJoinedChild() async {
    let ends = Log<String>()
    listeners.startListening(for: ForkCounterSlice.increment) { [clock] _, api in
      api.fork(autoJoin: true) { fork in
        do {
          try await fork.delay(for: .seconds(1), clock: clock)
        } catch {
          ends.append("child cancelled")
        }
      }
    }
    var store: ReduxStore<ForkCounter, PayloadAction>? = makeStore()
    weak let object = store
    store?.dispatch(ForkCounterSlice.increment())
    await eventually { clock.sleeperCount == 1 }
    store = nil
    #expect(object == nil, "the waiting run does not keep its store")
    await eventually { !ends.entries.isEmpty }
    #expect(ends.entries == ["child cancelled"])
  }

  /// Lets the store's actor run what is ready.
  func settle() async {
    for _ in 0..<20 { await Task.yield() }
  }
}
