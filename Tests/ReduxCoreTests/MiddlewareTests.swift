import ReduxCore
import Testing

@MainActor
@Suite struct MiddlewareTests {
  func recording(_ name: String, into log: Log<String>) -> Middleware<Counter, CounterAction> {
    Middleware { _, action, next in
      log.append("\(name) before \(action)")
      next(action)
      log.append("\(name) after \(action)")
    }
  }

  @Test func firstMiddlewareIsOutermost() {
    let log = Log<String>()
    let store = makeCounterStore(middlewares: [
      recording("a", into: log), recording("b", into: log),
    ])
    store.dispatch(.increment)
    #expect(
      log.entries == [
        "a before increment", "b before increment", "b after increment", "a after increment",
      ])
    #expect(store.state.count == 1)
  }

  @Test func dropsActions() {
    let dropIncrements = Middleware<Counter, CounterAction> { _, action, next in
      if action != .increment { next(action) }
    }
    let store = makeCounterStore(middlewares: [dropIncrements])
    let seen = Log<Counter>()
    let token = store.subscribe { seen.append($0) }
    store.dispatch(.increment)
    store.dispatch(.add(5))
    #expect(store.state.count == 5)
    #expect(seen.entries.map(\.count) == [5])
    _ = token
  }

  @Test func doublesActionsAndEachReachesTheReducerAndSubscribers() {
    let doubler = Middleware<Counter, CounterAction> { _, action, next in
      next(action)
      next(action)
    }
    let store = makeCounterStore(middlewares: [doubler])
    let seen = Log<Int>()
    let token = store.subscribe(\.count) { seen.append($0) }
    store.dispatch(.increment)
    #expect(store.state.count == 2)
    #expect(seen.entries == [1, 2])
    _ = token
  }

  @Test func replacesActions() {
    let replace = Middleware<Counter, CounterAction> { _, action, next in
      next(action == .increment ? .add(10) : action)
    }
    let store = makeCounterStore(middlewares: [replace])
    store.dispatch(.increment)
    #expect(store.state.count == 10)
  }

  @Test func readsStateBeforeAndAfterNext() {
    let log = Log<String>()
    let observer = Middleware<Counter, CounterAction> { context, action, next in
      log.append("before \(context.state.count)")
      next(action)
      log.append("after \(context.getState().count)")
    }
    let store = makeCounterStore(middlewares: [observer])
    store.dispatch(.add(3))
    #expect(log.entries == ["before 0", "after 3"])
  }

  @Test func dispatchAfterNextRunsOnceTheCurrentActionIsDone() {
    let followUp = Middleware<Counter, CounterAction> { context, action, next in
      next(action)
      if action == .increment { context.dispatch(.add(100)) }
    }
    let log = Log<String>()
    let store = makeCounterStore(middlewares: [followUp, recording("inner", into: log)])
    let token = store.subscribe(\.count) { log.append("saw \($0)") }
    store.dispatch(.increment)
    #expect(store.state.count == 101)
    #expect(
      log.entries == [
        "inner before increment", "saw 1", "inner after increment",
        "inner before add(100)", "saw 101", "inner after add(100)",
      ])
    _ = token
  }

  @Test func dispatchBeforeNextIsQueuedBehindTheCurrentAction() {
    let announce = Middleware<Counter, CounterAction> { context, action, next in
      if action == .increment { context.dispatch(.bumpOther) }
      next(action)
    }
    let store = makeCounterStore(middlewares: [announce])
    let states = Log<Counter>()
    let token = store.subscribe { states.append($0) }
    store.dispatch(.increment)
    #expect(states.entries == [Counter(count: 1, other: 0), Counter(count: 1, other: 1)])
    _ = token
  }

  @Test func curriedFormBuildsOncePerStore() {
    let builds = Log<Int>()
    let counting = Middleware<Counter, CounterAction>(curried: { _ in
      builds.append(1)
      return { next in { action in next(action) } }
    })
    let store = makeCounterStore(middlewares: [counting])
    for _ in 0..<5 { store.dispatch(.increment) }
    #expect(builds.entries.count == 1)
    #expect(store.state.count == 5)
  }

  @Test func chainComposesInOrder() {
    let log = Log<String>()
    let combined = Middleware.chain([recording("a", into: log), recording("b", into: log)])
    let store = makeCounterStore(middlewares: [combined])
    store.dispatch(.noop)
    #expect(log.entries == ["a before noop", "b before noop", "b after noop", "a after noop"])
  }

  @Test func asyncWorkDispatchesLater() async {
    let fetcher = Middleware<Counter, CounterAction> { context, action, next in
      next(action)
      if action == .increment {
        Task { @MainActor in
          await Task.yield()
          context.dispatch(.add(41))
        }
      }
    }
    let store = makeCounterStore(middlewares: [fetcher])
    var counts = store.states(\.count, bufferingPolicy: .unbounded).makeAsyncIterator()
    store.dispatch(.increment)
    var seen: [Int] = []
    for _ in 0..<3 { seen.append(await counts.next() ?? -1) }
    #expect(seen == [0, 1, 42])
  }

  @Test func aDelayedNextStillQueuesWhatSubscribersDispatch() async {
    let delayed = Log<Task<Void, Never>>()
    let delayIncrements = Middleware<Counter, CounterAction> { _, action, next in
      guard action == .increment else { return next(action) }
      delayed.append(Task { @MainActor in next(action) })
    }
    let store = makeCounterStore(middlewares: [delayIncrements])
    let first = Log<Int>()
    let second = Log<Int>()
    let chaining = store.subscribe(\.count) { count in
      first.append(count)
      if count == 1 { store.dispatch(.add(10)) }
    }
    let watching = store.subscribe(\.count) { second.append($0) }
    store.dispatch(.increment)
    #expect(store.state.count == 0)
    await delayed.entries[0].value
    #expect(store.state.count == 11)
    #expect(first.entries == [1, 11])
    #expect(second.entries == [1, 11])
    #expect(!store.engine.isDispatching)
    _ = (chaining, watching)
  }

  @Test func contextOutlivingItsStoreDropsActions() {
    var kept: MiddlewareContext<Counter, CounterAction>?
    let keeper = Middleware<Counter, CounterAction> { context, action, next in
      kept = context
      next(action)
    }
    var store: BareStore<Counter, CounterAction>? = makeCounterStore(middlewares: [keeper])
    store?.dispatch(.add(2))
    weak let weakStore = store
    store = nil
    #expect(weakStore == nil)
    kept?.dispatch(.increment)
    #expect(kept?.state.count == 2)
  }

  @Test func dispatchWhileBuildingTheChainIsReported() async {
    await #expect(processExitsWith: .failure) {
      await MainActor.run {
        let eager = Middleware<Counter, CounterAction>(curried: { context in
          context.dispatch(.increment)
          return { next in next }
        })
        _ = makeCounterStore(middlewares: [eager])
      }
    }
  }
}
