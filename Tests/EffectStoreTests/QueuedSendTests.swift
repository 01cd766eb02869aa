import EffectStore
import ReduxTesting
import Testing

/// A `send` made while the store is busy with another action is queued; its task still tracks
/// the work of that action.
@MainActor
@Suite struct QueuedSendTests {
  @Test func aTaskOfASendFromASubscriberWaitsForThatActionsWork() async {
    let store = FeatureTestStore(initialState: CounterState(), reducer: Counter())
    var queuedTask: StoreTask?
    let token = store.store.subscribe(\.count) { [unowned store] count in
      if count == 1 { queuedTask = store.store.send(.incrementTwiceLater) }
    }
    await store.send(.increment) { $0.count = 1 }
    await store.receive(.incrementTwiceLater)
    await queuedTask?.finish()  // both follow-ups have reached the reducer now
    #expect(store.store.state.count == 3)
    await store.receive(.increment) { $0.count = 2 }
    await store.receive(.increment) { $0.count = 3 }
    await store.finish()
    _ = token
  }

  @Test func aQueuedActionWithoutWorkGivesATaskThatFinishesAtOnce() async {
    let store = FeatureTestStore(initialState: CounterState(), reducer: Counter())
    var queuedTask: StoreTask?
    let token = store.store.subscribe(\.count) { [unowned store] count in
      if count == 1 { queuedTask = store.store.send(.add(5)) }
    }
    await store.send(.increment) { $0.count = 1 }
    await store.receive(.add(5)) { $0.count = 6 }
    #expect(queuedTask?.hasWork == true)
    await queuedTask?.finish()
    await store.finish()
    _ = token
  }

  @Test func aQueuedActionThatAMiddlewareDropsGivesAnEmptyTask() async {
    let dropFetches = Middleware<CounterState, CounterAction> { _, action, next in
      if case .incrementTwiceLater = action { return }
      next(action)
    }
    let store = FeatureTestStore(initialState: CounterState(), reducer: Counter(), middlewares: [dropFetches])
    var queuedTask: StoreTask?
    let token = store.store.subscribe(\.count) { [unowned store] count in
      if count == 1 { queuedTask = store.store.send(.incrementTwiceLater) }
    }
    await store.send(.increment) { $0.count = 1 }
    await store.send(.increment) { $0.count = 2 }
    await queuedTask?.finish()
    await store.finish()  // the dropped action never reached the reducer
    _ = token
  }

  @Test(.timeLimit(.minutes(1)))
  func cancellingAQueuedSendsTaskBeforeItRunsCancelsItsWork() async {
    let store = FeatureTestStore(initialState: CounterState(), reducer: Counter())
    var queuedTask: StoreTask?
    let token = store.store.subscribe(\.count) { [unowned store] count in
      if count == 1 {
        queuedTask = store.store.send(.fetch(-1))
        queuedTask?.cancel()
      }
    }
    await store.send(.increment) { $0.count = 1 }
    await store.receive(.fetch(-1)) { $0.log = ["fetch -1"] }
    await queuedTask?.finish()  // it would never end uncancelled
    await store.finish()
    _ = token
  }
}
