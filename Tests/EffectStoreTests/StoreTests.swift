import EffectStore
import Observation
import Testing

@MainActor
@Suite struct EffectTests {
  @Test func aReducerChangesTheStateAndNoneDoesNothing() {
    let store = FeatureStore(initialState: CounterState(), reducer: Counter())
    let task = store.send(.increment)
    #expect(store.state.count == 1)
    #expect(!task.hasWork)
  }

  @Test func sendEffectsAreQueuedAndRunBeforeSendReturns() {
    let store = FeatureStore(initialState: CounterState(), reducer: Counter())
    let seen = Log<Int>()
    let token = store.subscribe(\.count) { seen.append($0) }
    store.send(.incrementThenAddTen)
    #expect(store.state.count == 11)
    #expect(seen.entries == [1, 11])
    _ = token
  }

  @Test func runEffectsSendBackAndCanBeAwaited() async {
    let store = FeatureStore(initialState: CounterState(), reducer: Counter())
    let task = store.send(.incrementTwiceLater)
    #expect(task.hasWork)
    await task.finish()
    #expect(store.state.count == 2)
  }

  @Test func mergeStartsEverything() async {
    let reducer = Reduce<CounterState, CounterAction> { state, action in
      guard action == .add(0) else { return Counter().reduce(into: &state, action: action) }
      return .merge(.send(.increment), .run { send in await send(.add(5)) }, .none)
    }
    let store = FeatureStore(initialState: CounterState(), reducer: reducer)
    await store.send(.add(0)).finish()
    #expect(store.state.count == 6)
  }

  @Test func concatenateWaitsForEachStep() async {
    let order = Log<String>()
    let reducer = Reduce<CounterState, CounterAction> { state, action in
      switch action {
      case .add(0):
        return .concatenate(
          .run { send in
            await Task.yield()
            await send(.add(1))
          },
          .send(.add(100)))
      case .add(let amount):
        state.count += amount
        MainActor.assumeIsolated { order.append("add \(amount)") }
        return .none
      default: return .none
      }
    }
    let store = FeatureStore(initialState: CounterState(), reducer: reducer)
    await store.send(.add(0)).finish()
    #expect(order.entries == ["add 1", "add 100"])
  }

  @Test func cancelStopsWorkMarkedWithTheId() async {
    let store = FeatureStore(initialState: CounterState(), reducer: Counter())
    let waiting = store.send(.startWaiting)
    #expect(store.runningEffectCount == 1)
    store.send(.stopWaiting)
    await waiting.finish()
    #expect(store.state.log.isEmpty)
  }

  @Test func cancelInFlightLetsTheLatestRequestWin() async {
    let store = FeatureStore(initialState: CounterState(), reducer: Counter())
    let first = store.send(.fetch(-1))  // would wait until cancelled
    let second = store.send(.fetch(2))
    await first.finish()
    await second.finish()
    #expect(store.state.log == ["fetch -1", "fetch 2", "fetched 2"])
  }

  @Test func errorsGoToTheCatchHandler() async {
    let store = FeatureStore(initialState: CounterState(), reducer: Counter())
    await store.send(.failing).finish()
    #expect(store.state.log == ["failed: boom"])
  }

  @Test func theReducerCanBeBuiltByATrailingClosure() {
    let store = FeatureStore(initialState: CounterState(), initialAction: .add(2)) { Counter() }
    store.send(.increment)
    #expect(store.state.count == 3)
  }

  @Test func theInitialActionIsSentAtCreation() {
    let store = FeatureStore(initialState: CounterState(), reducer: Counter(), initialAction: .add(7))
    #expect(store.state.count == 7)
  }

  @Test func middlewaresSeeTheActionsEffectsSend() async {
    let log = Log<CounterAction>()
    let recorder = Middleware<CounterState, CounterAction> { _, action, next in
      log.append(action)
      next(action)
    }
    let store = FeatureStore(initialState: CounterState(), reducer: Counter(), middlewares: [recorder])
    await store.send(.incrementTwiceLater).finish()
    store.send(.incrementThenAddTen)
    #expect(
      log.entries == [
        .incrementTwiceLater, .increment, .increment, .incrementThenAddTen, .increment, .add(10),
      ])
  }

  @Test func releasingTheStoreCancelsItsEffects() async {
    var store: FeatureStore<CounterState, CounterAction>? = FeatureStore(
      initialState: CounterState(), reducer: Counter())
    weak let weakStore = store
    let waiting = store?.send(.startWaiting)
    store = nil
    #expect(weakStore == nil)
    await waiting?.finish()
  }

  @Test func theStoreIsObservable() {
    let store = FeatureStore(initialState: CounterState(), reducer: Counter())
    let changes = Log<Int>()
    withObservationTracking {
      _ = store.state.count
    } onChange: {
      MainActor.assumeIsolated { changes.append(1) }
    }
    store.send(.increment)
    #expect(changes.entries.count == 1)
  }

  @Test func sendingFromAReducerIsReported() async {
    await #expect(processExitsWith: .failure) {
      await MainActor.run {
        var store: FeatureStore<CounterState, CounterAction>?
        store = FeatureStore(
          initialState: CounterState(),
          reducer: Reduce { state, _ in
            state.count += 1
            MainActor.assumeIsolated { _ = store?.send(.increment) }
            return .none
          })
        store?.send(.increment)
      }
    }
  }
}
