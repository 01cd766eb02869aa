import EffectStore
import Observation
import ReduxTesting
import Testing

@MainActor
@Suite struct EffectTests {
  @Test func aReducerChangesTheStateAndNoneDoesNothing() async {
    let store = FeatureTestStore(initialState: CounterState(), reducer: Counter())
    let task = await store.send(.increment) { $0.count = 1 }
    #expect(!task.hasWork)
    await store.finish()
  }

  @Test func sendEffectsAreQueuedAndRunBeforeSendReturns() async {
    let store = FeatureTestStore(initialState: CounterState(), reducer: Counter())
    await store.send(.incrementThenAddTen)
    // Both follow-ups ran before send returned; the test store shows them as they are received.
    #expect(store.state.count == 0)
    await store.receive(.increment) { $0.count = 1 }
    await store.receive(.add(10)) { $0.count = 11 }
    await store.finish()
  }

  @Test func runEffectsSendBackAndCanBeAwaited() async {
    let store = FeatureTestStore(initialState: CounterState(), reducer: Counter())
    let task = await store.send(.incrementTwiceLater)
    #expect(task.hasWork)
    await store.receive(.increment) { $0.count = 1 }
    await store.receive(.increment) { $0.count = 2 }
    await store.finish()
  }

  @Test func runAtAPriorityRunsAtItAndCatchesWhatItThrows() async {
    let reducer = Reduce<CounterState, CounterAction> { state, action in
      switch action {
      case .fetch:
        return .run(priority: .background) { send in
          await send(.fetched(Task.currentPriority == .background ? 1 : 0))
        }
      case .failing:
        return .run(priority: .high) { _ in
          throw Failure()
        } catch: { error, send in
          await send(.failed("\(error)"))
        }
      default:
        return Counter().reduce(into: &state, action: action)
      }
    }
    let store = FeatureTestStore(initialState: CounterState(), reducer: reducer)
    await store.send(.fetch(0))
    await store.receive(.fetched(1)) { $0.log = ["fetched 1"] }
    await store.send(.failing)
    await store.receive(.failed("boom")) { $0.log.append("failed: boom") }
    await store.finish()
  }

  @Test func mergeStartsEverything() async {
    let reducer = Reduce<CounterState, CounterAction> { state, action in
      guard action == .add(0) else { return Counter().reduce(into: &state, action: action) }
      return .merge(.send(.increment), .run { send in await send(.add(5)) }, .none)
    }
    let store = FeatureTestStore(initialState: CounterState(), reducer: reducer)
    await store.send(.add(0))
    await store.receive(.increment) { $0.count = 1 }
    await store.receive(.add(5)) { $0.count = 6 }
    await store.finish()
  }

  @Test func concatenateWaitsForEachStep() async {
    let reducer = Reduce<CounterState, CounterAction> { state, action in
      guard action == .add(0) else { return Counter().reduce(into: &state, action: action) }
      return .concatenate(
        .run { send in
          await Task.yield()
          await send(.add(1))
        },
        .send(.add(100)))
    }
    let store = FeatureTestStore(initialState: CounterState(), reducer: reducer)
    await store.send(.add(0))
    await store.receive(.add(1)) { $0.count = 1 }
    await store.receive(.add(100)) { $0.count = 101 }
    await store.finish()
  }

  @Test func cancelStopsWorkMarkedWithTheId() async {
    let store = FeatureTestStore(initialState: CounterState(), reducer: Counter())
    await store.send(.startWaiting)
    #expect(store.store.runningEffectCount == 1)
    await store.send(.stopWaiting)
    await store.finish()
  }

  @Test func cancelInFlightLetsTheLatestRequestWin() async {
    let store = FeatureTestStore(initialState: CounterState(), reducer: Counter())
    await store.send(.fetch(-1)) { $0.log = ["fetch -1"] }  // would wait until cancelled
    await store.send(.fetch(2)) { $0.log.append("fetch 2") }
    await store.receive(.fetched(2)) { $0.log.append("fetched 2") }
    await store.finish()
  }

  @Test func errorsGoToTheCatchHandler() async {
    let store = FeatureTestStore(initialState: CounterState(), reducer: Counter())
    await store.send(.failing)
    await store.receive(.failed("boom")) { $0.log = ["failed: boom"] }
    await store.finish()
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

@MainActor
@Suite struct DisposeTests {
  /// A disposed feature store cancels its running effects: what they would send never arrives.
  @Test func disposeCancelsRunningEffects() async {
    let store = FeatureStore(
      initialState: 0,
      reducer: Reduce<Int, Bool> { state, later in
        guard later else {
          state += 1
          return .none
        }
        return .run { send in
          try? await Task.sleep(for: .seconds(30))
          await send(false)
        }
      })
    store.send(true)
    #expect(store.runningEffectCount == 1)
    store.dispose()
    #expect(store.runningEffectCount == 0)
    store.send(false)  // dropped
    #expect(store.state == 0)
  }
}
