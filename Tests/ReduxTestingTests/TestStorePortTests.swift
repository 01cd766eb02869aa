import EffectStore
import Foundation
import ReduxTesting
import Testing

// TCA's TestStoreTests, with its reducers, actions and assertions: the order of concatenated
// effects' actions, the state a test reads inside and after each assertion, dependencies
// changed midway or written into, and a root feature that dismisses itself.

private struct Client: DependencyKey {
  var fetch: @Sendable () -> Int
  static let liveValue = Client(fetch: { 42 })
}

extension DependencyValues {
  fileprivate var client: Client {
    get { self[Client.self] }
    set { self[Client.self] = newValue }
  }
}

private struct Dismissing: Reducer {
  struct State: Equatable, Sendable {}
  enum Action: Sendable { case dismiss, onTask }
  @Dependency(\.dismiss) var dismiss

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .dismiss: return .run { _ in await dismiss() }
    case .onTask: return .run { _ in try await Task.sleep(for: .seconds(1_000)) }
    }
  }
}

@MainActor
@Suite struct TestStorePortTests {
  /// TCA's `testEffectConcatenation`: actions a received action's concatenation sends come
  /// before the next action of the effect that sent it.
  @Test func concatenatedSendsComeBeforeTheSendersNextAction() async {
    enum Action: Equatable, Sendable { case a, b1, b2, b3, c1, c2, c3, d }
    let clock = TestClock()
    let store = FeatureTestStore(initialState: 0) {
      Reduce<Int, Action> { _, action in
        switch action {
        case .a:
          return .merge(
            .run { send in
              try await clock.sleep(for: .seconds(1))
              await send(.b1)
              await send(.c1)
            },
            .run { _ in try await Task.sleep(for: .seconds(1_000)) }.cancellable(id: 1))
        case .b1: return .concatenate(.send(.b2), .send(.b3))
        case .c1: return .concatenate(.send(.c2), .send(.c3))
        case .b2, .b3, .c2, .c3: return .none
        case .d: return .cancel(id: 1)
        }
      }
    }
    await store.send(.a)
    await clock.advance(by: .seconds(1))
    await store.receive(.b1)
    await store.receive(.b2)
    await store.receive(.b3)
    await store.receive(.c1)
    await store.receive(.c2)
    await store.receive(.c3)
    await store.send(.d)
  }

  /// TCA's `testExpectedStateEquality`: a wrong assertion fails, on a send and on a receive.
  @Test func aWrongAssertionFailsOnSendAndReceive() async {
    struct State: Equatable, Sendable {
      var count = 0
      var isChanging = false
    }
    enum Action: Equatable, Sendable { case increment, changed(from: Int, to: Int) }
    let failures = await failuresReported {
      let store = FeatureTestStore(initialState: State()) {
        Reduce<State, Action> { state, action in
          switch action {
          case .increment:
            state.isChanging = true
            return .send(.changed(from: state.count, to: state.count + 1))
          case .changed(let from, let to):
            state.isChanging = false
            if state.count == from { state.count = to }
            return .none
          }
        }
      }
      await store.send(.increment) { $0.isChanging = true }
      await store.receive(.changed(from: 0, to: 1)) {
        $0.isChanging = false
        $0.count = 1
      }
      await store.send(.increment) { $0.isChanging = false }
      await store.receive(.changed(from: 1, to: 2)) {
        $0.isChanging = true
        $0.count = 1100
      }
    }
    #expect(failures.count == 2, "\(failures)")
  }

  /// TCA's `testStateAccess`: inside an assertion, `state` is the state before the action;
  /// after it, the state the assertion described.
  @Test func stateInsideAndAfterEachAssertion() async {
    enum Action: Sendable { case a, b, c, d }
    let store = FeatureTestStore(initialState: 0) {
      Reduce<Int, Action> { count, action in
        count += 1
        return action == .a ? .merge(.send(.b), .send(.c), .send(.d)) : .none
      }
    }
    await store.send(.a) {
      $0 = 1
      #expect(store.state == 0)
    }
    #expect(store.state == 1)
    await store.receive({ $0 == .b }) {
      $0 = 2
      #expect(store.state == 1)
    }
    #expect(store.state == 2)
    await store.receive({ $0 == .c }) {
      $0 = 3
      #expect(store.state == 2)
    }
    await store.receive({ $0 == .d }) { $0 = 4 }
    #expect(store.state == 4)
  }

  /// TCA's `testOverrideDependenciesOnTestStore_MidwayChange`.
  @Test func aDependencyChangedMidwayAppliesFromTheNextAction() async {
    let store = FeatureTestStore(
      initialState: 0,
      dependencies: { $0.date.now = Date(timeIntervalSince1970: 1_234_567_890) }
    ) {
      Reduce<Int, Void> { state, _ in
        @Dependency(\.date.now) var now
        state = Int(now.timeIntervalSince1970)
        return .none
      }
    }
    await store.send(()) { $0 = 1_234_567_890 }
    store.dependencies.date.now = Date(timeIntervalSince1970: 987_654_321)
    await store.send(()) { $0 = 987_654_321 }
  }

  /// TCA's `testOverrideDependenciesOnTestStore_Init` and `testOverrideDependenciesOnTestStore`:
  /// a dependency written into, at the start or midway, is provided.
  @Test func aDependencyWrittenIntoIsProvided() async {
    let failures = await failuresReported {
      let store = FeatureTestStore(initialState: 0, dependencies: { $0.client.fetch = { 1 } }) {
        Reduce<Int, Bool> { state, action in
          @Dependency(\.client) var client
          state += action ? client.fetch() : -client.fetch()
          return .none
        }
      }
      await store.send(true) { $0 = 1 }
      store.dependencies.client.fetch = { 2 }
      await store.send(true) { $0 = 3 }
    }
    #expect(failures.isEmpty, "\(failures)")
  }

  /// TCA's `testDependenciesEarlyBinding`: the test's dependencies apply in the initial state and
  /// in the assertion closures.
  @Test func theTestsDependenciesApplyInTheInitialStateAndTheAssertions() async {
    struct State: Equatable, Sendable {
      var count = 0
      var date: Date
      init() {
        @Dependency(\.date.now) var now
        date = now
      }
    }
    enum Action: Equatable, Sendable { case tap, response(Int) }
    let store = FeatureTestStore(
      initialState: State(), dependencies: { $0.date = .constant(Date(timeIntervalSince1970: 1_234_567_890)) }
    ) {
      Reduce<State, Action> { state, action in
        switch action {
        case .tap:
          state.count += 1
          return .run { send in await send(.response(42)) }
        case .response(let number):
          @Dependency(\.date.now) var now
          state.count = number
          state.date = now
          return .none
        }
      }
    }
    await store.send(.tap) {
      @Dependency(\.date.now) var now
      $0.count = 1
      $0.date = now
    }
    await store.receive(.response(42)) {
      @Dependency(\.date.now) var now
      $0.count = 42
      $0.date = now
    }
  }

  /// TCA's `testEffectEmitAfterSkipInFlightEffects`.
  @Test func anEffectSkippedInFlightStillHasItsActionsReceived() async {
    enum Action: Equatable, Sendable { case tap, response }
    let clock = TestClock()
    let store = FeatureTestStore(initialState: 0) {
      Reduce<Int, Action> { state, action in
        switch action {
        case .tap:
          return .run { send in
            try await clock.sleep(for: .seconds(1))
            await send(.response)
          }
        case .response:
          state = 42
          return .none
        }
      }
    }
    await store.send(.tap)
    store.skipInFlightEffects()
    await clock.advance(by: .seconds(1))
    await store.receive(.response) { $0 = 42 }
  }

  /// TCA's `testAssert_NonExhaustiveTestStore` and its failure.
  @Test func assertChecksTheStateWhenNotExhaustive() async {
    let store = FeatureTestStore(initialState: 0) { EmptyReducer<Int, Void>() }
    store.exhaustivity = .off
    store.assert { $0 = 0 }
    let failures = await failuresReported {
      let store = FeatureTestStore(initialState: 0) { EmptyReducer<Int, Void>() }
      store.exhaustivity = .off
      store.assert { $0 = 1 }
    }
    #expect(failures.count == 1, "\(failures)")
  }

  /// TCA's `testDismissCancelsEffects`: the root feature's `dismiss()` ends the test store's
  /// effects, so the test ends with nothing running.
  @Test func aRootFeaturesDismissEndsItsEffects() async {
    let failures = await failuresReported {
      let store = FeatureTestStore(initialState: Dismissing.State()) { Dismissing() }
      await store.send(.onTask)
      await store.send(.dismiss)
      await store.finish()
    }
    #expect(failures.isEmpty, "\(failures)")
  }

  /// TCA's `testDismissedStoreSend`: a send to a dismissed test store fails, once.
  @Test func aSendToADismissedTestStoreFails() async {
    let failures = await failuresReported {
      let store = FeatureTestStore(initialState: Dismissing.State()) { Dismissing() }
      await store.send(.dismiss).finish()
      await store.send(.onTask)
    }
    #expect(failures.count == 1, "\(failures)")
    #expect(failures.first?.description.contains("the test store was dismissed") == true)
  }
}
