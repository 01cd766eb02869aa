import FunctionalStore

extension StyleAdapter {
  /// `createStore` with an enum action and `applyMiddleware`.
  static let functional = StyleAdapter(name: "functional") { options in
    let reducer = Reducer<ConformanceState, Intent> { state, intent in
      switch intent {
      case .increment: state.count += 1
      case .add(let amount): state.count += amount
      case .bumpOther: state.other += 1
      }
    }
    var middlewares: [Middleware<ConformanceState, Intent>] = []
    if let log = options.middlewareLog {
      for name in ["a", "b"] {
        middlewares.append(
          Middleware { _, intent, next in
            log.append("\(name) before \(intent)")
            next(intent)
            log.append("\(name) after \(intent)")
          })
      }
    }
    if options.followUpAfterIncrement {
      middlewares.append(
        Middleware { context, intent, next in
          next(intent)
          if intent == .increment { context.dispatch(.add(100)) }
        })
    }
    let enhancer: StoreEnhancer<ConformanceState, Intent>? =
      middlewares.isEmpty ? nil : applyMiddleware(middlewares)
    let store = createStore(reducer: reducer, initialState: ConformanceState(), enhancer: enhancer)
    return StoreUnderTest(
      object: store,
      dispatch: { [unowned store] in store.dispatch($0) },
      state: { [unowned store] in store.state },
      subscribeToState: { [unowned store] in store.subscribe($0) },
      subscribeToCount: { [unowned store] in store.subscribe(\.count, $0) },
      states: { [unowned store] in store.states() })
  }
}
