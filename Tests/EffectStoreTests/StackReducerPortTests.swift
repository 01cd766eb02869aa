import EffectStore
import ReduxTesting
import Testing

// TCA's StackReducerTests, with its reducers, actions and assertions: screens pushed and popped
// by the parent, by themselves (`dismiss()`) and by `popFrom`, their effects ended with them,
// pushes with ids, and the reports of a push the stack cannot take.

private struct Child: Reducer {
  struct State: Equatable, Sendable {
    var count = 0
  }
  enum Action: Equatable, Sendable {
    case cancellableTap, cancelTap, closeButtonTapped, dismissLater, onAppear, response(Int), tap
  }
  enum CancelID: Hashable, Sendable { case tap }
  @Dependency(\.dismiss) var dismiss
  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .cancellableTap:
      return .run { send in
        try await clock.sleep(for: .seconds(1))
        await send(.response(42))
      }
      .cancellable(id: CancelID.tap)
    case .cancelTap:
      return .cancel(id: CancelID.tap)
    case .closeButtonTapped:
      return .run { _ in await dismiss() }
    case .dismissLater:
      return .run { [count = state.count] _ in
        try await clock.sleep(for: .seconds(count))
        await dismiss()
      }
    case .onAppear:
      return .run { _ in try await Task.sleep(for: .seconds(1_000)) }
    case .response(let value):
      state.count = value
      return .none
    case .tap:
      return .run { [count = state.count] send in
        try await clock.sleep(for: .seconds(count))
        await send(.response(42))
      }
    }
  }
}

private struct Parent: Reducer {
  struct State: Equatable, Sendable {
    var children = StackState<Child.State>()
    /// The count of the last screen popped by `popFrom`, which the parent reads as it pops.
    var lastPoppedCount: Int?
  }
  enum Action: Equatable, Sendable {
    case children(StackAction<Child.State, Child.Action>)
    case popChild, popToRoot, pushChild, tapAfter
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .children(.popFrom(let id)):
        // TCA's order: the parent sees a pop while the screen is still there.
        state.lastPoppedCount = state.children[id: id]?.count
      case .children, .tapAfter: break
      case .popChild: state.children.removeLast()
      case .popToRoot: state.children.removeAll()
      case .pushChild: state.children.append(Child.State())
      }
      return .none
    }
    .forEach(\.children, action: Action.children) {
      if case .children(let action) = $0 { action } else { nil }
    } element: {
      Child()
    }
    // After the stack's reducer: a removal here ends the screens' effects all the same.
    Reduce { state, action in
      if action == .tapAfter { state.children.removeAll() }
      return .none
    }
  }
}

@MainActor
@Suite struct StackReducerPortTests {
  private func makeStore(
    _ children: [Child.State] = [], clock: TestClock = TestClock()
  ) -> FeatureTestStore<Parent.State, Parent.Action> {
    FeatureTestStore(
      initialState: Parent.State(children: StackState(children)),
      dependencies: { $0.continuousClock = clock }
    ) { Parent() }
  }

  /// TCA's `testPresent`.
  @Test func aPushedScreen() async {
    let store = makeStore()
    await store.send(.pushChild) { $0.children.append(Child.State()) }
  }

  /// TCA's `testDismissFromParent`: the parent's pop ends the screen's effect.
  @Test func theParentPopsAScreenAndItsEffectEnds() async {
    let store = makeStore()
    await store.send(.pushChild) { $0.children.append(Child.State()) }
    await store.send(.children(.element(id: 0, action: .onAppear)))
    await store.send(.popChild) { $0.children.removeLast() }
  }

  /// TCA's `testDismissFromChild`.
  @Test func aScreenPopsItselfAndItsOtherEffectEnds() async {
    let store = makeStore()
    await store.send(.pushChild) { $0.children.append(Child.State()) }
    await store.send(.children(.element(id: 0, action: .onAppear)))
    await store.send(.children(.element(id: 0, action: .closeButtonTapped)))
    await store.receive(.children(.popFrom(id: 0))) {
      $0.children.removeLast()
      $0.lastPoppedCount = 0
    }
  }

  /// TCA's `testDismissReceiveWrongAction`: receiving a pop of another screen fails once.
  @Test func receivingThePopOfAnotherScreenFails() async {
    let failures = await failuresReported {
      let store = makeStore([Child.State()])
      await store.send(.children(.element(id: 0, action: .closeButtonTapped)))
      await store.receive(.children(.popFrom(id: 1))) {
        $0.children = StackState()
        $0.lastPoppedCount = 0
      }
    }
    #expect(failures.count == 1, "\(failures)")
  }

  /// TCA's `testDismissFromIntermediateChild`: the middle screen's dismissal pops it and the
  /// screen above it, whose effect ends.
  @Test func aMiddleScreenDismissingItselfPopsThoseAboveIt() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await store.send(.children(.push(id: 0, state: Child.State(count: 2)))) {
      $0.children[id: 0] = Child.State(count: 2)
    }
    await store.send(.children(.element(id: 0, action: .dismissLater)))
    await store.send(.children(.push(id: 1, state: Child.State(count: 1)))) {
      $0.children[id: 1] = Child.State(count: 1)
    }
    await store.send(.children(.element(id: 1, action: .dismissLater)))
    await store.send(.children(.push(id: 2, state: Child.State(count: 2)))) {
      $0.children[id: 2] = Child.State(count: 2)
    }
    await store.send(.children(.element(id: 2, action: .dismissLater)))
    await clock.advance(by: .seconds(1))
    await store.receive(.children(.popFrom(id: 1))) {
      $0.children.removeLast(2)
      $0.lastPoppedCount = 1
    }
    await store.send(.children(.popFrom(id: 0))) {
      $0.children = StackState()
      $0.lastPoppedCount = 2
    }
  }

  /// TCA's `testDismissFromDeepLinkedChild`: a screen the stack started with.
  @Test func aScreenTheStackStartedWithPopsItself() async {
    let store = makeStore([Child.State()])
    await store.send(.children(.element(id: 0, action: .closeButtonTapped)))
    await store.receive(.children(.popFrom(id: 0))) {
      $0.children.removeAll()
      $0.lastPoppedCount = 0
    }
  }

  /// TCA's `testParentDismiss`: popping to the root ends every screen's effect.
  @Test func poppingToTheRootEndsEveryScreensEffect() async {
    let store = makeStore()
    await store.send(.pushChild) { $0.children.append(Child.State()) }
    await store.send(.children(.element(id: 0, action: .onAppear)))
    await store.send(.pushChild) { $0.children.append(Child.State()) }
    await store.send(.children(.element(id: 1, action: .onAppear)))
    await store.send(.popToRoot) { $0.children.removeAll() }
  }

  /// TCA's `testMultipleChildEffects`: each screen's response comes to its own id.
  @Test func eachScreensResponseComesToItsID() async {
    let clock = TestClock()
    let store = makeStore([Child.State(count: 1), Child.State(count: 2)], clock: clock)
    await store.send(.children(.element(id: 0, action: .tap)))
    await store.send(.children(.element(id: 1, action: .tap)))
    await clock.advance(by: .seconds(1))
    await store.receive(.children(.element(id: 0, action: .response(42)))) {
      $0.children[id: 0]?.count = 42
    }
    await clock.advance(by: .seconds(1))
    await store.receive(.children(.element(id: 1, action: .response(42)))) {
      $0.children[id: 1]?.count = 42
    }
  }

  /// TCA's `testChildEffectCancellation`.
  @Test func aPopFromEndsTheScreensEffect() async {
    let store = makeStore([Child.State()])
    await store.send(.children(.element(id: 0, action: .onAppear)))
    await store.send(.children(.popFrom(id: 0))) {
      $0.children[id: 0] = nil
      $0.lastPoppedCount = 0
    }
  }

  /// TCA's `testChildWithInFlightEffect`: one failure, at the send that started it.
  @Test func aScreensEffectStillRunningFailsOnce() async {
    let failures = await failuresReported {
      let store = makeStore([Child.State()])
      await store.send(.children(.element(id: 0, action: .onAppear)))
    }
    #expect(failures.count == 1, "\(failures)")
    #expect(failures.first?.description.contains("still running") == true, "\(failures)")
  }

  /// TCA's `testPush`: pushes by action and by the parent share one numbering, and an id whose
  /// screen was popped may be pushed again.
  @Test func pushesByActionAndByTheParentShareTheNumbering() async {
    let store = makeStore()
    await store.send(.children(.push(id: 0, state: Child.State()))) { $0.children[id: 0] = Child.State() }
    await store.send(.pushChild) { $0.children[id: 1] = Child.State() }
    await store.send(.children(.push(id: 2, state: Child.State()))) { $0.children[id: 2] = Child.State() }
    await store.send(.pushChild) { $0.children[id: 3] = Child.State() }
    await store.send(.children(.popFrom(id: 0))) {
      $0.children = StackState()
      $0.lastPoppedCount = 0
    }
    await store.send(.children(.push(id: 0, state: Child.State()))) { $0.children[id: 0] = Child.State() }
  }

  /// TCA's `testPushReusedID`.
  @Test func aPushOfAnIDOnTheStackIsReported() async {
    let failures = await failuresReported {
      let store = makeStore()
      await store.send(.children(.push(id: 0, state: Child.State()))) { $0.children[id: 0] = Child.State() }
      await store.send(.children(.push(id: 0, state: Child.State())))
    }
    #expect(failures.count == 1, "\(failures)")
  }

  /// TCA's `testPushIDGreaterThanNextGeneration`: a push with an id the stack has not given
  /// yet is reported, and the screen is pushed with it.
  @Test func aPushOfAnIDNotGivenYetIsReported() async {
    let failures = await failuresReported {
      let store = makeStore()
      await store.send(.children(.push(id: 1, state: Child.State()))) { $0.children[id: 1] = Child.State() }
    }
    #expect(failures.count == 1, "\(failures)")
    #expect(failures.first?.description.contains("#1") == true, "\(failures)")
  }

  /// TCA's `testMismatchedIDFailure`.
  @Test func anAssertionOfAPushAtAnotherIDFails() async {
    let failures = await failuresReported {
      let store = makeStore()
      await store.send(.children(.push(id: 0, state: Child.State()))) { $0.children[id: 1] = Child.State() }
    }
    #expect(failures.count == 1, "\(failures)")
  }

  /// TCA's `testOuterCancellation`: screens removed by a reducer listed after the stack's have
  /// their effects ended too.
  @Test func screensRemovedAfterTheStacksReducerHaveTheirEffectsEnded() async {
    let store = makeStore()
    await store.send(.children(.push(id: 0, state: Child.State()))) { $0.children[id: 0] = Child.State() }
    await store.send(.children(.element(id: 0, action: .onAppear)))
    await store.send(.popToRoot) { $0.children.removeAll() }
    await store.send(.children(.push(id: 1, state: Child.State()))) { $0.children[id: 1] = Child.State() }
    await store.send(.children(.element(id: 1, action: .onAppear)))
    await store.send(.tapAfter) { $0.children.removeAll() }
  }
}

/// A screen of two kinds, each its case of one enum, as TCA's `@Reducer enum Path`.
private struct Path: Reducer {
  enum State: Equatable, Sendable { case child1(Child.State), child2(Child.State) }
  enum Action: Equatable, Sendable { case child1(Child.Action), child2(Child.Action) }
  var body: some Reducer<State, Action> {
    CaseScope(
      state: { if case .child1(let state) = $0 { state } else { nil } }, embed: State.child1,
      action: Action.child1, extract: { if case .child1(let action) = $0 { action } else { nil } }
    ) {
      Child()
    }
    CaseScope(
      state: { if case .child2(let state) = $0 { state } else { nil } }, embed: State.child2,
      action: Action.child2, extract: { if case .child2(let action) = $0 { action } else { nil } }
    ) {
      Child()
    }
  }
}

private struct PathParent: Reducer {
  struct State: Equatable, Sendable { var path = StackState<Path.State>() }
  enum Action: Equatable, Sendable {
    case path(StackAction<Path.State, Path.Action>)
    case popFirst
  }
  var body: some Reducer<State, Action> {
    Reduce { state, action in
      if action == .popFirst { state.path[id: state.path.ids[0]] = nil }
      return .none
    }
    .forEach(\.path, action: Action.path) {
      if case .path(let action) = $0 { action } else { nil }
    } element: {
      Path()
    }
  }
}

@MainActor
@Suite struct StackOfEnumScreensPortTests {
  private func makeStore(clock: TestClock) -> FeatureTestStore<PathParent.State, PathParent.Action> {
    FeatureTestStore(
      initialState: PathParent.State(
        path: StackState([.child1(Child.State(count: 1)), .child2(Child.State(count: 2))])),
      dependencies: { $0.continuousClock = clock }
    ) { PathParent() }
  }

  /// TCA's `testSiblingCannotCancel`: a screen's cancel of an id stops its own effect, not the
  /// other screen's, though both use the id.
  @Test func aScreenCannotCancelItsSiblingsEffect() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await store.send(.path(.element(id: 0, action: .child1(.cancellableTap))))
    await store.send(.path(.element(id: 1, action: .child2(.cancellableTap))))
    await store.send(.path(.element(id: 0, action: .child1(.cancelTap))))
    await clock.advance(by: .seconds(2))
    await store.receive(.path(.element(id: 1, action: .child2(.response(42))))) {
      $0.path[id: 1] = .child2(Child.State(count: 42))
    }
    await store.send(.path(.element(id: 0, action: .child1(.cancellableTap))))
    await store.send(.path(.element(id: 1, action: .child2(.cancellableTap))))
    await store.send(.path(.element(id: 1, action: .child2(.cancelTap))))
    await clock.advance(by: .seconds(1))
    await store.receive(.path(.element(id: 0, action: .child1(.response(42))))) {
      $0.path[id: 0] = .child1(Child.State(count: 42))
    }
  }

  /// TCA's `testFirstChildWhileEffectInFlight_DeliversToCorrectID`: popping the first screen
  /// ends its effect, and the second screen's response still reaches the second screen.
  @Test func popingTheFirstScreenLeavesTheSecondsResponseToIt() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await store.send(.path(.element(id: 0, action: .child1(.tap))))
    await store.send(.path(.element(id: 1, action: .child2(.tap))))
    await clock.advance(by: .seconds(1))
    await store.receive(.path(.element(id: 0, action: .child1(.response(42))))) {
      $0.path[id: 0] = .child1(Child.State(count: 42))
    }
    await clock.advance(by: .seconds(1))
    await store.receive(.path(.element(id: 1, action: .child2(.response(42))))) {
      $0.path[id: 1] = .child2(Child.State(count: 42))
    }
    await store.send(.path(.element(id: 1, action: .child2(.tap))))
    await store.send(.popFirst) { $0.path[id: 0] = nil }
    await clock.advance(by: .seconds(42))
    await store.receive(.path(.element(id: 1, action: .child2(.response(42)))))
    await store.send(.popFirst) { $0.path[id: 1] = nil }
  }
}
