import EffectStore
import ReduxTesting
import Testing

// TCA's IfLetReducerTests, with its reducers, actions and assertions: optional child state
// without a presentation, its effects (and its children's) ended when it goes, an alert's state
// over after any action of its own, and a child replaced by one of another id.

private struct Holder: Reducer {
  struct State: Equatable, Sendable { var timer: PortTimer.State? }
  enum Action: Equatable, Sendable { case timer(PortTimer.Action) }
  var body: some Reducer<State, Action> {
    EmptyReducer()
      .ifLet(\.timer, action: Action.timer) {
        if case .timer(let action) = $0 { action } else { nil }
      } then: {
        PortTimer()
      }
  }
}

private struct Parent: Reducer {
  struct State: Equatable, Sendable {
    var child: PortTimer.State?
    var holder: Holder.State?
  }
  enum Action: Equatable, Sendable {
    case child(PortTimer.Action)
    case holder(Holder.Action)
    case childButtonTapped, exitButtonTapped, startButtonTapped
  }
  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .child, .holder: break
      case .childButtonTapped: state.child = state.child == nil ? PortTimer.State() : nil
      case .exitButtonTapped: state.holder = nil
      case .startButtonTapped: state.holder = Holder.State(timer: PortTimer.State())
      }
      return .none
    }
    .ifLet(\.child, action: Action.child) {
      if case .child(let action) = $0 { action } else { nil }
    } then: {
      PortTimer()
    }
    .ifLet(\.holder, action: Action.holder) {
      if case .holder(let action) = $0 { action } else { nil }
    } then: {
      Holder()
    }
  }
}

private struct Hello: Equatable, Sendable, EphemeralState { var title = "Hi!" }

private struct Alerting: Reducer {
  struct State: Equatable, Sendable { var alert: Hello? }
  enum Action: Equatable, Sendable {
    case alert(AlertAction)
    case tap
  }
  enum AlertAction: Equatable, Sendable { case ok }
  var body: some Reducer<State, Action> {
    Reduce { state, action in
      if action == .tap { state.alert = Hello() }
      return .none
    }
    .ifLet(\.alert, action: Action.alert) {
      if case .alert(let action) = $0 { action } else { nil }
    } then: {
      EmptyReducer<Hello, AlertAction>()
    }
  }
}

@MainActor
@Suite struct IfLetReducerPortTests {
  /// TCA's `testNilChild`.
  @Test func aChildActionWithNoStateIsReported() async {
    let failures = await failuresReported {
      let store = FeatureTestStore(initialState: Parent.State()) { Parent() }
      await store.send(.child(.timerTick))
    }
    #expect(failures.count == 1, "\(failures)")
  }

  /// TCA's `testEffectCancellation`.
  @Test func theChildsEffectEndsWithItsState() async {
    let clock = TestClock()
    let store = FeatureTestStore(initialState: Parent.State(), dependencies: { $0.continuousClock = clock }) {
      Parent()
    }
    await store.send(.childButtonTapped) { $0.child = PortTimer.State() }
    await store.send(.child(.timerButtonTapped))
    await clock.advance(by: .seconds(2))
    await store.receive(.child(.timerTick)) { $0.child?.count = 1 }
    await store.receive(.child(.timerTick)) { $0.child?.count = 2 }
    await store.send(.childButtonTapped) { $0.child = nil }
  }

  /// TCA's `testGrandchildEffectCancellation`.
  @Test func aGrandchildsEffectEndsWithItsParentsState() async {
    let clock = TestClock()
    let store = FeatureTestStore(initialState: Parent.State(), dependencies: { $0.continuousClock = clock }) {
      Parent()
    }
    await store.send(.startButtonTapped) { $0.holder = Holder.State(timer: PortTimer.State()) }
    await store.send(.holder(.timer(.timerButtonTapped)))
    await clock.advance(by: .seconds(1))
    await store.receive(.holder(.timer(.timerTick))) { $0.holder?.timer?.count = 1 }
    await store.send(.exitButtonTapped) { $0.holder = nil }
  }

  /// TCA's `testEphemeralState`: an alert's state is `nil` after its own action, without a
  /// presentation.
  @Test func anAlertsStateIsOverAfterItsAction() async {
    let store = FeatureTestStore(initialState: Alerting.State()) { Alerting() }
    await store.send(.tap) { $0.alert = Hello() }
    await store.send(.alert(.ok)) { $0.alert = nil }
  }
}
