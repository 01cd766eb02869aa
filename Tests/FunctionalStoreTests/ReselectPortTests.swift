import FunctionalStore
import Testing

// Reselect's own tests (`reselect/test/reselect.spec.ts`), ported with their inputs and
// counts: input selectors that are functions of the state, any number of them, selectors as
// inputs of others, `recomputations`, `resetRecomputations` and `lastResult`.

private struct Values: Equatable, Sendable {
  var a = 1
  var b = 2
  var c = 3
  var d = 4
  var e = 5
  var unrelated = 0
}

@Suite struct ReselectPortTests {
  @Test func basicSelector() {
    let selector = createSelector({ (state: Values) in state.a }) { a in a }
    let first = Values(a: 1)
    #expect(selector(first) == 1)
    #expect(selector(first) == 1)
    #expect(selector.recomputations == 1)
    #expect(selector(Values(a: 2)) == 2)
    #expect(selector.recomputations == 2)
  }

  @Test func basicSelectorMultipleKeys() {
    let selector = createSelector({ (state: Values) in state.a }, { $0.b }) { a, b in a + b }
    let state1 = Values(a: 1, b: 2)
    #expect(selector(state1) == 3)
    #expect(selector(state1) == 3)
    #expect(selector.recomputations == 1)
    let state2 = Values(a: 3, b: 2)
    #expect(selector(state2) == 5)
    #expect(selector(state2) == 5)
    #expect(selector.recomputations == 2)
  }

  @Test func anActionChangingNoInputComputesNothing() {
    let selector = createSelector({ (state: Values) in state.a }, { $0.b }) { a, b in a + b }
    var state = Values()
    _ = selector(state)
    state.unrelated += 1
    _ = selector(state)
    #expect(selector.recomputations == 1)
  }

  @Test func moreThanThreeInputs() {
    let selector = createSelector(
      { (state: Values) in state.a }, { $0.b }, { $0.c }, { $0.d }, { $0.e }
    ) { a, b, c, d, e in a + b + c + d + e }
    #expect(selector(Values()) == 15)
    #expect(selector(Values(e: 10)) == 20)
    #expect(selector.recomputations == 2)
  }

  @Test func aSelectorAsTheInputOfAnother() {
    let sum = createSelector({ (state: Values) in state.a }, { $0.b }) { a, b in a + b }
    let doubled = createSelector({ (state: Values) in sum(state) }) { total in total * 2 }
    #expect(doubled(Values(a: 1, b: 2)) == 6)
    #expect(doubled(Values(a: 1, b: 2, unrelated: 9)) == 6)
    #expect(sum.recomputations == 1)
    #expect(doubled.recomputations == 1)
    #expect(doubled(Values(a: 2, b: 2)) == 8)
    #expect(doubled.recomputations == 2)
  }

  @Test func resetRecomputationsAndLastResult() {
    let selector = createSelector({ (state: Values) in state.a }) { a in a * 10 }
    #expect(selector.lastResult == nil)
    _ = selector(Values(a: 1))
    _ = selector(Values(a: 2))
    #expect(selector.recomputations == 2)
    #expect(selector.lastResult == 20)
    selector.resetRecomputations()
    #expect(selector.recomputations == 0)
    _ = selector(Values(a: 2))
    #expect(selector.recomputations == 0 && selector.lastResult == 20)
  }

  @Test func keyPathsStillMakeTheFieldWatchingForm() {
    // A key path picks the key-path overload (it watches only its fields through a store).
    let selector = createSelector(\Values.a, \Values.b) { a, b in a * b }
    #expect(selector(Values(a: 3, b: 4)) == 12)
  }

  @MainActor
  @Test func readThroughAStoreGivesTheSameValues() {
    let store = createStore(
      reducer: ReduxReducer<Values, Int> { state, amount in state.a += amount }, initialState: Values())
    let selector = createSelector({ (state: Values) in state.a }, { $0.b }, { $0.c }, { $0.d }) {
      a, b, c, d in
      a + b + c + d
    }
    #expect(store.select(selector) == 10)
    store.dispatch(5)
    #expect(store.select(selector) == 15)
    #expect(selector.recomputations == 2)
  }
}
