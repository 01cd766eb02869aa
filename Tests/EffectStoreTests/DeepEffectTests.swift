import EffectStore
import ReduxTesting
import Testing

/// Starting effects is a loop over an explicit list, so nesting depth costs no stack.
@MainActor
@Suite struct DeepEffectTests {
  static let depth = 10_000

  /// `.merge(.send(.increment), .merge(.send(.increment), …))`, `depth` levels.
  static func nestedMerge() -> Effect<CounterAction> {
    var effect = Effect<CounterAction>.send(.increment)
    for _ in 1..<depth { effect = .merge(.send(.increment), effect) }
    return effect
  }

  /// The same with `.concatenate`, each level also wrapped in `.cancellable`.
  static func nestedConcatenation() -> Effect<CounterAction> {
    var effect = Effect<CounterAction>.send(.increment)
    for level in 1..<depth {
      effect = .concatenate(.send(.increment), effect.cancellable(id: level))
    }
    return effect
  }

  @Test(arguments: ["merge", "concatenate"])
  func tenThousandLevelsStartWithoutOverflowingTheStack(kind: String) async {
    let reducer = Reduce<CounterState, CounterAction> { state, action in
      switch action {
      case .add(0): return kind == "merge" ? Self.nestedMerge() : Self.nestedConcatenation()
      default: return Counter().reduce(into: &state, action: action)
      }
    }
    let store = FeatureStore(initialState: CounterState(), reducer: reducer)
    await store.send(.add(0)).finish()
    #expect(store.state.count == Self.depth)
  }

  @Test func aConcatenationWaitsForAsyncWorkDeepInside() async {
    let reducer = Reduce<CounterState, CounterAction> { state, action in
      switch action {
      case .add(0):
        var inner = Effect<CounterAction>.run { send in
          await Task.yield()
          await send(.add(100))
        }
        for _ in 0..<1_000 { inner = .merge(inner, .none) }
        return .concatenate(inner, .send(.increment))
      case .add(let amount):
        state.count += amount
        state.log.append("add \(amount)")
        return .none
      case .increment:
        state.log.append("increment")
        return .none
      default: return .none
      }
    }
    let store = FeatureTestStore(initialState: CounterState(), reducer: reducer)
    await store.send(.add(0))
    await store.receive(.add(100)) {
      $0.count = 100
      $0.log.append("add 100")
    }
    await store.receive(.increment) { $0.log.append("increment") }
    await store.finish()
  }
}

/// The same depth returned by a scoped child: `Scope` maps the child's effect into the parent's
/// actions, and mapping is a loop too.
@MainActor
@Suite struct DeepScopedEffectTests {
  enum Parent: Equatable, Sendable { case child(CounterAction) }

  @Test func aTenThousandLevelEffectFromAScopedChildIsMappedAndStarted() async {
    let child = Reduce<CounterState, CounterAction> { state, action in
      if action == .add(0) { return DeepEffectTests.nestedMerge() }
      return Counter().reduce(into: &state, action: action)
    }
    let parent = Scope(state: \CounterState.self, action: Parent.child) {
      if case .child(let action) = $0 { action } else { nil }
    } child: {
      child
    }
    let store = FeatureStore(initialState: CounterState(), reducer: parent)
    await store.send(.child(.add(0))).finish()
    #expect(store.state.count == DeepEffectTests.depth)
  }
}
