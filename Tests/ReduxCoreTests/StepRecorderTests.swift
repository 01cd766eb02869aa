import ReduxCore
import Testing

/// `recordSteps`: what the live inspector keeps, each action a dispatch applies with the state
/// after it, innermost of the chain, without being a middleware.
@MainActor
@Suite struct StepRecorderTests {
  /// A recorder that logs `action -> count`.
  func record(into log: Log<String>, _ engine: StoreEngine<Counter, CounterAction>) -> AddedMiddleware {
    engine.recordSteps(isolation: #isolation) { action, state in log.append("\(action) -> \(state.count)") }
  }

  @Test func eachAppliedActionIsGivenWithTheStateAfterIt() {
    let log = Log<String>()
    let store = makeCounterStore()
    let recording = record(into: log, store.engine)
    store.dispatch(.increment)
    store.dispatch(.add(5))
    #expect(log.entries == ["increment -> 1", "add(5) -> 6"])
    recording.remove()
    store.dispatch(.increment)
    #expect(log.entries.count == 2, "removed, it is given nothing more")
    #expect(store.engine.untrackedState.count == 7, "and the store dispatches as before")
  }

  @Test func itRunsInsideEveryMiddlewareMadeOrAdded() {
    let log = Log<String>()
    let around = { (name: String) in
      Middleware<Counter, CounterAction> { _, action, next in
        log.append("\(name) before")
        next(action)
        log.append("\(name) after")
      }
    }
    let store = makeCounterStore(middlewares: [around("made")])
    let recording = record(into: log, store.engine)
    let added = store.engine.addMiddleware(around("added"))
    store.dispatch(.increment)
    #expect(
      log.entries == ["made before", "added before", "increment -> 1", "added after", "made after"])
    _ = (recording, added)
  }

  @Test func anActionAMiddlewareDropsIsNotAStepAndAQueuedOneIsOneInItsTurn() {
    let log = Log<String>()
    let dropNoop = Middleware<Counter, CounterAction> { context, action, next in
      if action == .noop { return }
      next(action)
      if action == .increment { context.dispatch(.add(10)) }
    }
    let store = makeCounterStore(middlewares: [dropNoop])
    let recording = record(into: log, store.engine)
    store.dispatch(.noop)
    store.dispatch(.increment)
    #expect(log.entries == ["increment -> 1", "add(10) -> 11"])
    _ = recording
  }

  @Test func aJumpAndAReplayAreNotSteps() {
    let log = Log<String>()
    let store = makeCounterStore()
    let recording = record(into: log, store.engine)
    store.dispatch(.increment)
    store.engine.travel(to: Counter(count: 40), operation: "test")
    store.engine.replay(.increment, operation: "test")
    #expect(store.engine.untrackedState.count == 41)
    #expect(log.entries == ["increment -> 1"])
    _ = recording
  }

  @Test func twoRecordersAreGivenEachStepInTheOrderAdded() {
    let log = Log<String>()
    let store = makeCounterStore()
    let first = store.engine.recordSteps(isolation: #isolation) { action, _ in log.append("first \(action)") }
    let second = store.engine.recordSteps(isolation: #isolation) { action, _ in log.append("second \(action)")
    }
    store.dispatch(.increment)
    first.remove()
    store.dispatch(.bumpOther)
    #expect(log.entries == ["first increment", "second increment", "second bumpOther"])
    _ = second
  }

  @Test func disposingTheStoreEndsItsRecorders() {
    let log = Log<String>()
    let store = makeCounterStore()
    let recording = record(into: log, store.engine)
    store.engine.dispose()
    store.dispatch(.increment)
    #expect(log.entries.isEmpty)
    recording.remove()
  }
}
