import FunctionalStore
import ReduxTesting
import Testing

/// Redux Toolkit's `autoBatchEnhancer.test.ts`, ported: a counter slice with a low-priority
/// (batched) increment and a normal decrement, and a listener that counts its calls; each test
/// runs with every timing. RTK's `raf` has no Swift equivalent (a display link is a `.custom`
/// wait); its fake-timer variants are the `TestClock` test below.
@MainActor @Suite struct AutoBatchEnhancerPortTests {
  struct CounterState: Equatable, Sendable { var value = 0 }
  enum Counter {
    static let slice = StateSlice<CounterState>(name: "counter")
    static let incrementBatched = slice.caseReducer("incrementBatched") { state in state.value += 1 }
    static let decrementUnbatched = slice.caseReducer("decrementUnbatched") { state in state.value -= 1 }
  }

  nonisolated static let timings: [(String, NotificationBatchTiming)] = [
    ("tick", .tick),
    ("timer 0", .timer(.zero)),
    ("timer 10 ms", .timer(.milliseconds(10))),
    ("timer 20 ms", .timer(.milliseconds(20))),
    ("custom 5 ms", .custom { try? await Task.sleep(for: .milliseconds(5)) }),
  ]

  /// A store with the enhancer and a listener counting its calls.
  func makeStore(_ timing: NotificationBatchTiming) -> (ReduxStore<CounterState, PayloadAction>, Count) {
    let store = createStore(
      reducer: Counter.slice.reducer, initialState: CounterState(),
      enhancer: autoBatchEnhancer(after: timing, isLowPriority: isAnyOf(Counter.incrementBatched).matches))
    let notifications = Count()
    store.listen { notifications.count += 1 }
    return (store, notifications)
  }

  final class Count { var count = 0 }

  /// Gives queued work a moment to run: long enough for a wrong extra notification to show.
  func settle() async {
    try? await Task.sleep(for: .milliseconds(40))
  }

  @Test(arguments: timings.indices)
  func doesNotAlterNormalSubscriptionNotificationBehavior(timing: Int) async {
    let (store, notifications) = makeStore(Self.timings[timing].1)
    store.dispatch(Counter.decrementUnbatched())
    #expect(notifications.count == 1)
    store.dispatch(Counter.decrementUnbatched())
    #expect(notifications.count == 2)
    store.dispatch(Counter.decrementUnbatched())
    #expect(notifications.count == 3)
    store.dispatch(Counter.decrementUnbatched())
    await settle()
    #expect(notifications.count == 4)
  }

  @Test(arguments: timings.indices)
  func onlyNotifiesOnceIfSeveralBatchedActionsAreDispatchedInARow(timing: Int) async {
    let (store, notifications) = makeStore(Self.timings[timing].1)
    store.dispatch(Counter.incrementBatched())
    #expect(notifications.count == 0)
    store.dispatch(Counter.incrementBatched())
    #expect(notifications.count == 0)
    store.dispatch(Counter.incrementBatched())
    #expect(notifications.count == 0)
    store.dispatch(Counter.incrementBatched())
    await eventually { notifications.count == 1 }
    #expect(notifications.count == 1)
    await settle()
    #expect(notifications.count == 1)
    #expect(store.state.value == 4)
  }

  @Test(arguments: timings.indices)
  func notifiesImmediatelyIfANonBatchedActionIsDispatched(timing: Int) async {
    let (store, notifications) = makeStore(Self.timings[timing].1)
    store.dispatch(Counter.incrementBatched())
    #expect(notifications.count == 0)
    store.dispatch(Counter.incrementBatched())
    #expect(notifications.count == 0)
    store.dispatch(Counter.decrementUnbatched())
    #expect(notifications.count == 1)
    store.dispatch(Counter.incrementBatched())
    await eventually { notifications.count == 2 }
    #expect(notifications.count == 2)
    await settle()
    #expect(notifications.count == 2)
  }

  @Test(arguments: timings.indices)
  func doesNotNotifyAtEndOfTickIfLastActionWasNormalPriority(timing: Int) async {
    let (store, notifications) = makeStore(Self.timings[timing].1)
    store.dispatch(Counter.incrementBatched())
    #expect(notifications.count == 0)
    store.dispatch(Counter.incrementBatched())
    #expect(notifications.count == 0)
    store.dispatch(Counter.decrementUnbatched())
    #expect(notifications.count == 1)
    store.dispatch(Counter.incrementBatched())
    store.dispatch(Counter.decrementUnbatched())
    #expect(notifications.count == 2)
    store.dispatch(Counter.decrementUnbatched())
    #expect(notifications.count == 3)
    await settle()
    #expect(notifications.count == 3)
    // The queued notification has nothing left to pay; the next burst is told once.
    store.dispatch(Counter.incrementBatched())
    await eventually { notifications.count == 4 }
    #expect(notifications.count == 4)
  }

  /// RTK's fake-timer variant: nothing is told until the clock reaches the window's end.
  @Test func aTimerWaitsOnTheClockItWasGiven() async {
    let clock = TestClock()
    let (store, notifications) = makeStore(.timer(.milliseconds(100), clock: clock))
    store.dispatch(Counter.incrementBatched())
    store.dispatch(Counter.incrementBatched())
    store.dispatch(Counter.incrementBatched())
    await eventually { clock.sleeperCount == 1 }  // the window's wait has begun
    #expect(clock.sleeperCount == 1)
    await clock.advance(by: .milliseconds(99))
    await settle()
    #expect(notifications.count == 0)
    await clock.advance(by: .milliseconds(1))
    await eventually { notifications.count == 1 }
    #expect(notifications.count == 1)
    #expect(store.state.value == 3)
  }

  /// What is held besides listeners: a subscriber of a field is told once, with the burst's
  /// last value, and one that the burst did not change is not told.
  @Test func subscribersOfAFieldAreToldOnceWithTheLastValue() async {
    let (store, _) = makeStore(.tick)
    var values: [Int] = []
    let token = store.subscribe(\.value) { values.append($0) }
    var others: [Bool] = []
    let untouched = store.subscribe({ $0.value > 100 }) { others.append($0) }
    for _ in 0..<100 { store.dispatch(Counter.incrementBatched()) }
    #expect(values.isEmpty)
    await eventually { values == [100] }
    #expect(values == [100])
    #expect(others.isEmpty)
    _ = (token, untouched)
  }

  /// The store held by a queued notification only weakly: one released meanwhile goes.
  @Test func aStoreReleasedWithANotificationOwedGoes() async {
    var (store, _): (ReduxStore<CounterState, PayloadAction>?, Count) = makeStore(.timer(.milliseconds(10)))
    weak let released = store
    store?.dispatch(Counter.incrementBatched())
    store = nil
    #expect(released == nil)
    await settle()
  }
}
