import EffectStore
import ReduxTesting
import Testing

// TCA's EffectThrottleTests, with its feature, taps and assertions, on a test clock: the first
// tap goes out at once, the taps during the second after it are held, and the latest (or the
// first) goes out when the second ends; a tap after it goes out at once.

private struct ThrottleFeature: Reducer {
  struct State: Equatable, Sendable { var count = 0 }
  enum Action: Equatable, Sendable { case tap(Int), throttledResponse(Int) }
  let latest: Bool
  let clock: TestClock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .tap(let value):
      return .send(.throttledResponse(value)).throttle(
        id: "throttle", for: .seconds(1), clock: clock, latest: latest)
    case .throttledResponse(let value):
      state.count = value
      return .none
    }
  }
}

@MainActor
@Suite struct ThrottlePortTests {
  private func tapsDuringTheWindow(latest: Bool) async -> Int {
    let clock = TestClock()
    let store = FeatureTestStore(initialState: ThrottleFeature.State()) {
      ThrottleFeature(latest: latest, clock: clock)
    }
    await store.send(.tap(1))
    await store.receive(.throttledResponse(1)) { $0.count = 1 }
    await store.send(.tap(2))
    await store.skipReceivedActions(strict: false)
    #expect(store.state.count == 1)
    await clock.advance(by: .milliseconds(250))
    await store.skipReceivedActions(strict: false)
    #expect(store.state.count == 1)
    for value in 3...4 {
      await store.send(.tap(value))
      await clock.advance(by: .milliseconds(250))
      await store.skipReceivedActions(strict: false)
      #expect(store.state.count == 1)
    }
    await store.send(.tap(5))
    await clock.advance(by: .milliseconds(250))
    await store.skipReceivedActions()
    await store.finish()
    return store.state.count
  }

  /// TCA's `testThrottleLatest_Publisher` and `testThrottleLatest_Async`.
  @Test func theLatestTapOfTheWindowGoesOutWhenItEnds() async {
    #expect(await tapsDuringTheWindow(latest: true) == 5)
  }

  /// TCA's `testThrottleFirst_Publisher`.
  @Test func theFirstTapOfTheWindowGoesOutWhenItEnds() async {
    #expect(await tapsDuringTheWindow(latest: false) == 2)
  }

  /// TCA's `testThrottleAfterInterval_Publisher` and `testThrottleEmitsFirstValueOnce_Publisher`.
  @Test func aTapAfterTheWindowGoesOutAtOnce() async {
    let clock = TestClock()
    let store = FeatureTestStore(initialState: ThrottleFeature.State()) {
      ThrottleFeature(latest: true, clock: clock)
    }
    await store.send(.tap(1))
    await store.receive(.throttledResponse(1)) { $0.count = 1 }
    await clock.advance(by: .seconds(1))
    await store.send(.tap(2))
    await store.receive(.throttledResponse(2)) { $0.count = 2 }
    await clock.advance(by: .seconds(1))
  }
}
