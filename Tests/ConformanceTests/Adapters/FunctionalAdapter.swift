import FunctionalStore

extension StyleAdapter {
  /// `createStore` with an enum action and `applyMiddleware`.
  static let functional = StyleAdapter(name: "functional") { options in
    let reducer = ReduxReducer<ConformanceState, Intent> { state, intent in
      switch intent {
      case .increment: state.count += 1
      case .add(let amount): state.count += amount
      case .bumpOther: state.other += 1
      }
    }
    let middlewares = options.middlewares(describe: { (intent: Intent) in intent.description }) {
      Intent.add(100)
    }
    let enhancer: StoreEnhancer<ConformanceState, Intent>? =
      middlewares.isEmpty ? nil : applyMiddleware(middlewares)
    let store = createStore(reducer: reducer, initialState: ConformanceState(), enhancer: enhancer)
    return StoreUnderTest(
      object: store,
      dispatch: { [unowned store] in store.dispatch($0) },
      state: { [unowned store] in store.state },
      count: { [unowned store] in store.count },
      other: { [unowned store] in store.other },
      subscribeToState: { [unowned store] in store.subscribe($0) },
      subscribeToCount: { [unowned store] in store.subscribe(\.count, $0) },
      subscribeToOther: { [unowned store] in store.subscribe(\.other, $0) },
      subscribeSelecting: { [unowned store] in store.subscribe($0, $1) },
      states: { [unowned store] policy in store.states(bufferingPolicy: policy) })
  }
}
