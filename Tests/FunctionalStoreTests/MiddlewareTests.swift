import FunctionalStore
import ReduxTesting
import Testing

@MainActor
@Suite struct ApplyMiddlewareTests {
  @Test func middlewaresRunInOrderTheFirstOutermost() {
    let log = Log<String>()
    let store = createStore(
      reducer: counterReducer, initialState: 0,
      enhancer: applyMiddleware(recording("a", into: log), recording("b", into: log)))
    store.dispatch(.increment)
    #expect(
      log.entries == [
        "a before increment", "b before increment", "b after increment", "a after increment",
      ])
    #expect(store.getState() == 1)
  }

  @Test func composedEnhancersPutTheFirstOutermost() {
    let log = Log<String>()
    let enhancer: StoreEnhancer<Int, CounterAction> = compose(
      applyMiddleware(recording("outer", into: log)),
      applyMiddleware(recording("inner", into: log)))
    let store = createStore(reducer: counterReducer, initialState: 0, enhancer: enhancer)
    store.dispatch(.decrement)
    #expect(
      log.entries == [
        "outer before decrement", "inner before decrement", "inner after decrement",
        "outer after decrement",
      ])
  }

  @Test func middlewareCanDispatchAndReadState() async {
    let bonus = Middleware<Int, CounterAction> { context, action, next in
      next(action)
      if context.state == 10 { context.dispatch(.add(90)) }
    }
    let store = ReduxTestStore(reducer: counterReducer, initialState: 9, middlewares: [bonus])
    await store.dispatch(.increment) { $0 = 10 }
    await store.receive(.add(90)) { $0 = 100 }
    await store.finish()
  }

  @Test func dispatchingWhileTheChainIsBuiltIsReported() async {
    await #expect(processExitsWith: .failure) {
      await MainActor.run {
        let eager = Middleware<Int, CounterAction>(curried: { context in
          context.dispatch(.increment)
          return { next in next }
        })
        _ = createStore(reducer: counterReducer, initialState: 0, enhancer: applyMiddleware(eager))
      }
    }
  }
}

@Suite struct ComposeTests {
  @Test func composeOfNothingIsTheIdentity() {
    let identity: (Int) -> Int = compose()
    #expect(identity(7) == 7)
  }

  @Test func composeOfOneIsThatFunction() {
    let double: (Int) -> Int = compose({ $0 * 2 })
    #expect(double(7) == 14)
  }

  @Test func composeAppliesRightToLeft() {
    let f: (String) -> String = compose({ "f(\($0))" }, { "g(\($0))" }, { "h(\($0))" })
    #expect(f("x") == "f(g(h(x)))")
  }
}
