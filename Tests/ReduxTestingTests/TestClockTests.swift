import Clocks
import EffectStore
import ReduxTesting
import Testing

/// A timer whose work between two ticks takes many steps (hops to other executors, awaits) before
/// it sleeps again, as an effect that loads something before waiting does.
struct SlowTimer: Reducer {
  struct State: Equatable { var ticks = 0 }
  enum Action: Equatable {
    case start
    case tick
  }
  let clock: any Clock<Duration>
  let stepsBetweenTicks: Int

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return .run { [clock, stepsBetweenTicks] send in
        while !Task.isCancelled {
          try? await clock.sleep(for: .seconds(1))
          await send(.tick)
          for _ in 0..<stepsBetweenTicks { await Task.yield() }
        }
      }
    case .tick:
      state.ticks += 1
      return .none
    }
  }
}

@MainActor
@Suite struct TestClockTests {
  /// ReduxTesting's `TestClock` lets woken work reach its next sleep before it moves on, however
  /// many steps that takes: every tick of a 3-second advance arrives.
  @Test func everyTickArrivesWhenWokenWorkTakesManySteps() async {
    let clock = ReduxTesting.TestClock()
    let store = FeatureTestStore(
      initialState: SlowTimer.State(), reducer: SlowTimer(clock: clock, stepsBetweenTicks: 100))
    store.exhaustivity = .off
    await store.send(.start)
    await clock.advance(by: .seconds(3))
    // The ticks' 300 steps run beside the whole suite, under the thread sanitizer too: a longer
    // wait than the default second, which a tick that never comes still fails.
    await store.receive(.tick, timeout: .seconds(30))
    await store.receive(.tick, timeout: .seconds(30))
    await store.receive(.tick, timeout: .seconds(30)) { $0.ticks = 3 }
    await store.finish()
  }

  /// swift-clocks' `ImmediateClock` never waits: an effect that sleeps on it sends at once.
  @Test func swiftClocksImmediateClockDrivesEffectsUnderATestStore() async {
    let store = FeatureTestStore(
      initialState: SlowTimer.State(), reducer: SlowTimer(clock: ImmediateClock(), stepsBetweenTicks: 0))
    await store.send(.start)
    await store.receive(.tick) { $0.ticks = 1 }
    await store.receive(.tick) { $0.ticks = 2 }
    store.exhaustivity = .off
    await store.finish()
  }
}
