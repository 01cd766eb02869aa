import EffectStore
import ReduxTesting
import Testing

// TCA's PresentationReducer tests for what a `PresentationAction` case brings: a child that
// closes itself with `dismiss()`, a parent that closes it with `.dismiss` (its effects end),
// an alert that closes after any of its actions, and a grandchild that closes only itself.

private struct Child: Reducer {
  struct State: Equatable, Sendable {
    var count = 0
  }
  enum Action: Equatable, Sendable {
    case closeButtonTapped, decrementButtonTapped, startButtonTapped, tick
  }
  let clock: any Clock<Duration>
  @Dependency(\.dismiss) var dismiss

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .closeButtonTapped:
      return .run { _ in await dismiss() }
    case .decrementButtonTapped:
      state.count -= 1
      return .none
    case .startButtonTapped:
      return .run { [clock] send in
        while true {
          try await clock.sleep(for: .seconds(1))
          await send(.tick)
        }
      }
    case .tick:
      state.count += 1
      return .none
    }
  }
}

private struct DeleteAlert: Equatable, Sendable, EphemeralState {
  var title = "Delete?"
}

private struct Parent: Reducer {
  struct State: Equatable, Sendable {
    var lastCount: Int?
    var child: Child.State?
    var destination: Destination.State?
    var isDeleted = false
  }
  enum Action: Equatable, Sendable {
    case child(PresentationAction<Child.Action>)
    case destination(PresentationAction<Destination.Action>)
    case presentChild, presentAlert, presentCounter
  }
  enum Destination {
    enum State: Equatable, Sendable { case alert(DeleteAlert), counter(Child.State) }
    enum Action: Equatable, Sendable {
      case alert(AlertAction)
      case counter(Child.Action)
    }
    enum AlertAction: Equatable, Sendable { case deleteButtonTapped, cancelButtonTapped }
  }

  let clock: any Clock<Duration>

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .child(.dismiss):
        state.lastCount = state.child?.count
      case .destination(.presented(.alert(.deleteButtonTapped))):
        state.isDeleted = true
      case .presentChild:
        state.child = Child.State()
      case .presentAlert:
        state.destination = .alert(DeleteAlert())
      case .presentCounter:
        state.destination = .counter(Child.State())
      case .child, .destination:
        break
      }
      return .none
    }
    IfLet(\.child, action: Action.child) {
      if case .child(let action) = $0 { action } else { nil }
    } child: {
      Child(clock: clock)
    }
    IfLet(\.destination, action: Action.destination) {
      if case .destination(let action) = $0 { action } else { nil }
    } child: {
      CombineReducers {
        CaseScope(
          state: { if case .alert(let alert) = $0 { alert } else { nil } }, embed: Destination.State.alert,
          action: Destination.Action.alert,
          extract: { if case .alert(let action) = $0 { action } else { nil } }
        ) {
          EmptyReducer<DeleteAlert, Destination.AlertAction>()
        }
        CaseScope(
          state: { if case .counter(let counter) = $0 { counter } else { nil } },
          embed: Destination.State.counter, action: Destination.Action.counter,
          extract: { if case .counter(let action) = $0 { action } else { nil } }
        ) {
          Child(clock: clock)
        }
      }
    }
  }
}

@MainActor
@Suite struct PresentationDismissTests {
  @Test func aChildClosesItselfWithDismiss() async {
    let store = FeatureTestStore(initialState: Parent.State()) { Parent(clock: TestClock()) }
    await store.send(.presentChild) { $0.child = Child.State() }
    await store.send(.child(.presented(.decrementButtonTapped))) { $0.child?.count = -1 }
    await store.send(.child(.presented(.closeButtonTapped)))
    await store.receive(.child(.dismiss)) {
      $0.child = nil
      $0.lastCount = -1
    }
  }

  @Test func aChildClosingItselfEndsItsOtherEffects() async {
    let clock = TestClock()
    let store = FeatureTestStore(initialState: Parent.State()) { Parent(clock: clock) }
    await store.send(.presentChild) { $0.child = Child.State() }
    await store.send(.child(.presented(.startButtonTapped)))
    await clock.advance(by: .seconds(2))
    await store.receive(.child(.presented(.tick))) { $0.child?.count = 1 }
    await store.receive(.child(.presented(.tick))) { $0.child?.count = 2 }
    await store.send(.child(.presented(.closeButtonTapped)))
    await store.receive(.child(.dismiss)) {
      $0.child = nil
      $0.lastCount = 2
    }
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func theParentClosesTheChildAndItsEffectsEnd() async {
    let clock = TestClock()
    let store = FeatureTestStore(initialState: Parent.State()) { Parent(clock: clock) }
    await store.send(.presentChild) { $0.child = Child.State() }
    await store.send(.child(.presented(.startButtonTapped)))
    await clock.advance(by: .seconds(1))
    await store.receive(.child(.presented(.tick))) { $0.child?.count = 1 }
    await store.send(.child(.dismiss)) {
      $0.child = nil
      $0.lastCount = 1
    }
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func anAlertClosesAfterAnyOfItsActions() async {
    let store = FeatureTestStore(initialState: Parent.State()) { Parent(clock: TestClock()) }
    await store.send(.presentAlert) { $0.destination = .alert(DeleteAlert()) }
    await store.send(.destination(.presented(.alert(.deleteButtonTapped)))) {
      $0.destination = nil
      $0.isDeleted = true
    }
    await store.send(.presentAlert) { $0.destination = .alert(DeleteAlert()) }
    await store.send(.destination(.presented(.alert(.cancelButtonTapped)))) { $0.destination = nil }
  }

  @Test func aDestinationThatIsNotAnAlertStaysAfterItsActions() async {
    let store = FeatureTestStore(initialState: Parent.State()) { Parent(clock: TestClock()) }
    await store.send(.presentCounter) { $0.destination = .counter(Child.State()) }
    await store.send(.destination(.presented(.counter(.decrementButtonTapped)))) {
      $0.destination = .counter(Child.State(count: -1))
    }
    await store.send(.destination(.presented(.counter(.closeButtonTapped))))
    await store.receive(.destination(.dismiss)) { $0.destination = nil }
  }

  @Test func dismissOutsideAPresentedFeatureIsReported() async {
    await withKnownIssue {
      @Dependency(\.dismiss) var dismiss
      await dismiss()
    } matching: { issue in
      issue.description.contains("dismiss() was called outside the effect of a presented feature")
    }
  }
}

/// A feature that presents itself: TCA's nested dismissal, where a grandchild's `dismiss()`
/// closes the grandchild alone.
private struct Nested: Reducer {
  struct State: Equatable, Sendable {
    /// The presented child, held in an array: a state cannot hold an optional of itself.
    var children: [State] = []
    var child: State? {
      get { children.first }
      set { children = newValue.map { [$0] } ?? [] }
    }
  }
  indirect enum Action: Equatable, Sendable {
    case child(PresentationAction<Nested.Action>)
    case presentButtonTapped, dismissButtonTapped
  }
  @Dependency(\.dismiss) var dismiss

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .presentButtonTapped:
        state.child = State()
        return .none
      case .dismissButtonTapped:
        return .run { _ in await dismiss() }
      case .child:
        return .none
      }
    }
    IfLet(\.child, action: Action.child) {
      if case .child(let action) = $0 { action } else { nil }
    } child: {
      NestedChild()
    }
  }
}

/// `Nested` once more, behind a type of its own (a reducer's body cannot hold its own type).
private struct NestedChild: Reducer {
  var body: some Reducer<Nested.State, Nested.Action> { Nested() }
}

@MainActor
@Test func aGrandchildsDismissClosesOnlyTheGrandchild() async {
  let store = FeatureTestStore(initialState: Nested.State()) { Nested() }
  await store.send(.presentButtonTapped) { $0.child = Nested.State() }
  await store.send(.child(.presented(.presentButtonTapped))) { $0.child?.child = Nested.State() }
  await store.send(.child(.presented(.child(.presented(.dismissButtonTapped)))))
  await store.receive(.child(.presented(.child(.dismiss)))) { $0.child?.child = nil }
}

@MainActor
@Test func aPresentedChildsStoreSendsThroughPresented() {
  let store = FeatureStore(initialState: Parent.State(child: Child.State())) { Parent(clock: TestClock()) }
  let child = store.scope(state: \.child, action: Parent.Action.child)
  child?.send(.decrementButtonTapped)
  #expect(store.state.child?.count == -1)
}

/// TCA's runtime warnings for a presentation action with nothing presented: in a test, failures.
@MainActor
@Suite struct AbsentPresentationTests {
  @Test func aDismissWithNothingPresentedIsReported() async {
    let store = FeatureTestStore(initialState: Parent.State()) { Parent(clock: TestClock()) }
    await withKnownIssue {
      await store.send(.child(.dismiss))
    } matching: { issue in
      issue.description.contains("received a presentation action while nothing was presented: .dismiss")
    }
  }

  @Test func aChildActionWithNothingPresentedIsReported() async {
    let store = FeatureTestStore(initialState: Parent.State()) { Parent(clock: TestClock()) }
    await withKnownIssue {
      await store.send(.child(.presented(.decrementButtonTapped)))
    } matching: { issue in
      issue.description.contains("while nothing was presented: .presented(decrementButtonTapped)")
    }
  }
}
