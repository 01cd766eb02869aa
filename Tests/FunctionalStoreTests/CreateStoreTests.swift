import FunctionalStore
import ReduxTesting
import Testing

@MainActor
@Suite struct CreateStoreTests {
  @Test func dispatchAppliesTheReducerAndGetStateReadsIt() async {
    let store = ReduxTestStore(reducer: counterReducer, initialState: 0)
    await store.dispatch(.increment) { $0 = 1 }
    await store.dispatch(.add(5)) { $0 = 6 }
    #expect(store.store.getState() == 6)
    #expect(store.store.state == 6)
    await store.finish()
  }

  @Test func theStoresFunctionsWorkAsValues() {
    let store = createStore(reducer: counterReducer, initialState: 0)
    let dispatch = store.dispatch as (CounterAction) -> Void
    let getState = store.getState
    dispatch(.increment)
    #expect(getState() == 1)
  }

  @Test func returningReducersWork() async {
    let reducer = ReduxReducer<Int, CounterAction>(returning: { count, action in
      action == .increment ? count + 1 : count - 1
    })
    let store = ReduxTestStore(reducer: reducer, initialState: 10)
    await store.dispatch(.increment) { $0 = 11 }
    await store.dispatch(.decrement) { $0 = 10 }
    await store.dispatch(.decrement) { $0 = 9 }
    await store.finish()
  }

  @Test func aListOfReducersSeesEveryActionInOrder() async {
    let doubling = ReduxReducer<Int, CounterAction> { count, _ in count *= 2 }
    let store = ReduxTestStore(reducer: .sequence([counterReducer, doubling]), initialState: 1)
    await store.dispatch(.increment) { $0 = 4 }  // (1 + 1) * 2, not 1 * 2 + 1
    await store.finish()
  }

  @Test func replaceReducerKeepsTheState() {
    let store = createStore(reducer: counterReducer, initialState: 0)
    store.dispatch(.add(3))
    store.replaceReducer(ReduxReducer { count, _ in count *= 10 })
    #expect(store.getState() == 3)
    store.dispatch(.increment)
    #expect(store.getState() == 30)
  }

  @Test func storeIsFreedWithItsListenersAndMiddlewares() {
    var store: ReduxStore<Int, CounterAction>? = createStore(
      reducer: counterReducer, initialState: 0, enhancer: applyMiddleware(recording("a", into: Log())))
    weak let weakStore = store
    store?.listen { [weak store] in _ = store?.getState() }
    store?.listen(to: \.self) { _ in }
    store?.dispatch(.increment)
    store = nil
    #expect(weakStore == nil)
  }
}

@MainActor
@Suite struct CombineReducersTests {
  struct AppState: Equatable {
    var count = 0
    var log: [String] = []
  }

  @Test func eachSliceReducerSeesEveryActionAndChangesOnlyItsSlice() async {
    let logReducer = ReduxReducer<[String], CounterAction> { log, action in log.append("\(action)") }
    let app = combineReducers(
      .slice(\AppState.count, counterReducer),
      .slice(\AppState.log, logReducer)
    )
    let store = ReduxTestStore(reducer: app, initialState: AppState())
    await store.dispatch(.increment) {
      $0.count = 1
      $0.log = ["increment"]
    }
    await store.dispatch(.add(2)) {
      $0.count = 3
      $0.log.append("add(2)")
    }
    await store.finish()
  }
}
