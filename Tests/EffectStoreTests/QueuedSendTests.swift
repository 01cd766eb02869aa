import EffectStore
import Testing

/// A `send` made while the store is busy with another action is queued; its task still tracks
/// the work of that action.
@MainActor
@Suite struct QueuedSendTests {
  @Test func aTaskOfASendFromASubscriberWaitsForThatActionsWork() async {
    let store = FeatureStore(initialState: CounterState(), reducer: Counter())
    var queuedTask: StoreTask?
    let token = store.subscribe(\.count) { [unowned store] count in
      if count == 1 { queuedTask = store.send(.incrementTwiceLater) }
    }
    store.send(.increment)
    #expect(queuedTask?.hasWork == true)
    await queuedTask?.finish()
    #expect(store.count == 3)
    _ = token
  }

  @Test func aQueuedActionWithoutWorkGivesATaskThatFinishesAtOnce() async {
    let store = FeatureStore(initialState: CounterState(), reducer: Counter())
    var queuedTask: StoreTask?
    let token = store.subscribe(\.count) { [unowned store] count in
      if count == 1 { queuedTask = store.send(.add(5)) }
    }
    store.send(.increment)
    await queuedTask?.finish()
    #expect(store.count == 6)
    #expect(store.runningEffectCount == 0)
    _ = token
  }

  @Test func aQueuedActionThatAMiddlewareDropsGivesAnEmptyTask() async {
    let dropFetches = Middleware<CounterState, CounterAction> { _, action, next in
      if case .incrementTwiceLater = action { return }
      next(action)
    }
    let store = FeatureStore(initialState: CounterState(), reducer: Counter(), middlewares: [dropFetches])
    var queuedTask: StoreTask?
    let token = store.subscribe(\.count) { [unowned store] count in
      if count == 1 { queuedTask = store.send(.incrementTwiceLater) }
    }
    store.send(.increment)
    store.send(.increment)
    await queuedTask?.finish()
    #expect(store.count == 2)
    _ = token
  }

  @Test(.timeLimit(.minutes(1)))
  func cancellingAQueuedSendsTaskBeforeItRunsCancelsItsWork() async {
    let store = FeatureStore(initialState: CounterState(), reducer: Counter())
    var queuedTask: StoreTask?
    let token = store.subscribe(\.count) { [unowned store] count in
      if count == 1 {
        queuedTask = store.send(.fetch(-1))
        queuedTask?.cancel()
      }
    }
    store.send(.increment)
    await queuedTask?.finish()
    #expect(store.log == ["fetch -1"])
    _ = token
  }
}
