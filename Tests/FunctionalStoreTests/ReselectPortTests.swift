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

/// Reselect's tests of `lruMemoize`'s `maxSize` and of selectors with arguments
/// (`(state, props) => …` input selectors), ported with their inputs and counts.
@Suite struct ReselectCacheAndArgumentPortTests {
  struct Letters: Equatable, Sendable {
    var a = 1
  }

  @Test func aCacheOfThreeKeepsTheThreeMostRecentlyUsedInputs() {
    let selector = createSelector({ (state: Letters) in state.a }, cacheSize: 3) { a in a * 10 }
    #expect(selector(Letters(a: 1)) == 10)
    #expect(selector(Letters(a: 2)) == 20)
    #expect(selector(Letters(a: 3)) == 30)
    #expect(selector.recomputations == 3)
    #expect(selector(Letters(a: 1)) == 10)  // still kept
    #expect(selector.recomputations == 3)
    #expect(selector(Letters(a: 4)) == 40)  // drops 2, the least recently used
    #expect(selector.recomputations == 4)
    #expect(selector(Letters(a: 3)) == 30)
    #expect(selector(Letters(a: 1)) == 10)
    #expect(selector.recomputations == 4)
    #expect(selector(Letters(a: 2)) == 20)
    #expect(selector.recomputations == 5)
  }

  @Test func theDefaultCacheKeepsTheLastInputsOnly() {
    let selector = createSelector({ (state: Letters) in state.a }) { a in a * 10 }
    _ = selector(Letters(a: 1))
    _ = selector(Letters(a: 2))
    _ = selector(Letters(a: 1))
    #expect(selector.recomputations == 3)
  }

  struct Props: Equatable, Sendable {
    var c = 0
  }

  @Test func basicSelectorWithProps() {
    let selector = createSelector(
      { (state: Letters, _: Props) in state.a }, { (_: Letters, props: Props) in props.c }
    ) { a, c in a + c }
    #expect(selector(Letters(a: 1), Props(c: 100)) == 101)
    #expect(selector(Letters(a: 1), Props(c: 100)) == 101)
    #expect(selector.recomputations == 1)
    #expect(selector(Letters(a: 2), Props(c: 100)) == 102)
    #expect(selector.recomputations == 2)
    #expect(selector(Letters(a: 2), Props(c: 200)) == 202)
    #expect(selector.recomputations == 3)
    #expect(selector.lastResult == 202)
    selector.resetRecomputations()
    #expect(selector.recomputations == 0)
  }

  struct Todo: Identifiable, Equatable, Sendable {
    let id: Int
    var title: String
  }

  struct TodoList: Equatable, Sendable {
    var todos: [Todo] = [Todo(id: 0, title: "Buy milk"), Todo(id: 1, title: "Walk")]
    var filter = ""
  }

  /// RTK's `selectTodoById` pattern: an id argument, one cached output per id in use.
  @Test func aSelectorByIDKeepsAnOutputPerIDWithinItsCache() {
    let todoByID = createSelector(
      { (state: TodoList, _: Int) in state.todos }, { (_: TodoList, id: Int) in id }, cacheSize: 2
    ) { todos, id in todos.first { $0.id == id }?.title }
    let list = TodoList()
    #expect(todoByID(list, 0) == "Buy milk")
    #expect(todoByID(list, 1) == "Walk")
    #expect(todoByID(list, 0) == "Buy milk")
    #expect(todoByID(list, 1) == "Walk")
    #expect(todoByID.recomputations == 2)
    var renamed = list
    renamed.filter = "w"  // no input changed: the todos and the id are the same
    #expect(todoByID(renamed, 1) == "Walk")
    #expect(todoByID.recomputations == 2)
    renamed.todos[1].title = "Walk the dog"
    #expect(todoByID(renamed, 1) == "Walk the dog")
    #expect(todoByID.recomputations == 3)
  }
}
