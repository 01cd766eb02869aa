import FunctionalStore

extension StyleAdapter {
  /// `createStore` with an enum action and `applyMiddleware`.
  static let functional = StyleAdapter(name: "functional") { options, isolation in
    let reducer = ReduxReducer<ConformanceState, Intent> { state, intent in
      switch intent {
      case .increment: state.count += 1
      case .add(let amount): state.count += amount
      case .bumpOther: state.other += 1
      case .incrementLater: break
      }
    }
    let middlewares = options.middlewares(describe: { (intent: Intent) in intent.description }) {
      Intent.add(100)
    }
    let enhancer: StoreEnhancer<ConformanceState, Intent>? =
      middlewares.isEmpty ? nil : applyMiddleware(middlewares)
    let store = createStore(
      reducer: reducer, initialState: ConformanceState(), enhancer: enhancer, isolation: isolation)
    return StoreUnderTest(store) { store, intent in
      store.dispatch(intent)
    } incrementAfterAwait: { store in
      await store.dispatch(
        AsyncThunk { dispatch, _ in
          await awaitWorkElsewhere()
          dispatch(.increment)
        })
    } viewOfCount: { store, observer in
      ListenerLifetime(store.listen(to: \.count, observer))
    }
  }
}
