import FunctionalStore
import IdentifiedCollections

extension StyleAdapter {
  /// `createStore` with an enum action and `applyMiddleware`.
  static let functional = StyleAdapter(
    name: "functional",
    wordsOfItsMessages: (
      unsubscribe:
        "FunctionalStore: a subscription was cancelled (or a listener unsubscribed, or a token released) from inside a reducer",
      send: "FunctionalStore: dispatch(increment) was called from inside a reducer",
      fix: "dispatch the follow-up from a middleware, a listener, a thunk or an async task"
    )
  ) { options, isolation in
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
  } sendInsideReducer: {
    // Safe: as above, the reducer reaches the store on purpose, on the main actor.
    nonisolated(unsafe) var store: ReduxStore<ConformanceState, Intent>?
    store = createStore(
      reducer: ReduxReducer<ConformanceState, Intent> { _, intent in
        guard intent == .bumpOther else { return }
        store?.dispatch(.increment)
      },
      initialState: ConformanceState())
    store?.dispatch(.bumpOther)
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
  case .changeRows(let change): state.apply(change)
  }
}

/// An app's view model: its store is a stored property's default value. Its async work is a
/// thunk started from synchronous code, the spelling that needs the store's actor.
@MainActor final class FunctionalViewModel {
  let store = createStore(reducer: conformanceReducer, initialState: ConformanceState())
}
