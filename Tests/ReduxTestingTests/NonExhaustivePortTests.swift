import EffectStore
import ReduxTesting
import Testing

// TCA's TestStoreNonExhaustiveTests, with its reducers, actions and assertions: what a test that
// turns exhaustivity off may leave out (state changes, received actions, running effects), what
// it still fails on (a wrong assertion), and what `state` shows after each step.

private struct EvenCounter: Reducer {
  struct State: Equatable, Sendable {
    var count = 0
    var isEven = true
  }
  enum Action: Equatable, Sendable { case increment, decrement }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment: state.count += 1
    case .decrement: state.count -= 1
    }
    state.isEven.toggle()
    return .none
  }
}

private struct TwoResponses: Reducer {
  struct State: Equatable, Sendable {
    var count = 0
    var int = 0
    var string = ""
  }
  enum Action: Equatable, Sendable { case onAppear, response1(Int), response2(String) }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .onAppear:
      state = State()
      return .merge(.send(.response1(42)), .send(.response2("Hello")))
    case .response1(let int):
      state.count += 1
      state.int = int
      return .none
    case .response2(let string):
      state.count += 1
      state.string = string
      return .none
    }
  }
}

/// `true` sends `false`; both count.
private struct Bounce: Reducer {
  func reduce(into state: inout Int, action: Bool) -> Effect<Bool> {
    state += 1
    return action ? .send(false) : .none
  }
}

private struct Tapper: Reducer {
  enum Action: Equatable, Sendable { case tap, response(Int) }

  func reduce(into state: inout Int, action: Action) -> Effect<Action> {
    switch action {
    case .tap:
      state += 1
      return .run { [state] send in await send(.response(state + 42)) }
    case .response(let number):
      state = number
      return .none
    }
  }
}

private struct TwoStepFetch: Reducer {
  enum Action: Equatable, Sendable { case buttonTapped, response(Int) }
  let clock: TestClock

  func reduce(into state: inout Int, action: Action) -> Effect<Action> {
    switch action {
    case .buttonTapped:
      state += 1
      return .run { [clock] send in
        await send(.response(42))
        try await clock.sleep(for: .seconds(1))
        await send(.response(1729))
      }
    case .response(let number):
      state = number
      return .none
    }
  }
}

@MainActor
@Suite struct NonExhaustivePortTests {
  @Test func skipReceivedActionsAppliesWhatWasSkipped() async {
    for exhaustivity in [Exhaustivity.on, .off, .off(showSkipped: true)] {
      let store = FeatureTestStore(initialState: 0) { Bounce() }
      store.exhaustivity = exhaustivity
      await store.send(true) { $0 = 1 }
      #expect(store.state == 1)
      await store.skipReceivedActions(strict: false)
      #expect(store.state == 2)
    }
  }

  @Test func aStrictSkipWithNothingToSkipFails() async {
    let failures = await failuresReported {
      let store = FeatureTestStore(initialState: 0) { Bounce() }
      await store.send(true) { $0 = 1 }
      await store.receive(false) { $0 = 2 }
      #expect(store.state == 2)
      await store.skipReceivedActions(strict: true)
    }
    #expect(failures.count == 1)
    #expect(failures.first?.description.contains("no received actions to skip") == true)
  }

  @Test func receivedActionsAndRunningEffectsMayBeLeftWhenExhaustivityIsOff() async {
    for exhaustivity in [Exhaustivity.off, .off(showSkipped: true)] {
      let failures = await failuresReported {
        let store = FeatureTestStore(initialState: 0) { Bounce() }
        store.exhaustivity = exhaustivity
        await store.send(true)
        let sleeper = FeatureTestStore(initialState: 0) {
          Reduce<Int, Bool> { _, _ in .run { _ in try await Task.sleep(for: .seconds(1)) } }
        }
        sleeper.exhaustivity = exhaustivity
        await sleeper.send(true)
      }
      #expect(failures.isEmpty, "\(failures)")
    }
  }

  @Test func aPartialAssertionPassesAndAWrongOneFails() async {
    let store = FeatureTestStore(initialState: EvenCounter.State()) { EvenCounter() }
    store.exhaustivity = .off(showSkipped: true)
    await store.send(.increment) { $0.count = 1 }
    await store.send(.increment) { $0.isEven = true }
    await store.send(.increment) {
      $0.count = 3
      $0.isEven = false
    }
    let failures = await failuresReported {
      let store = FeatureTestStore(initialState: EvenCounter.State()) { EvenCounter() }
      store.exhaustivity = .off(showSkipped: true)
      await store.send(.increment) { $0.count = 0 }
    }
    #expect(failures.count == 1)
    #expect(failures.first?.description.contains("count: 0") == true, "\(failures)")
  }

  @Test func aSendSkipsTheActionsNotReceived() async {
    let store = FeatureTestStore(initialState: TwoResponses.State()) { TwoResponses() }
    store.exhaustivity = .off(showSkipped: true)
    await store.send(.onAppear)
    await store.send(.onAppear)
    #expect(store.state == TwoResponses.State(count: 0, int: 0, string: ""))
  }

  @Test func aWrongReceiveAfterSkippedActionsStillFails() async {
    let failures = await failuresReported {
      let store = FeatureTestStore(initialState: EvenCounter.State()) {
        Reduce<EvenCounter.State, TwoResponses.Action> { state, action in
          switch action {
          case .onAppear:
            state.count += 1
            return .send(.response1(1))
          case .response1, .response2:
            state.isEven = false
            return .none
          }
        }
      }
      store.exhaustivity = .off(showSkipped: true)
      await store.send(.onAppear) { $0.count = 1 }
      await store.receive(.response1(1)) {
        $0.count = 2
        $0.isEven = false
      }
    }
    #expect(failures.count == 1)
    #expect(failures.first?.description.contains("count: 2") == true, "\(failures)")
  }

  @Test func stateAfterSendsWithoutAssertionsIsTheStoresState() async {
    let store = FeatureTestStore(initialState: EvenCounter.State()) { EvenCounter() }
    store.exhaustivity = .off(showSkipped: true)
    await store.send(.increment)
    #expect(store.state == EvenCounter.State(count: 1, isEven: false))
    await store.send(.increment)
    #expect(store.state == EvenCounter.State(count: 2, isEven: true))
    await store.send(.increment) { $0.count = 3 }
    #expect(store.state == EvenCounter.State(count: 3, isEven: false))
  }

  @Test func aReceiveWithAPartialAssertion() async {
    let store = FeatureTestStore(initialState: TwoResponses.State()) { TwoResponses() }
    store.exhaustivity = .off(showSkipped: true)
    await store.send(.onAppear)
    #expect(store.state == TwoResponses.State(count: 0, int: 0, string: ""))
    await store.receive(.response1(42)) { $0.int = 42 }
    #expect(store.state == TwoResponses.State(count: 1, int: 42, string: ""))
    await store.receive(.response2("Hello")) { $0.string = "Hello" }
    #expect(store.state == TwoResponses.State(count: 2, int: 42, string: "Hello"))
  }

  @Test func aReceiveSkipsTheActionsBeforeIt() async {
    let store = FeatureTestStore(initialState: TwoResponses.State()) { TwoResponses() }
    store.exhaustivity = .off(showSkipped: true)
    await store.send(.onAppear)
    await store.receive(.response2("Hello")) {
      $0.count = 2
      $0.string = "Hello"
    }
    #expect(store.state == TwoResponses.State(count: 2, int: 42, string: "Hello"))
  }

  @Test func aSendAppliesTheSkippedResponseFirst() async {
    let store = FeatureTestStore(initialState: 0) { Tapper() }
    store.exhaustivity = .off
    await store.send(.tap)
    #expect(store.state == 1)
    await store.send(.tap)
    #expect(store.state == 44)
    await store.skipReceivedActions()
    #expect(store.state == 86)
  }

  @Test func skippingEffectsAndActionsPartway() async {
    let clock = TestClock()
    let store = FeatureTestStore(initialState: 0) { TwoStepFetch(clock: clock) }
    store.exhaustivity = .off(showSkipped: true)
    await store.send(.buttonTapped)
    await clock.advance(by: .milliseconds(500))
    await store.send(.buttonTapped) { $0 = 43 }
    await clock.advance(by: .milliseconds(500))
    store.skipInFlightEffects()
    await store.skipReceivedActions()
  }

  @Test func aReceiveByCaseInEveryMode() async {
    for exhaustivity in [Exhaustivity.off, .off(showSkipped: true)] {
      let store = FeatureTestStore(initialState: TwoResponses.State()) { TwoResponses() }
      store.exhaustivity = exhaustivity
      await store.send(.onAppear)
      await store.receive(TwoResponses.Action.response1) { $0.int = 42 }
      await store.receive(TwoResponses.Action.response2) { $0.string = "Hello" }
    }
    let store = FeatureTestStore(initialState: TwoResponses.State()) { TwoResponses() }
    await store.send(.onAppear)
    await store.receive(TwoResponses.Action.response1) {
      $0.count = 1
      $0.int = 42
    }
    await store.receive(TwoResponses.Action.response2) {
      $0.count = 2
      $0.string = "Hello"
    }
  }

  @Test func aReceiveByCaseOfACaseNotReceivedFailsOnce() async {
    let failures = await failuresReported {
      let store = FeatureTestStore(initialState: TwoResponses.State()) { TwoResponses() }
      store.exhaustivity = .off(showSkipped: true)
      await store.send(.onAppear)
      await store.receive(TwoResponses.Action.response2, timeout: .milliseconds(100))
      await store.receive(TwoResponses.Action.response2, timeout: .milliseconds(100))
    }
    // The skipped response is shown as a note (`showSkipped`), not a failure.
    let notes = failures.filter { $0.description.hasPrefix("Not checked") }
    #expect(notes.count == 1, "\(failures)")
    #expect(failures.count - notes.count == 1, "\(failures)")
  }

  @Test func aReceiveWaitsPastActionsThatDoNotMatch() async {
    enum Action: Equatable, Sendable { case tap, response1, response2 }
    let store = FeatureTestStore(initialState: 0) {
      Reduce<Int, Action> { _, action in
        guard action == .tap else { return .none }
        return .run { send in
          try await Task.sleep(for: .milliseconds(10))
          await send(.response1)
          try await Task.sleep(for: .milliseconds(10))
          await send(.response2)
        }
      }
    }
    store.exhaustivity = .off
    await store.send(.tap)
    await store.receive(.response2, timeout: .seconds(60))
  }

  @Test func anAssertionThatChangesNothingWhereNothingChangedIsNoFailureWhenNotExhaustive() async {
    let failures = await failuresReported {
      let store = FeatureTestStore(initialState: 0) { Reduce<Int, Bool> { _, _ in .none } }
      store.exhaustivity = .off(showSkipped: true)
      await store.send(true) { $0 = 0 }
      store.assert { $0 = 0 }
    }
    #expect(failures.isEmpty, "\(failures)")
  }

  /// TCA's `withExhaustivity`: a part of the test checks only what it names, and the rest is
  /// exhaustive again.
  @Test func exhaustivityOffForAPartOfTheTest() async {
    let failures = await failuresReported {
      let store = FeatureTestStore(initialState: TwoResponses.State()) { TwoResponses() }
      await store.withExhaustivity(.off) {
        await store.send(.onAppear)
        await store.receive(.response2("Hello")) { $0.string = "Hello" }
      }
      #expect(store.exhaustivity == .on)
      await store.send(.onAppear) { $0 = TwoResponses.State() }
    }
    // The last send is exhaustive again: its two responses are not received.
    #expect(failures.count == 1, "\(failures)")
  }

  /// TCA's `store.timeout`: how long a receive waits, set after the store is made.
  @Test func aTimeoutSetOnTheStoreBoundsItsReceives() async {
    let failures = await failuresReported {
      let store = FeatureTestStore(initialState: 0) { Reduce<Int, Bool> { _, _ in .none } }
      store.timeout = .milliseconds(20)
      await store.receive(true)
    }
    #expect(failures.count == 1, "\(failures)")
    #expect(failures.first?.description.contains("within 0.02 seconds") == true, "\(failures)")
  }
}
