import Observation
import ReduxCore
import Testing

// The samples of Packages/ReduxCore/README.md, compiled and run. `.ci/check-doc-samples` keeps
// them in step with the page.

let logger = Middleware<Counter, CounterAction> { context, action, next in
  print("will apply", action, "to", context.state.count)
  next(action)
  print("count is now", context.state.count)
}

let followUps = Middleware<Counter, CounterAction>(curried: { context in
  { next in
    { action in
      next(action)
      if action == .increment, context.state.count == 10 {
        context.dispatch(.add(90))
      }
    }
  }
})

@MainActor
@Suite struct ReduxCoreReadmeExamples {
  @Test func middlewareSamples() {
    let store = makeCounterStore(middlewares: [logger, followUps])
    store.dispatch(.add(9))
    store.dispatch(.increment)
    #expect(store.state.count == 100)
  }

  @Test func reentrancySample() {
    let store = makeCounterStore()
    let chain = store.subscribe(\.count) { count in
      if count < 3 { store.dispatch(.increment) }
    }
    store.dispatch(.increment)
    // Here the count is 3, and every observer saw 1, 2 and 3, in that order.
    #expect(store.state.count == 3)
    _ = chain
  }

  @Test func observationSamples() async {
    let store = makeCounterStore()
    var subscriptions = Set<Subscription>()
    store.subscribe(\.count) { count in print("count", count) }.store(in: &subscriptions)
    store.subscribe({ $0.count.isMultiple(of: 2) }) { isEven in print("even", isEven) }
      .store(in: &subscriptions)
    let counts = store.states(\.count, bufferingPolicy: .bufferingNewest(1))
    Task {
      for await count in counts { print("count", count) }
    }
    withObservationTracking {
      print("rendering", store.count)
    } onChange: {
      print("count changed")
    }
    store.dispatch(.increment)
    #expect(subscriptions.count == 2)
    #expect(store.engine.subscriberCount == 3)
  }

  @Test func subscriptionTableSamples() {
    let store = makeCounterStore()
    let unsubscribe = store.listen { print("dispatched") }
    let stopCount = store.listen(to: \.count) { count in print("count", count) }
    let everyState = store.subscribe { state in print("state", state) }
    let count = store.subscribe(\.count) { count in print("count", count) }
    let isEven = store.subscribe({ $0.count.isMultiple(of: 2) }) { even in print("even", even) }
    let everyCount = store.subscribe({ $0.count }, removingDuplicates: { _, _ in false }) { count in
      print("count after a dispatch", count)
    }
    let changedStates = store.subscribe({ $0 }) { state in print("changed", state) }
    let shownNow = store.subscribe(\.count, initial: true) { count in print("count now", count) }
    let counts = store.states(\.count)
    store.dispatch(.increment)
    #expect(store.engine.subscriberCount == 9)
    unsubscribe()
    stopCount()
    _ = (everyState, count, isEven, everyCount, changedStates, shownNow, counts)
    #expect(store.engine.subscriberCount == 7)
  }
}
