import EffectStore
import Foundation
import ReduxTesting
import Testing

// TCA's PresentationReducerTests, with its reducers, actions and assertions: a presented child
// closed by its parent (`.dismiss`, or `nil`), by itself (`dismiss()`), presented from the
// start or by a reducer the presentation's `.ifLet` does not see, replaced on `.dismiss`, and
// the reports of an action with nothing presented.

private struct Child: Reducer {
  struct State: Equatable, Sendable {
    var count = 0
  }
  enum Action: Equatable, Sendable {
    case closeButtonTapped, dismissMe, incrementButtonTapped, requestDismissal, task
  }
  @Dependency(\.dismiss) var dismiss

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .closeButtonTapped: return .run { _ in await dismiss() }
    case .dismissMe: return .none
    case .incrementButtonTapped:
      state.count += 1
      return .none
    case .requestDismissal: return .send(.dismissMe)
    case .task: return .run { _ in try await Task.sleep(for: .seconds(1_000)) }
    }
  }
}

private struct Parent: Reducer {
  struct State: Equatable, Sendable {
    var child: Child.State?
  }
  enum Action: Equatable, Sendable {
    case child(PresentationAction<Child.Action>)
    case dismissChild, presentChild
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .child(.presented(.dismissMe)), .dismissChild: state.child = nil
      case .child: break
      case .presentChild: state.child = Child.State()
      }
      return .none
    }
    .ifLet(\.child, action: Action.child) {
      if case .child(let action) = $0 { action } else { nil }
    } then: {
      Child()
    }
  }
}

/// A child the parent replaces by another of another id when asked to close the first.
private struct Identified: Reducer {
  struct State: Equatable, Identifiable, Sendable { let id: UUID }
  enum Action: Equatable, Sendable {}
  func reduce(into state: inout State, action: Action) -> Effect<Action> {}
}

private struct Rehydrating: Reducer {
  struct State: Equatable, Sendable {
    var child: Identified.State?
    var plain: Child.State?
  }
  enum Action: Equatable, Sendable {
    case child(PresentationAction<Identified.Action>)
    case plain(PresentationAction<Child.Action>)
  }
  static let first = UUID(uuidString: "DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF")!
  @Dependency(\.uuid) var uuid

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .child(.dismiss):
        if state.child?.id == Self.first { state.child = Identified.State(id: uuid()) }
      case .plain(.dismiss):
        state.plain = Child.State()
      case .child, .plain:
        break
      }
      return .none
    }
    .ifLet(\.child, action: Action.child) {
      if case .child(let action) = $0 { action } else { nil }
    } then: {
      Identified()
    }
    .ifLet(\.plain, action: Action.plain) {
      if case .plain(let action) = $0 { action } else { nil }
    } then: {
      Child()
    }
  }
}

/// A child presented by the parent's logic listed after the scope of the feature that presents
/// it: the presentation's `.ifLet` never sees it arrive.
private struct Container: Reducer {
  struct State: Equatable, Sendable { var child: Child.State? }
  enum Action: Equatable, Sendable {
    case child(PresentationAction<Child.Action>)
    case openChild
  }
  var body: some Reducer<State, Action> {
    EmptyReducer()
      .ifLet(\.child, action: Action.child) {
        if case .child(let action) = $0 { action } else { nil }
      } then: {
        Child()
      }
  }
}

private struct ContainerParent: Reducer {
  struct State: Equatable, Sendable { var container = Container.State() }
  enum Action: Equatable, Sendable { case container(Container.Action) }
  var body: some Reducer<State, Action> {
    Scope(state: \.container, action: Action.container) {
      if case .container(let action) = $0 { action } else { nil }
    } child: {
      Container()
    }
    Reduce { state, action in
      if action == .container(.openChild) { state.container.child = Child.State() }
      return .none
    }
  }
}

private func uuid(_ number: Int) -> UUID {
  UUID(uuidString: String(format: "00000000-0000-0000-0000-%012d", number))!
}

@MainActor
@Suite struct PresentationReducerPortTests {
  /// TCA's `testPresentation_parentDismissal`.
  @Test func theParentDismissesWithDismiss() async {
    let store = FeatureTestStore(initialState: Parent.State()) { Parent() }
    await store.send(.presentChild) { $0.child = Child.State() }
    await store.send(.child(.presented(.incrementButtonTapped))) { $0.child?.count = 1 }
    await store.send(.child(.dismiss)) { $0.child = nil }
  }

  /// TCA's `testPresentation_parentDismissal_NilOut`.
  @Test func theParentDismissesBySettingNil() async {
    let store = FeatureTestStore(initialState: Parent.State()) { Parent() }
    await store.send(.presentChild) { $0.child = Child.State() }
    await store.send(.child(.presented(.incrementButtonTapped))) { $0.child?.count = 1 }
    await store.send(.dismissChild) { $0.child = nil }
  }

  /// TCA's `testPresentation_childDismissal` and `testPresentation_hydratedDestination_childDismissal`.
  @Test func aChildDismissesItselfPresentedOrFromTheStart() async {
    let store = FeatureTestStore(initialState: Parent.State()) { Parent() }
    await store.send(.presentChild) { $0.child = Child.State() }
    await store.send(.child(.presented(.closeButtonTapped)))
    await store.receive(.child(.dismiss)) { $0.child = nil }

    let hydrated = FeatureTestStore(initialState: Parent.State(child: Child.State())) { Parent() }
    await hydrated.send(.child(.presented(.closeButtonTapped)))
    await hydrated.receive(.child(.dismiss)) { $0.child = nil }
  }

  /// TCA's `testPresentation_rehydratedDestination_childDismissal`.
  @Test func aChildPresentedWhereItsIfLetDidNotSeeItDismissesItself() async {
    let store = FeatureTestStore(initialState: ContainerParent.State()) { ContainerParent() }
    for _ in 0..<2 {
      await store.send(.container(.openChild)) { $0.container.child = Child.State() }
      await store.send(.container(.child(.presented(.closeButtonTapped))))
      await store.receive(.container(.child(.dismiss))) { $0.container.child = nil }
    }
  }

  /// TCA's `testPresentation_LeavePresented` and `_FinishStore`: a child left presented is no
  /// failure.
  @Test func aChildLeftPresentedIsNoFailure() async {
    let failures = await failuresReported {
      let store = FeatureTestStore(initialState: Parent.State()) { Parent() }
      await store.send(.presentChild) { $0.child = Child.State() }
      let finished = FeatureTestStore(initialState: Parent.State()) { Parent() }
      await finished.send(.presentChild) { $0.child = Child.State() }
      await finished.finish()
    }
    #expect(failures.isEmpty, "\(failures)")
  }

  /// TCA's `testPresentation_leaveChildPresented_WithLongLivingEffect`: one failure, for the
  /// child's effect.
  @Test func aPresentedChildsEffectStillRunningFailsOnce() async {
    let failures = await failuresReported {
      let store = FeatureTestStore(initialState: Parent.State()) { Parent() }
      await store.send(.presentChild) { $0.child = Child.State() }
      await store.send(.child(.presented(.task)))
    }
    #expect(failures.count == 1, "\(failures)")
    #expect(failures.first?.description.contains("still running") == true, "\(failures)")
  }

  /// TCA's `testRuntimeWarn_NilChild_SendDismissAction` and `_SendChildAction`.
  @Test func anActionWithNothingPresentedIsReported() async {
    let failures = await failuresReported {
      let store = FeatureTestStore(initialState: Parent.State()) { Parent() }
      await store.send(.child(.dismiss))
      await store.send(.child(.presented(.incrementButtonTapped)))
    }
    #expect(failures.count == 2, "\(failures)")
  }

  /// TCA's `testRehydrateSameChild_SendDismissAction`: a parent that presents the same child
  /// again on `.dismiss` is overridden; the dismissal closes it.
  @Test func theSameChildPresentedAgainOnDismissIsClosed() async {
    let store = FeatureTestStore(initialState: Rehydrating.State(plain: Child.State())) { Rehydrating() }
    await store.send(.plain(.dismiss)) { $0.plain = nil }
  }

  /// TCA's `testRehydrateDifferentChild_SendDismissAction`: a child of another id presented on
  /// `.dismiss` stays.
  @Test func anotherChildPresentedOnDismissStays() async {
    let store = FeatureTestStore(
      initialState: Rehydrating.State(child: Identified.State(id: Rehydrating.first)),
      dependencies: { $0.uuid = .incrementing() }
    ) { Rehydrating() }
    await store.send(.child(.dismiss)) { $0.child = Identified.State(id: uuid(0)) }
    await store.send(.child(.dismiss)) { $0.child = nil }
  }

  /// TCA's `testPresentation_parentNilsOutChildWithLongLivingEffect`: the parent closes the
  /// child on the child's own action, and the child's effect ends.
  @Test func theParentClosingTheChildOnItsActionEndsItsEffect() async {
    let store = FeatureTestStore(initialState: Parent.State()) { Parent() }
    await store.send(.presentChild) { $0.child = Child.State() }
    await store.send(.child(.presented(.task)))
    await store.send(.child(.presented(.requestDismissal)))
    await store.receive(.child(.presented(.dismissMe))) { $0.child = nil }
  }
}
