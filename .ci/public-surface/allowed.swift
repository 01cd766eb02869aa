// What a user writes: every line must compile.
import ClassStore
import EffectStore
import FunctionalStore

@MainActor func use() {
  let functional = createStore(reducer: tallyReducer, initialState: Tally())
  let effect = FeatureStore(initialState: Tally(), reducer: TallyFeature())
  let classBased = TallyStore(state: Tally())
  functional.dispatch(.add(1))
  effect.send(.add(1))
  classBased.add(1)
  let token = functional.subscribe(\.count) { print($0) }
  token.cancel()
  _ = effect.scope(state: \.count, action: { TallyAction.add($0) }).state
  _ = classBased.count + effect.count + functional.getState().count
}

/// A store owned by an actor of the user's: made in a method, used there synchronously.
actor Session {
  private var effect: FeatureStore<Tally, TallyAction>?
  private var functional: ReduxStore<Tally, TallyAction>?

  func start() {
    effect = FeatureStore(initialState: Tally(), reducer: TallyFeature())
    functional = createStore(reducer: tallyReducer, initialState: Tally())
    effect?.send(.add(1))
    functional?.dispatch(.add(1))
  }
}

/// A middleware as a global constant, as in Redux: made outside any actor, any store may use it.
let passThrough = Middleware<Tally, TallyAction> { _, action, next in next(action) }

@MainActor func useTheGlobalMiddleware() {
  FeatureStore(initialState: Tally(), reducer: TallyFeature(), middlewares: [passThrough]).send(.add(1))
}
