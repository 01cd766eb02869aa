import EffectStore
import ReduxTesting
import Testing

// TCA's StackReducer tests for what a `StackAction` case brings: a screen that pops itself with
// `dismiss()`, a pop from a screen (those above it go too, and their effects end), a push with
// the id the screen gets, and the reports of actions for screens not on the stack.

private struct Screen: Reducer {
  struct State: Equatable, Sendable {
    var count = 0
  }
  enum Action: Equatable, Sendable { case closeButtonTapped, startTimer, tick }
  let clock: any Clock<Duration>
  @Dependency(\.dismiss) var dismiss

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .closeButtonTapped:
      return .run { _ in await dismiss() }
    case .startTimer:
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

private struct Navigator: Reducer {
  struct State: Equatable, Sendable {
    var path = StackState<Screen.State>()
    var popped: [StackElementID] = []
  }
  enum Action: Equatable, Sendable {
    case path(StackAction<Screen.State, Screen.Action>)
    case pushScreen
  }
  let clock: any Clock<Duration>

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .path(.popFrom(let id)):
        // The parent sees the pop before the stack applies it: the screen is still there.
        if state.path[id: id] != nil { state.popped.append(id) }
      case .pushScreen:
        state.path.append(Screen.State())
      case .path:
        break
      }
      return .none
    }
    ForEachElement(\.path, action: Action.path) {
      if case .path(let action) = $0 { action } else { nil }
    } child: {
      Screen(clock: clock)
    }
  }
}

@MainActor
@Suite struct StackActionTests {
  @Test func aScreenPopsItselfWithDismiss() async {
    let store = FeatureTestStore(initialState: Navigator.State()) { Navigator(clock: TestClock()) }
    await store.send(.pushScreen) { $0.path[id: 0] = Screen.State() }
    await store.send(.path(.element(id: 0, action: .closeButtonTapped)))
    await store.receive(.path(.popFrom(id: 0))) {
      $0.path = StackState()
      $0.popped = [0]
    }
  }

  @Test func aPopFromAScreenPopsThoseAboveItAndEndsTheirEffects() async {
    let clock = TestClock()
    let store = FeatureTestStore(initialState: Navigator.State()) { Navigator(clock: clock) }
    await store.send(.pushScreen) { $0.path[id: 0] = Screen.State() }
    await store.send(.pushScreen) { $0.path[id: 1] = Screen.State() }
    await store.send(.path(.element(id: 1, action: .startTimer)))
    await clock.advance(by: .seconds(1))
    await store.receive(.path(.element(id: 1, action: .tick))) { $0.path[id: 1]?.count = 1 }
    await store.send(.path(.popFrom(id: 0))) {
      $0.path = StackState()
      $0.popped = [0]
    }
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func aPushGivesTheScreenItsID() async {
    let store = FeatureTestStore(initialState: Navigator.State()) { Navigator(clock: TestClock()) }
    await store.send(.path(.push(id: 0, state: Screen.State(count: 7)))) {
      $0.path[id: 0] = Screen.State(count: 7)
    }
    await store.send(.pushScreen) { $0.path[id: 1] = Screen.State() }
  }

  @Test func anActionForAScreenNotOnTheStackIsReported() async {
    let store = FeatureTestStore(initialState: Navigator.State()) { Navigator(clock: TestClock()) }
    await withKnownIssue {
      await store.send(.path(.element(id: 3, action: .tick)))
    } matching: { issue in
      issue.description.contains(
        "an action for an element that is not in its collection: tick, for element #3")
    }
  }

  @Test func aPopOfAScreenNotOnTheStackIsReported() async {
    let store = FeatureTestStore(initialState: Navigator.State()) { Navigator(clock: TestClock()) }
    await withKnownIssue {
      await store.send(.path(.popFrom(id: 0)))
    } matching: { issue in
      issue.description.contains("popFrom(id: #0) for a screen that is not on it")
    }
  }

  @Test func aPushOfAnIDTheStackHoldsIsReported() async {
    let store = FeatureTestStore(initialState: Navigator.State()) { Navigator(clock: TestClock()) }
    await store.send(.pushScreen) { $0.path[id: 0] = Screen.State() }
    await withKnownIssue {
      await store.send(.path(.push(id: 0, state: Screen.State(count: 1))))
    } matching: { issue in
      issue.description.contains("for a screen it already holds")
    }
  }
}
