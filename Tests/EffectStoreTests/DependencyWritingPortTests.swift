import EffectStore
import ReduxTesting
import Testing

// TCA's DependencyKeyWritingReducerTests, with its reducers and assertions: of several
// `.dependency` and `.transformDependency` around a feature, the one closest to it wins, and a
// feature's dependency reaches the effects of its effects' actions.

private enum MyValue: DependencyKey {
  static let liveValue = 0
  static let testValue: Int? = 0
}

extension DependencyValues {
  fileprivate var myValue: Int {
    get { self[MyValue.self] }
    set { self[MyValue.self] = newValue }
  }
}

private struct Feature: Reducer {
  struct State: Equatable, Sendable { var value = 0 }
  enum Action: Equatable, Sendable { case tap }
  @Dependency(\.myValue) var myValue

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.value = myValue
    return .none
  }
}

private struct Chain: Reducer {
  struct State: Equatable, Sendable { var count = 0 }
  enum Action: Equatable, Sendable { case tap, response(Int), otherResponse(Int) }
  @Dependency(\.myValue) var myValue

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .tap:
      state.count += 1
      return .run { send in await send(.response(myValue)) }
    case .response(let value):
      state.count = value
      return .run { send in await send(.otherResponse(myValue)) }
    case .otherResponse(let value):
      state.count = value
      return .none
    }
  }
}

@MainActor
@Suite struct DependencyWritingPortTests {
  /// TCA's `testWritingFusionOrder` and `testTransformFusionOrder`.
  @Test func theDependencyClosestToTheFeatureWins() async {
    let written = FeatureTestStore(initialState: Feature.State()) {
      Feature().dependency(\.myValue, 42).dependency(\.myValue, 1729)
    }
    await written.send(.tap) { $0.value = 42 }
    let transformed = FeatureTestStore(initialState: Feature.State()) {
      Feature().transformDependency(\.myValue) { $0 = 42 }.transformDependency(\.myValue) { $0 = 1729 }
    }
    await transformed.send(.tap) { $0.value = 42 }
  }

  /// TCA's `testWritingOrder` and `testTransformOrder`: around a combination too.
  @Test func aDependencyInsideACombinationWinsOverOneAroundIt() async {
    let written = FeatureTestStore(initialState: Feature.State()) {
      CombineReducers { Feature().dependency(\.myValue, 42) }.dependency(\.myValue, 1729)
    }
    await written.send(.tap) { $0.value = 42 }
    let transformed = FeatureTestStore(initialState: Feature.State()) {
      CombineReducers { Feature().transformDependency(\.myValue) { $0 += 42 } }
        .transformDependency(\.myValue) { $0 += 1000 }
    }
    await transformed.send(.tap) { $0.value = 1042 }
  }

  /// TCA's `testDependency_EffectOfEffect`.
  @Test func aDependencyReachesTheEffectsOfItsEffectsActions() async {
    let store = FeatureTestStore(initialState: Chain.State()) { Chain().dependency(\.myValue, 42) }
    await store.send(.tap) { $0.count = 1 }
    await store.receive(.response(42)) { $0.count = 42 }
    await store.receive(.otherResponse(42))
  }
}
