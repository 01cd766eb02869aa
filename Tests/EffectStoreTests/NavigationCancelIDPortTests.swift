import EffectStore
import ReduxTesting
import Testing

// TCA's PresentationReducer tests on cancellation ids across presentation (its
// `testNavigation_cancelID_*`): a presented child's ids are its own, so a child cannot cancel
// its sibling's effects or its parent's, but a parent's `.cancel(id:)` reaches the same id in
// every child and grandchild it presents, as TCA registers a presented child's effects under
// each of its ancestors' ids too.

private struct Grandchild: Reducer {
  struct State: Equatable, Sendable {}
  enum Action: Equatable, Sendable { case response(Int), startButtonTapped }
  enum CancelID: Hashable, Sendable { case effect }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .response:
      return .none
    case .startButtonTapped:
      return .run { send in
        @Dependency(\.continuousClock) var clock
        try await clock.sleep(for: .seconds(1))
        await send(.response(42))
      }
      .cancellable(id: CancelID.effect)
    }
  }
}

private struct Child: Reducer {
  struct State: Equatable, Sendable {
    var count = 0
    var grandchild: Grandchild.State?
  }
  enum Action: Equatable, Sendable {
    case grandchild(PresentationAction<Grandchild.Action>)
    case presentGrandchild, response(Int), startButtonTapped, stopButtonTapped, stopParentTapped
  }
  enum CancelID: Hashable, Sendable { case effect }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .grandchild:
        return .none
      case .presentGrandchild:
        state.grandchild = Grandchild.State()
        return .none
      case .response(let value):
        state.count = value
        return .none
      case .startButtonTapped:
        return .run { send in
          @Dependency(\.continuousClock) var clock
          while true {
            try await clock.sleep(for: .seconds(1))
            await send(.response(42))
          }
        }
        .cancellable(id: CancelID.effect)
      case .stopButtonTapped:
        return .cancel(id: CancelID.effect)
      case .stopParentTapped:
        return .cancel(id: Parent.CancelID.effect)
      }
    }
    .ifLet(\.grandchild, action: Action.grandchild) {
      if case .grandchild(let action) = $0 { action } else { nil }
    } then: {
      Grandchild()
    }
  }
}

private struct Parent: Reducer {
  struct State: Equatable, Sendable {
    var child1: Child.State?
    var child2: Child.State?
    var count = 0
  }
  enum Action: Equatable, Sendable {
    case child1(PresentationAction<Child.Action>)
    case child2(PresentationAction<Child.Action>)
    case dismissGrandchild, presentChildren, response(Int), startButtonTapped
    case stopButtonTapped, stopEverythingTapped
  }
  enum CancelID: Hashable, Sendable { case effect }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .child1, .child2:
        return .none
      case .dismissGrandchild:
        return .send(.child1(.presented(.grandchild(.dismiss))))
      case .presentChildren:
        state.child1 = Child.State()
        state.child2 = Child.State()
        return .none
      case .response(let value):
        state.count = value
        return .none
      case .startButtonTapped:
        return .run { send in
          @Dependency(\.continuousClock) var clock
          try await clock.sleep(for: .seconds(1))
          await send(.response(42))
        }
        .cancellable(id: CancelID.effect)
      case .stopButtonTapped:
        return .cancel(id: CancelID.effect)
      case .stopEverythingTapped:
        return .merge(.cancel(id: Child.CancelID.effect), .cancel(id: Grandchild.CancelID.effect))
      }
    }
    .ifLet(\.child1, action: Action.child1) {
      if case .child1(let action) = $0 { action } else { nil }
    } then: {
      Child()
    }
    .ifLet(\.child2, action: Action.child2) {
      if case .child2(let action) = $0 { action } else { nil }
    } then: {
      Child()
    }
  }
}

@MainActor
@Suite struct NavigationCancelIDPortTests {
  private func makeStore(clock: TestClock) -> FeatureTestStore<Parent.State, Parent.Action> {
    FeatureTestStore(initialState: Parent.State(), dependencies: { $0.continuousClock = clock }) {
      Parent()
    }
  }

  private func present(_ store: FeatureTestStore<Parent.State, Parent.Action>) async {
    await store.send(.presentChildren) {
      $0.child1 = Child.State()
      $0.child2 = Child.State()
    }
  }

  /// TCA's `testNavigation_cancelID_childCancellation`.
  @Test func aChildCancelsItsOwnEffect() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await present(store)
    await store.send(.child1(.presented(.startButtonTapped)))
    await store.send(.child1(.presented(.stopButtonTapped)))
    await clock.advance(by: .seconds(5))
  }

  /// TCA's `testNavigation_cancelID_parentCancellation`: the parent's `.cancel(id:)` of its
  /// child's and grandchild's ids stops both, and the test ends with nothing running.
  @Test func aParentCancelsItsChildsAndGrandchildsEffectsByTheirIDs() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await present(store)
    await store.send(.child1(.presented(.presentGrandchild))) { $0.child1?.grandchild = Grandchild.State() }
    await store.send(.child1(.presented(.startButtonTapped)))
    await store.send(.child1(.presented(.grandchild(.presented(.startButtonTapped)))))
    await store.send(.stopEverythingTapped)
    await clock.advance(by: .seconds(5))
  }

  /// TCA's `testNavigation_cancelID_parentCancelTwoChildren`.
  @Test func aParentsCancelReachesBothChildren() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await present(store)
    await store.send(.child1(.presented(.startButtonTapped)))
    await clock.advance(by: .seconds(1))
    await store.receive(.child1(.presented(.response(42)))) { $0.child1?.count = 42 }
    await store.send(.child2(.presented(.startButtonTapped)))
    await clock.advance(by: .seconds(1))
    await store.receive(.child1(.presented(.response(42))))
    await store.receive(.child2(.presented(.response(42)))) { $0.child2?.count = 42 }
    await store.send(.stopEverythingTapped)
    await clock.advance(by: .seconds(5))
    await store.send(.child1(.dismiss)) { $0.child1 = nil }
    await store.send(.child2(.dismiss)) { $0.child2 = nil }
  }

  /// TCA's `testNavigation_cancelID_childCannotCancelSibling`.
  @Test func aChildCannotCancelItsSiblingsEffect() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await present(store)
    await store.send(.child1(.presented(.startButtonTapped)))
    await clock.advance(by: .seconds(1))
    await store.receive(.child1(.presented(.response(42)))) { $0.child1?.count = 42 }
    await store.send(.child2(.presented(.startButtonTapped)))
    await clock.advance(by: .seconds(1))
    await store.receive(.child1(.presented(.response(42))))
    await store.receive(.child2(.presented(.response(42)))) { $0.child2?.count = 42 }
    await store.send(.child1(.presented(.stopButtonTapped)))
    await clock.advance(by: .seconds(1))
    await store.receive(.child2(.presented(.response(42))))
    await store.send(.child2(.presented(.stopButtonTapped)))
    await clock.advance(by: .seconds(5))
    await store.send(.child1(.dismiss)) { $0.child1 = nil }
    await store.send(.child2(.dismiss)) { $0.child2 = nil }
  }

  /// TCA's `testNavigation_cancelID_childCannotCancelParent`.
  @Test func aChildCannotCancelItsParentsEffect() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await present(store)
    await store.send(.startButtonTapped)
    await store.send(.child1(.presented(.stopParentTapped)))
    await clock.advance(by: .seconds(1))
    await store.receive(.response(42)) { $0.count = 42 }
    await store.send(.stopButtonTapped)
    await store.send(.child1(.dismiss)) { $0.child1 = nil }
  }

  /// TCA's `testNavigation_cancelID_parentDismissGrandchild`: dismissing a grandchild from the
  /// parent ends the grandchild's effect.
  @Test func aParentDismissingAGrandchildEndsItsEffect() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await present(store)
    await store.send(.child1(.presented(.presentGrandchild))) { $0.child1?.grandchild = Grandchild.State() }
    await store.send(.child1(.presented(.grandchild(.presented(.startButtonTapped)))))
    await clock.advance(by: .seconds(1))
    await store.receive(.child1(.presented(.grandchild(.presented(.response(42))))))
    await store.send(.child1(.presented(.grandchild(.presented(.startButtonTapped)))))
    await store.send(.dismissGrandchild)
    await store.receive(.child1(.presented(.grandchild(.dismiss)))) { $0.child1?.grandchild = nil }
    await clock.advance(by: .seconds(5))
    await store.send(.child1(.dismiss)) { $0.child1 = nil }
  }
}
