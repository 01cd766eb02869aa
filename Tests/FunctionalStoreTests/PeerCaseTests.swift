import FunctionalStore
import ReduxTesting
import Testing

// Cases from the peers' own test suites, as a user moving from each would write them.

@MainActor
@Suite struct PeerCaseTests {
  /// ReSwift: a store's middleware can be set after the store is made, and the next dispatch
  /// goes through it.
  @Test func aMiddlewareSetAfterCreationSeesTheNextDispatch() {
    let log = Log<String>()
    let store = createStore(reducer: counterReducer, initialState: 0)
    store.dispatch(.increment)
    let added = store.addMiddleware(recording("late", into: log))
    store.dispatch(.add(2))
    #expect(log.entries == ["late before add(2)", "late after add(2)"])
    added.remove()
    store.dispatch(.decrement)
    #expect(log.entries.count == 2)
    #expect(store.getState() == 2)
  }

  /// A middleware that keeps state of its own in its outer function (made once) is not made
  /// again when another middleware is added or removed.
  @Test func addingAndRemovingOthersDoesNotRemakeAMiddleware() {
    let made = Log<String>()
    let counting = Middleware<Int, CounterAction>(curried: { _ in
      made.append("made")
      return { next in next }
    })
    let store = createStore(reducer: counterReducer, initialState: 0)
    store.addMiddleware(counting)
    let other = store.addMiddleware(recording("other", into: Log<String>()))
    other.remove()
    store.dispatch(.increment)
    #expect(made.entries == ["made"])
  }

  /// Redux JS: unsubscribing inside a reducer is refused, as dispatching, reading the state and
  /// subscribing there are.
  @Test func unsubscribingInsideAReducerIsRefused() async {
    await #expect(processExitsWith: .failure) {
      await MainActor.run {
        // Safe: set and read only on the main actor, in this closure and the reducer it runs
        // synchronously; the reducer reaches it on purpose, to commit the error under test.
        nonisolated(unsafe) var unsubscribe: Unsubscribe?
        let store = createStore(
          reducer: ReduxReducer<Int, CounterAction> { _, _ in unsubscribe?() }, initialState: 0)
        unsubscribe = store.listen {}
        store.dispatch(.increment)
      }
    }
  }

  /// ReSwift's `subscriptions.count`: a released subscription is no longer counted, in the
  /// store and in its test store.
  @Test func theSubscriberCountShowsAReleasedSubscriptionIsGone() async {
    let store = ReduxTestStore(reducer: counterReducer, initialState: 0)
    var token: Subscription? = store.store.subscribe(\.self) { _ in }
    let unsubscribe = store.store.listen {}
    #expect(store.subscriberCount == 2)
    token = nil
    unsubscribe()
    #expect(store.store.subscriberCount == 0)
    _ = token
    await store.finish()
  }
}

/// The samples of Docs/Middleware.md.
@MainActor
@Suite struct MiddlewareGuideExamples {
  @Test func addedToALiveStore() {
    let store = createStore(reducer: counterReducer, initialState: 0)
    let debugLog = store.addMiddleware(.logging(label: "debug"))
    store.dispatch(.increment)
    debugLog.remove()
    #expect(!debugLog.isActive)
    #expect(store.getState() == 1)
  }

  @Test func atAPlaceInTheChain() {
    let features = DynamicMiddleware<Int, CounterAction>()
    let store = createStore(
      reducer: counterReducer, initialState: 0,
      enhancer: applyMiddleware(features.middleware, .logging(label: "app")))
    features.add(.logging(label: "feature"))  // runs before "app", from the next action on
    store.dispatch(.increment)
    #expect(store.getState() == 1)
  }
}
