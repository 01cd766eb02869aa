import FunctionalStore
import IdentifiedCollections

extension StyleAdapter {
  /// `createStore` with an enum action and `applyMiddleware`.
  static let functional = StyleAdapter(name: "functional") { options, isolation in
    let middlewares = options.middlewares(describe: { (intent: Intent) in intent.description }) {
      Intent.add(100)
    }
    let enhancer: StoreEnhancer<ConformanceState, Intent>? =
      middlewares.isEmpty ? nil : applyMiddleware(middlewares)
    return underTest(
      createStore(
        reducer: conformanceReducer, initialState: options.initialState, enhancer: enhancer,
        isolation: isolation))
  } makeAsPropertyDefault: {
    underTest(FunctionalViewModel().store)
  } unsubscribeInsideReducer: {
    // Safe: set and read only on the main actor, here and in the reducer that runs
    // synchronously inside the dispatch below; the reducer reaches the listener on
    // purpose, to commit the error under test.
    nonisolated(unsafe) var unsubscribe: Unsubscribe?
    let store = createStore(
      reducer: ReduxReducer<ConformanceState, Intent> { _, _ in unsubscribe?() },
      initialState: ConformanceState())
    unsubscribe = store.listen {}
    store.dispatch(.increment)
  }

  private static func underTest(_ store: ReduxStore<ConformanceState, Intent>) -> StoreUnderTest {
    StoreUnderTest(store, describe: { $0.description }) { store, intent in
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

/// The functional style's reducer for the suite.
let conformanceReducer = ReduxReducer<ConformanceState, Intent> { state, intent in
  switch intent {
  case .increment: state.count += 1
  case .add(let amount): state.count += amount
  case .bumpOther: state.other += 1
  case .incrementLater: break
  case .editRow(let id): state.rows[id: id]?.title += "x"
  }
}

/// An app's view model: its store is a stored property's default value. Its async work is a
/// thunk started from synchronous code, the spelling that needs the store's actor.
@MainActor final class FunctionalViewModel {
  let store = createStore(reducer: conformanceReducer, initialState: ConformanceState())
}
