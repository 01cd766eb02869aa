import FunctionalStore
import Testing

@MainActor
@Suite struct SliceTests {
  @Test func aCaseReducerGivesACreatorOfTypedActionsNamedAfterItsSlice() {
    #expect(Count.incremented.type.name == "count/incremented")
    #expect(Count.added(5).type == Count.added.type)
    #expect(Count.added.match(Count.added(5)) == 5)
    #expect(Count.added.match(Count.incremented()) == nil)
    #expect(Count.incremented.match(Count.incremented()) != nil)
    #expect("\(Count.added(5))" == "count/added(5)")
    #expect("\(Count.incremented())" == "count/incremented")
  }

  @Test func theSlicesReducerAppliesItsOwnCasesAndNothingElse() {
    let store = createStore(reducer: Count.slice.reducer, initialState: CountState())
    store.dispatch(Count.incremented())
    store.dispatch(Count.added(5))
    store.dispatch(appCleared())
    store.dispatch(Tally.cleared())
    #expect(store.getState().value == 6)
    store.dispatch(Count.reset())
    #expect(store.getState().value == 0)
  }

  @Test func extraReducersReactToOtherSlicesCreatedActionsMatchersAndDefault() {
    let store = createStore(reducer: sliceAppReducer, initialState: SliceAppState())
    store.dispatch(Count.added(2))
    store.dispatch(Count.added(3))
    store.dispatch(Count.reset())
    store.dispatch(appCleared())
    store.dispatch(Count.incremented())
    #expect(store.getState().count.value == 1)
    #expect(store.getState().tally.added == 5)
    #expect(store.getState().tally.resets == 1)
    // The matcher took `app/cleared`; the default case took only what nothing else handled.
    #expect(store.getState().tally.others == ["app/cleared", "default count/incremented"])
    store.dispatch(Tally.cleared())
    #expect(store.getState().tally == TallyState())
  }

  @Test func actionsAreEqualByTypeAndPayload() {
    #expect(Count.added(5) == Count.added(5))
    #expect(Count.added(5) != Count.added(6))
    #expect(Count.incremented() == Count.incremented())
    #expect(Count.incremented() != Count.reset())
    struct Opaque: Sendable {}
    let opaque = ActionCreator<Opaque>("test/opaque")
    #expect(opaque(Opaque()) != opaque(Opaque()), "payloads that cannot be compared are not equal")
  }

  @Test func creatorsOfOneNameMakeOneTypeAndSlicesOfOneNameKeepTheirOwnCases() {
    let again = ActionCreator<Int>("count/added")
    #expect(again.type == Count.added.type)
    #expect(again.match(Count.added(4)) == 4)
    // A second slice named like the first has cases of the same types, but each slice applies
    // only the actions its own cases made.
    let twin = StateSlice<CountState>(name: "count")
    let twinAdded = twin.caseReducer("added") { (state, amount: Int) in state.value += amount * 100 }
    let store = createStore(reducer: Count.slice.reducer, initialState: CountState())
    store.dispatch(twinAdded(1))
    #expect(store.getState().value == 0)
    store.dispatch(Count.added(1))
    #expect(store.getState().value == 1)
  }

  @Test func aCreatorIsASwitchPattern() {
    func describe(_ action: PayloadAction) -> String {
      switch action {
      case Count.incremented: "one more"
      case Count.added: "\(Count.added.match(action)!) more"
      default: action.type.name
      }
    }
    #expect(describe(Count.incremented()) == "one more")
    #expect(describe(Count.added(3)) == "3 more")
    #expect(describe(appCleared()) == "app/cleared")
  }

  @Test func aBoundCreatorDispatchesAndOutlivesItsStoreHarmlessly() {
    var store: ReduxStore<CountState, PayloadAction>? = createStore(
      reducer: Count.slice.reducer, initialState: CountState())
    let add = store!.bind(Count.added)
    add(4)
    #expect(store!.getState().value == 4)
    weak let gone = store
    store = nil
    #expect(gone == nil)
    add(1)
  }

  @Test func slicesRunInAStoreWithMiddlewaresAndListeners() {
    let seen = Log<String>()
    let logging = Middleware<SliceAppState, PayloadAction> { _, action, next in
      seen.append("\(action)")
      next(action)
    }
    let store = createStore(
      reducer: sliceAppReducer, initialState: SliceAppState(), enhancer: applyMiddleware(logging))
    var counts: [Int] = []
    store.listen { [unowned store] in counts.append(store.getState().count.value) }
    store.dispatch(Count.added(2))
    store.dispatch(Count.incremented())
    #expect(seen.entries == ["count/added(2)", "count/incremented"])
    #expect(counts == [2, 3])
  }
}
