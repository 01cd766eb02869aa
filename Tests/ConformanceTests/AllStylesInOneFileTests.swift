import ClassStore
import EffectStore
import FunctionalStore
import IdentifiedCollections
import ReduxTesting
import Testing

// One file that imports every style, swift-identified-collections and the test stores (with the
// clocks and diffs they re-export), and names each one's main types unqualified: a codebase that
// moves one feature at a time from one style to another compiles like this.

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

  @Test func identifiedCollectionsAndClocksAreUnambiguousBesideEveryStyle() async {
    struct Row: Identifiable, Equatable {
      let id: Int
      var count = 0
    }
    struct Rows: Equatable {
      var rows: IdentifiedArrayOf<Row> = [Row(id: 1), Row(id: 2)]
    }
    let reducer = ReduxReducer<Rows, Int> { state, id in state.rows[id: id]?.count += 1 }
    let functional = createStore(reducer: reducer, initialState: Rows())
    let effect = FeatureStore(
      initialState: Rows(),
      reducer: Reduce<Rows, Int> { state, id in
        state.rows[id: id]?.count += 1
        return .none
      })
    final class RowsStore: CommitStore<Rows> {
      func bump(_ id: Int) { commit { $0.rows[id: id]?.count += 1 } }
    }
    let classBased = RowsStore(state: Rows())

    functional.dispatch(2)
    effect.send(2)
    classBased.bump(2)

    let expected: IdentifiedArray<Int, Row> = [Row(id: 1), Row(id: 2, count: 1)]
    #expect([functional.rows, effect.rows, classBased.rows] == [expected, expected, expected])
    let clock = TestClock()
    await clock.advance(by: .seconds(1))
    #expect(clock.now == TestClock.Instant().advanced(by: .seconds(1)))
    #expect(diff(Rows(), functional.state) != nil)
  }
}
