import ClassStore
import EffectStore
import FunctionalStore
import Testing

// One file that imports every style and names each style's main types unqualified: a codebase
// that moves one feature at a time from one style to another compiles like this.

private struct Tally: Equatable {
  var count = 0
}

private enum TallyAction {
  case add(Int)
}

private let tallyReducer = ReduxReducer<Tally, TallyAction> { tally, action in
  switch action {
  case .add(let amount): tally.count += amount
  }
}

private struct TallyFeature: Reducer {
  func reduce(into tally: inout Tally, action: TallyAction) -> Effect<TallyAction> {
    switch action {
    case .add(let amount): tally.count += amount
    }
    return .none
  }
}

private final class TallyStore: CommitStore<Tally> {
  func add(_ amount: Int) {
    commit { $0.count += amount }
  }
}

@MainActor
@Suite struct AllStylesInOneFileTests {
  @Test func everyStyleIsUsableUnqualifiedInOneFile() {
    let functional: ReduxStore<Tally, TallyAction> = createStore(reducer: tallyReducer, initialState: Tally())
    let effect = FeatureStore(initialState: Tally(), reducer: TallyFeature())
    let classBased = TallyStore(state: Tally())

    functional.dispatch(.add(2))
    effect.send(.add(2))
    classBased.add(2)

    #expect(functional.count == 2)
    #expect(effect.count == 2)
    #expect(classBased.count == 2)
  }

  @Test func oneMiddlewareTypeServesEveryStyle() {
    func twice<State, Action>() -> Middleware<State, Action> {
      Middleware { _, action, next in
        next(action)
        next(action)
      }
    }
    let functional = createStore(
      reducer: tallyReducer, initialState: Tally(), enhancer: applyMiddleware(twice()))
    let effect = FeatureStore(initialState: Tally(), reducer: TallyFeature(), middlewares: [twice()])
    let classBased = TallyStore(state: Tally(), middlewares: [twice()])

    functional.dispatch(.add(1))
    effect.send(.add(1))
    classBased.add(1)

    #expect([functional.count, effect.count, classBased.count] == [2, 2, 2])
  }
}
