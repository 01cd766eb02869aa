import EffectStore

/// The reducer/effect style: a reducer returning `.none`, middlewares seeing each action.
struct ConformanceFeature: Reducer {
  func reduce(into state: inout ConformanceState, action: Intent) -> Effect<Intent> {
    switch action {
    case .increment: state.count += 1
    case .add(let amount): state.count += amount
    case .bumpOther: state.other += 1
    case .incrementLater:
      return .run { send in
        await awaitWorkElsewhere()
        await send(.increment)
      }
    case .editRow(let id): state.rows[id: id]?.title += "x"
    case .changeRows(let change): state.apply(change)
    }
    return .none
  }
}

extension StyleAdapter {
  /// `FeatureStore(initialState:reducer:)` with a `Reducer` returning effects.
  static let effect = StyleAdapter(
    name: "reducer/effect",
    wordsOfItsMessages: (
      unsubscribe:
        "EffectStore: a subscription was cancelled (or a listener unsubscribed, or a token released) from inside a reducer",
      send: "EffectStore: send(increment) was called from inside a reducer",
      fix: "return the follow-up from the reducer as an effect instead: `return .send(.increment)`"
    )
  ) { options, isolation in
    let middlewares = options.middlewares(describe: { (intent: Intent) in intent.description }) {
      Intent.add(100)
    }
    return underTest(
      FeatureStore(
        initialState: options.initialState, reducer: ConformanceFeature(), middlewares: middlewares,
        isolation: isolation))
  } makeAsPropertyDefault: {
    underTest(FeatureViewModel().store)
  } unsubscribeInsideReducer: {
    // Safe: set and read only on the main actor, here and in the reducer that runs
    // synchronously inside the dispatch below; the reducer reaches the token on
    // purpose, to commit the error under test.
    nonisolated(unsafe) var token: Subscription?
    let store = FeatureStore(
      initialState: ConformanceState(),
      reducer: Reduce<ConformanceState, Intent> { _, _ in
        token?.cancel()
        return .none
      })
    token = store.subscribe(\.count) { _ in }
    store.send(.increment)
  } sendInsideReducer: {
    // Safe: as above, the reducer reaches the store on purpose, on the main actor.
    nonisolated(unsafe) var store: FeatureStore<ConformanceState, Intent>?
    store = FeatureStore(
      initialState: ConformanceState(),
      reducer: Reduce<ConformanceState, Intent> { _, intent in
        if intent == .bumpOther { store?.send(.increment) }
        return .none
      })
    store?.send(.bumpOther)
  }

  private static func underTest(_ store: FeatureStore<ConformanceState, Intent>) -> StoreUnderTest {
    StoreUnderTest(store, describe: { $0.description }) { store, intent in
      store.send(intent)
    } incrementAfterAwait: { store in
      await store.send(.incrementLater).finish()
    } viewOfCount: { store, observer in
      let child = store.scope(state: \.count, action: Intent.add)
      return ChildView(child, token: child.subscribe { count in observer(count) })
    }
  }
}

/// An app's view model: its store is a stored property's default value.
@MainActor final class FeatureViewModel {
  let store = FeatureStore(initialState: ConformanceState(), reducer: ConformanceFeature())
}

/// A child store with its subscription, kept together.
final class ChildView<State, Action> {
  let child: ScopedStore<State, Action>
  let token: Subscription

  init(_ child: ScopedStore<State, Action>, token: Subscription) {
    self.child = child
    self.token = token
  }
}
