import EffectStore
import ReduxTesting
import Testing

// Throttle: at most one start per interval under an id, the first at once, then the first or
// the latest held one when the interval ends; driven by a test clock.

/// A counter that reports its count, throttled.
private struct Reporter: Reducer {
  struct State: Equatable, Sendable {
    var count = 0
    var reported: [Int] = []
  }
  enum Action: Equatable, Sendable {
    case increment, stopReporting
    case report(Int)
  }
  enum CancelID: Hashable, Sendable { case report }

  let clock: any Clock<Duration>
  let latest: Bool

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment:
      state.count += 1
      return .send(.report(state.count))
        .throttle(id: CancelID.report, for: .seconds(1), clock: clock, latest: latest)
    case .stopReporting:
      return .cancel(id: CancelID.report)
    case .report(let count):
      state.reported.append(count)
      return .none
    }
  }
}

@MainActor
@Suite struct ThrottleTests {
  @Test func theFirstStartsAtOnceAndTheLatestWhenTheIntervalEnds() async {
    let clock = TestClock()
    let store = FeatureTestStore(initialState: Reporter.State()) { Reporter(clock: clock, latest: true) }
    await store.send(.increment) { $0.count = 1 }
    await store.receive(.report(1)) { $0.reported = [1] }
    await clock.advance(by: .milliseconds(200))
    await store.send(.increment) { $0.count = 2 }
    await store.send(.increment) { $0.count = 3 }
    await clock.advance(by: .milliseconds(800))  // the interval ends: the latest
    await store.receive(.report(3)) { $0.reported = [1, 3] }
    await clock.advance(by: .seconds(1))  // an interval with nothing held closes
    await store.send(.increment) { $0.count = 4 }  // so the next starts at once
    await store.receive(.report(4)) { $0.reported = [1, 3, 4] }
    await clock.advance(by: .seconds(1))
    await store.finish()
  }

  @Test func withoutLatestTheFirstHeldOneStarts() async {
    let clock = TestClock()
    let store = FeatureTestStore(initialState: Reporter.State()) { Reporter(clock: clock, latest: false) }
    await store.send(.increment) { $0.count = 1 }
    await store.receive(.report(1)) { $0.reported = [1] }
    await store.send(.increment) { $0.count = 2 }
    await store.send(.increment) { $0.count = 3 }
    await clock.advance(by: .seconds(1))
    await store.receive(.report(2)) { $0.reported = [1, 2] }
    await clock.advance(by: .seconds(1))
    await store.finish()
  }

  @Test func cancellingEndsTheIntervalAndDropsWhatWaits() async {
    let clock = TestClock()
    let store = FeatureTestStore(initialState: Reporter.State()) { Reporter(clock: clock, latest: true) }
    await store.send(.increment) { $0.count = 1 }
    await store.receive(.report(1)) { $0.reported = [1] }
    await store.send(.increment) { $0.count = 2 }
    await store.send(.stopReporting)
    await clock.advance(by: .seconds(5))  // nothing held any more
    await store.send(.increment) { $0.count = 3 }  // a new interval: at once
    await store.receive(.report(3)) { $0.reported = [1, 3] }
    await clock.advance(by: .seconds(1))
    await store.finish()
  }

  @Test func tenTapsASecondStartTenTimesLess() async {
    let clock = TestClock()
    let store = FeatureStore(initialState: Reporter.State()) { Reporter(clock: clock, latest: true) }
    for _ in 0..<50 {
      store.send(.increment)
      await clock.advance(by: .milliseconds(100))
    }
    await clock.advance(by: .seconds(2))
    #expect(store.state.count == 50)
    #expect(store.state.reported.count <= 6 && store.state.reported.last == 50)
  }
}
