import EffectStore
import ReduxTesting
import Testing

// TCA's IfCaseLetReducerTests, with its reducers, actions and assertions: a child run on one
// case of an enum state, an action for another case reported, a case's effects ended when the
// state leaves it, and a child replaced by one of another id.

private struct SomeError: Error, Equatable {}

private struct Siblings: Reducer {
  enum State: Equatable, Sendable { case child1(PortTimer.State), child2(PortTimer.State) }
  enum Action: Equatable, Sendable {
    case child1(PortTimer.Action), child2(PortTimer.Action), child1ButtonTapped, child2ButtonTapped
  }
  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .child1, .child2: break
      case .child1ButtonTapped: state = .child1(PortTimer.State())
      case .child2ButtonTapped: state = .child2(PortTimer.State())
      }
      return .none
    }
    .ifCaseLet(
      state: { if case .child1(let state) = $0 { state } else { nil } }, embed: State.child1,
      action: Action.child1, extract: { if case .child1(let action) = $0 { action } else { nil } }
    ) {
      PortTimer()
    }
    .ifCaseLet(
      state: { if case .child2(let state) = $0 { state } else { nil } }, embed: State.child2,
      action: Action.child2, extract: { if case .child2(let action) = $0 { action } else { nil } }
    ) {
      PortTimer()
    }
  }
}

private typealias Outcome = Result<Int, SomeError>

private func successes(of child: Reduce<Int, Int>) -> some Reducer<Outcome, Outcome> {
  Reduce<Outcome, Outcome> { _, _ in .none }
    .ifCaseLet(
      state: { try? $0.get() }, embed: Outcome.success, action: Outcome.success,
      extract: { try? $0.get() }
    ) {
      child
    }
}

@MainActor
@Suite struct IfCaseLetReducerPortTests {
  /// TCA's `testChildAction` and `testNilChild`.
  @Test func theChildRunsOnItsCaseAndAnotherCasesActionIsReported() async {
    let store = FeatureTestStore(initialState: Outcome.success(0)) {
      successes(
        of: Reduce { state, action in
          state = action
          return state < 0 ? .send(0) : .none
        })
    }
    await store.send(.success(1)) { $0 = .success(1) }
    await store.send(.failure(SomeError()))
    await store.send(.success(-1)) { $0 = .success(-1) }
    await store.receive(.success(0)) { $0 = .success(0) }

    let failures = await failuresReported {
      let store = FeatureTestStore(initialState: Outcome.failure(SomeError())) {
        successes(of: Reduce { _, _ in .none })
      }
      await store.send(.success(1))
    }
    #expect(failures.count == 1, "\(failures)")
  }

  /// TCA's `testEffectCancellation_Siblings`: leaving a case ends its effects, even for a
  /// sibling case of the same reducer type.
  @Test func leavingACaseEndsItsEffects() async {
    let clock = TestClock()
    let store = FeatureTestStore(
      initialState: Siblings.State.child1(PortTimer.State()), dependencies: { $0.continuousClock = clock }
    ) { Siblings() }
    await store.send(.child1(.timerButtonTapped))
    await clock.advance(by: .seconds(1))
    await store.receive(.child1(.timerTick)) { $0 = .child1(PortTimer.State(count: 1)) }
    await store.send(.child2ButtonTapped) { $0 = .child2(PortTimer.State()) }
  }
}
