import EffectStore
import Foundation
import ReduxTesting
import Testing

// TCA's EffectRunTests and EffectTests, with their actions and assertions, run through a test
// store: `.run` and its `catch:`, an error nothing handles (reported), cancellation from inside
// the work, concatenation and merging on a clock, and dependencies carried into effects.

private enum RunCancelID: Hashable, Sendable { case response }
private struct RunFailure: Error {}

@MainActor
@Suite struct EffectRunPortTests {
  /// TCA's `testRun`.
  @Test func aRunSendsItsAction() async {
    enum Action: Equatable, Sendable { case tapped, response }
    let store = FeatureTestStore(initialState: 0) {
      Reduce<Int, Action> { _, action in
        action == .tapped ? .run { send in await send(.response) } : .none
      }
    }
    await store.send(.tapped)
    await store.receive(.response)
  }

  /// TCA's `testRunCatch`.
  @Test func aThrownErrorGoesToCatch() async {
    enum Action: Equatable, Sendable { case tapped, response }
    let store = FeatureTestStore(initialState: 0) {
      Reduce<Int, Action> { _, action in
        guard action == .tapped else { return .none }
        return .run { _ in
          throw RunFailure()
        } catch: { _, send in
          await send(.response)
        }
      }
    }
    await store.send(.tapped)
    await store.receive(.response)
  }

  /// TCA's `testRunUnhandledFailure`: an error nothing handles is reported, once.
  @Test func anErrorNothingHandlesIsReported() async {
    let failures = await failuresReported {
      let store = FeatureTestStore(initialState: 0) {
        Reduce<Int, Void> { _, _ in .run { _ in throw RunFailure() } }
      }
      await store.send(()).finish(timeout: .seconds(60))
    }
    #expect(failures.count == 1, "\(failures)")
    #expect(failures.first?.description.contains("RunFailure()") == true, "\(failures)")
  }

  /// TCA's `testRunCancellation` and `testRunCancellationCatch`: work that cancels its own id
  /// ends without sending, and a cancellation is not an error for `catch:`.
  @Test func workThatCancelsItsOwnIDEndsWithoutSending() async {
    enum Action: Equatable, Sendable { case tapped, responseA, responseB }
    let store = FeatureTestStore(initialState: 0) {
      Reduce<Int, Action> { _, action in
        guard action == .tapped else { return .none }
        return .merge(
          .run { send in
            await Task.cancel(id: RunCancelID.response)
            try Task.checkCancellation()
            await send(.responseA)
          }
          .cancellable(id: RunCancelID.response),
          .run { send in
            await Task.cancel(id: 2)
            try Task.checkCancellation()
            await send(.responseA)
          } catch: { _, send in
            await send(.responseB)
          }
          .cancellable(id: 2))
      }
    }
    await store.send(.tapped).finish()
  }

  /// TCA's `testConcatenate` and `testMerge`, in a store on a test clock.
  @Test func concatenatedWorkRunsInTurnAndMergedWorkAtOnce() async {
    enum Action: Equatable, Sendable { case concatenate, merge, value(Int) }
    let clock = TestClock()
    let store = FeatureTestStore(initialState: [Int]()) {
      Reduce<[Int], Action> { state, action in
        let runs: [Effect<Action>] = (1...3).map { count in
          .run { send in
            try await clock.sleep(for: .seconds(count))
            await send(.value(count))
          }
        }
        switch action {
        case .concatenate: return .concatenate(runs)
        case .merge: return .merge(runs)
        case .value(let value):
          state.append(value)
          return .none
        }
      }
    }
    await store.send(.concatenate)
    await clock.advance(by: .seconds(1))
    await store.receive(.value(1)) { $0 = [1] }
    await clock.advance(by: .seconds(2))
    await store.receive(.value(2)) { $0 = [1, 2] }
    await clock.advance(by: .seconds(3))
    await store.receive(.value(3)) { $0 = [1, 2, 3] }

    await store.send(.merge)
    await clock.advance(by: .seconds(1))
    await store.receive(.value(1)) { $0 = [1, 2, 3, 1] }
    await clock.advance(by: .seconds(1))
    await store.receive(.value(2)) { $0 = [1, 2, 3, 1, 2] }
    await clock.advance(by: .seconds(1))
    await store.receive(.value(3)) { $0 = [1, 2, 3, 1, 2, 3] }
  }

  /// TCA's `testDoubleCancelInFlight`.
  @Test func anEffectCancellableTwiceUnderOneIDStillRuns() async {
    enum Action: Equatable, Sendable { case tap, response(Int) }
    let store = FeatureTestStore(initialState: 0) {
      Reduce<Int, Action> { state, action in
        switch action {
        case .tap:
          return .run { send in await send(.response(42)) }
            .cancellable(id: "id", cancelInFlight: true)
            .cancellable(id: "id", cancelInFlight: true)
        case .response(let value):
          state = value
          return .none
        }
      }
    }
    await store.send(.tap)
    await store.receive(.response(42)) { $0 = 42 }
  }

  /// TCA's `testDependenciesTransferredToEffects_Run`.
  @Test func aFeaturesDependencyReachesItsEffects() async {
    enum Action: Equatable, Sendable { case tap, response(Int) }
    struct Stamp: Reducer {
      @Dependency(\.date) var date
      func reduce(into state: inout Int, action: Action) -> Effect<Action> {
        switch action {
        case .tap:
          return .run { send in await send(.response(Int(date().timeIntervalSinceReferenceDate))) }
        case .response(let value):
          state = value
          return .none
        }
      }
    }
    let store = FeatureTestStore(initialState: 0) {
      Stamp().dependency(\.date, .constant(Date(timeIntervalSinceReferenceDate: 1_234_567_890)))
    }
    await store.send(.tap).finish(timeout: .seconds(60))
    await store.receive(.response(1_234_567_890)) { $0 = 1_234_567_890 }
  }

  /// TCA's `TestStoreTask.finish(timeout:)`: work still running after the timeout is reported.
  @Test func finishingWithATimeoutReportsWorkStillRunning() async {
    let failures = await failuresReported {
      let store = FeatureTestStore(initialState: 0) {
        Reduce<Int, Void> { _, _ in .run { _ in try await Task.sleep(for: .seconds(1_000)) } }
      }
      store.exhaustivity = .off
      await store.send(()).finish(timeout: .milliseconds(50))
    }
    #expect(failures.count == 1, "\(failures)")
    #expect(failures.first?.description.contains("still running after") == true, "\(failures)")
  }
}
