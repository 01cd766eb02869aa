import EffectStore
import Testing

// The reducer/effect samples of Docs/ChoosingAStyle.md.

struct CountAPI: Sendable {
  func fetch() async -> Int { 42 }
}

enum CounterPageAction: Equatable, Sendable {
  case increment
  case load
  case loaded(Int)
}

struct CounterPageFeature: Reducer {
  let api: CountAPI

  func reduce(into count: inout Int, action: CounterPageAction) -> Effect<CounterPageAction> {
    switch action {
    case .increment:
      count += 1
      return .none
    case .load:
      return .run { send in await send(.loaded(await api.fetch())) }
    case .loaded(let value):
      count = value
      return .none
    }
  }
}

@MainActor
@Suite struct ChoosingAStyleEffect {
  @Test func sameScreen() async {
    let feature = FeatureStore(initialState: 0, reducer: CounterPageFeature(api: CountAPI()))
    feature.send(.increment)
    await feature.send(.load).finish()
    #expect(feature.state == 42)
  }
}
