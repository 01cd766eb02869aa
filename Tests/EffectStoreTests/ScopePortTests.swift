import EffectStore
import ReduxTesting
import Testing

// TCA's ScopeTests, with its reducers, actions and assertions: a struct child and an enum
// child scoped side by side, each sending an action back from an effect, and an action for a
// case the state is not in, reported.

private struct Child1: Reducer {
  struct State: Equatable, Sendable { var count = 0 }
  enum Action: Equatable, Sendable { case decrementButtonTapped, incrementButtonTapped }
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .decrementButtonTapped:
      state.count -= 1
      return state.count < 0 ? .run { await $0(.incrementButtonTapped) } : .none
    case .incrementButtonTapped:
      state.count += 1
      return .none
    }
  }
}

private struct Child2: Reducer {
  enum State: Equatable, Sendable {
    case count(Int)
    case name(String)
  }
  enum Action: Equatable, Sendable {
    case count(Int)
    case name(String)
  }
  var body: some Reducer<State, Action> {
    EmptyReducer()
      .ifCaseLet(
        state: { if case .count(let count) = $0 { count } else { nil } }, embed: State.count,
        action: Action.count, extract: { if case .count(let count) = $0 { count } else { nil } }
      ) {
        Reduce<Int, Int> { state, action in
          state = action
          return state < 0 ? .run { await $0(0) } : .none
        }
      }
      .ifCaseLet(
        state: { if case .name(let name) = $0 { name } else { nil } }, embed: State.name,
        action: Action.name, extract: { if case .name(let name) = $0 { name } else { nil } }
      ) {
        Reduce<String, String> { state, action in
          state = action
          return state.isEmpty ? .run { await $0("Empty") } : .none
        }
      }
  }
}

private struct Feature: Reducer {
  struct State: Equatable, Sendable {
    var child1 = Child1.State()
    var child2 = Child2.State.count(0)
  }
  enum Action: Equatable, Sendable {
    case child1(Child1.Action)
    case child2(Child2.Action)
  }
  var body: some Reducer<State, Action> {
    Scope(state: \.child1, action: Action.child1) {
      if case .child1(let action) = $0 { action } else { nil }
    } child: {
      Child1()
    }
    Scope(state: \.child2, action: Action.child2) {
      if case .child2(let action) = $0 { action } else { nil }
    } child: {
      Child2()
    }
  }
}

@MainActor
@Suite struct ScopePortTests {
  @Test func structChild() async {
    let store = FeatureTestStore(initialState: Feature.State()) { Feature() }
    await store.send(.child1(.incrementButtonTapped)) { $0.child1.count = 1 }
    await store.send(.child1(.decrementButtonTapped)) { $0.child1.count = 0 }
    await store.send(.child1(.decrementButtonTapped)) { $0.child1.count = -1 }
    await store.receive(.child1(.incrementButtonTapped)) { $0.child1.count = 0 }
  }

  @Test func enumChild() async {
    let store = FeatureTestStore(initialState: Feature.State()) { Feature() }
    await store.send(.child2(.count(1))) { $0.child2 = .count(1) }
    await store.send(.child2(.count(-1))) { $0.child2 = .count(-1) }
    await store.receive(.child2(.count(0))) { $0.child2 = .count(0) }
  }

  @Test func anActionForAnotherCaseIsReported() async {
    let store = FeatureTestStore(initialState: Child2.State.count(0)) {
      CaseScope(
        state: { if case .name(let name) = $0 { name } else { nil } }, embed: Child2.State.name,
        action: Child2.Action.name, extract: { if case .name(let name) = $0 { name } else { nil } }
      ) {
        EmptyReducer<String, String>()
      }
    }
    await withKnownIssue {
      await store.send(.name("Blob"))
    } matching: { issue in
      "\(issue)".contains("name's Blob, with the state in case count")
    }
  }
}
