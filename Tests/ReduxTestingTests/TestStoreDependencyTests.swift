import EffectStore
import Foundation
import ReduxTesting
import Testing

// TCA's TestStoreTests on dependencies and helpers: the test's dependencies apply while the
// initial state is made and inside assertion closures; `assert` checks the state without an
// action; `skipReceivedActions(strict:)`.

private struct Stamped: Reducer {
  struct State: Equatable, Sendable {
    var created = DependencyValues.current.date.now
    var edited: Date?
    var count = 0
  }
  enum Action: Equatable, Sendable { case edit, increment, incrementLater }

  @Dependency(\.date) var date

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .edit:
      state.edited = date.now
      return .none
    case .increment:
      state.count += 1
      return .none
    case .incrementLater:
      return .run { send in await send(.increment) }
    }
  }
}

private let noon = Date(timeIntervalSince1970: 43_200)

@MainActor
@Suite struct TestStoreDependencyTests {
  @Test func theInitialStateIsMadeWithTheTestsDependencies() async {
    let store = FeatureTestStore(initialState: Stamped.State(), dependencies: { $0.date = .constant(noon) }) {
      Stamped()
    }
    #expect(store.state.created == noon)
    await store.finish()
  }

  @Test func anAssertionClosureRunsWithTheTestsDependencies() async {
    let store = FeatureTestStore(initialState: Stamped.State(), dependencies: { $0.date = .constant(noon) }) {
      Stamped()
    }
    await store.send(.edit) { $0.edited = DependencyValues.current.date.now }
    await store.finish()
  }

  @Test func assertChecksTheStateWithoutAnAction() async {
    let store = FeatureTestStore(initialState: Stamped.State(), dependencies: { $0.date = .constant(noon) }) {
      Stamped()
    }
    store.exhaustivity = .off(showSkipped: false)
    await store.send(.increment)
    store.assert { $0.count = 1 }
    let failures = await failuresReported { store.assert { $0.count = 2 } }
    #expect(failures.count == 1 && failures[0].description.contains("assert"))
    await store.finish()
  }

  @Test func skipReceivedActionsWaitsForWhatARunningEffectIsSending() async {
    let store = FeatureTestStore(initialState: Stamped.State(), dependencies: { $0.date = .constant(noon) }) {
      Stamped()
    }
    await store.send(.incrementLater)
    await store.skipReceivedActions()
    #expect(store.state.count == 1)
    await store.finish()
  }

  @Test func skipReceivedActionsIsStrictByDefault() async {
    let store = FeatureTestStore(initialState: Stamped.State(), dependencies: { $0.date = .constant(noon) }) {
      Stamped()
    }
    let failures = await failuresReported { await store.skipReceivedActions() }
    #expect(failures.count == 1 && failures[0].description.contains("no received actions to skip"))
    await store.skipReceivedActions(strict: false)
    await store.finish()
  }
}

/// A timer that ticks every second until cancelled.
private struct Ticking: Reducer {
  struct State: Equatable, Sendable { var ticks = 0 }
  enum Action: Equatable, Sendable { case start, tick }
  enum CancelID: Hashable, Sendable { case timer }

  let clock: any Clock<Duration>

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start: return .timer(id: CancelID.timer, every: .seconds(1), clock: clock, send: .tick)
    case .tick:
      state.ticks += 1
      return .none
    }
  }
}

/// TCA's `skipInFlightEffects`: the test no longer waits for the effects running now.
@MainActor
@Suite struct SkipInFlightEffectsTests {
  @Test func aSkippedEffectNeedNotEndButWhatItSendsIsReceived() async {
    let clock = TestClock()
    let store = FeatureTestStore(initialState: Ticking.State()) { Ticking(clock: clock) }
    await store.send(.start)
    store.skipInFlightEffects()
    await clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0.ticks = 1 }
    await store.finish()
  }

  @Test func skippingWithNothingInFlightIsStrictByDefault() async {
    let store = FeatureTestStore(initialState: Ticking.State()) { Ticking(clock: TestClock()) }
    let failures = await failuresReported { store.skipInFlightEffects() }
    #expect(failures.count == 1 && failures[0].description.contains("no effects in flight"))
    store.skipInFlightEffects(strict: false)
    await store.finish()
  }
}
