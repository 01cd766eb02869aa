import ReduxCore
import Testing

/// What a middleware's functions hold: the test watches it weakly to see when they go.
@MainActor
final class Lifeline {
  let log: Log<String>
  init(_ log: Log<String>) { self.log = log }
}

/// The chain a dispatch runs through can be replaced by a subscriber while the action is still in
/// it (a sign-out disposing of the store, a middleware removed); the store does not hold the
/// chain it calls, so these check that the replaced chain lives until the action is out of it.
@MainActor
@Suite struct ChainReplacedDuringDispatchTests {
  /// A middleware that holds `lifeline` and logs around `next`.
  func holding(_ lifeline: Lifeline) -> Middleware<Counter, CounterAction> {
    Middleware { _, action, next in
      lifeline.log.append("before \(action)")
      next(action)
      lifeline.log.append("after \(action)")
    }
  }

  @Test func disposingFromASubscriberKeepsTheChainUntilTheActionIsOutOfIt() {
    let log = Log<String>()
    var lifeline: Lifeline? = Lifeline(log)
    weak let watched = lifeline
    let store = makeCounterStore(middlewares: [holding(lifeline!)])
    lifeline = nil
    let engine = store.engine
    _ = engine.addSubscriber { [engine] state in
      log.append("told \(state.count), chain held: \(watched != nil)")
      if state.count == 1 { engine.dispose() }
    }
    store.dispatch(.increment)
    #expect(log.entries == ["before increment", "told 1, chain held: true", "after increment"])
    #expect(watched == nil, "the disposed chain went with the end of the action")
    store.dispatch(.increment)
    #expect(store.engine.untrackedState.count == 1, "dropped after dispose")
  }

  @Test func aMiddlewareRemovedFromASubscriberFinishesItsActionAndIsThenReleased() {
    let log = Log<String>()
    var lifeline: Lifeline? = Lifeline(log)
    weak let watched = lifeline
    let store = makeCounterStore()
    var handle: AddedMiddleware? = store.engine.addMiddleware(holding(lifeline!))
    lifeline = nil
    _ = store.engine.addSubscriber { state in
      log.append("told \(state.count)")
      if state.count == 1 {
        handle?.remove()
        handle = nil
      }
    }
    store.dispatch(.increment)
    #expect(log.entries == ["before increment", "told 1", "after increment"])
    #expect(watched == nil, "the removed middleware went with the end of the action")
    store.dispatch(.add(5))
    #expect(log.entries == ["before increment", "told 1", "after increment", "told 6"])
  }

  @Test func aChainReplacedOutsideADispatchIsReleasedAtOnce() {
    let log = Log<String>()
    var lifeline: Lifeline? = Lifeline(log)
    weak let watched = lifeline
    let store = makeCounterStore()
    let handle = store.engine.addMiddleware(holding(lifeline!))
    lifeline = nil
    store.dispatch(.increment)
    #expect(watched != nil)
    handle.remove()
    #expect(watched == nil)
    #expect(log.entries == ["before increment", "after increment"])
  }
}
