import Dispatch
import EffectStore
import Testing

// Every place an app makes a store, each followed by a `.run` effect whose action must be
// applied on the store's actor. Swift reports no actor (`#isolation` is `nil`) in most of these
// places, even when the code runs on the main actor.

/// An app's view model.
@MainActor final class CounterViewModel {
  let store = FeatureStore(initialState: CounterState(), reducer: Counter())
  lazy var lazyStore = FeatureStore(initialState: CounterState(), reducer: Counter())
}

/// What SwiftUI's `@State` does with its initial value: takes it as an autoclosure, from a
/// nonisolated initializer (the store is still made on the main thread, where a view is made).
@propertyWrapper struct StateStandIn<Value> {
  var wrappedValue: Value
  init(wrappedValue: @autoclosure () -> Value) { self.wrappedValue = wrappedValue() }
}

/// A SwiftUI view stand-in: a `@MainActor` struct with a store as a stored property, and one
/// as a `@State` initial value.
@MainActor struct CounterView {
  let store = FeatureStore(initialState: CounterState(), reducer: Counter())
  @StateStandIn var stateStore = FeatureStore(initialState: CounterState(), reducer: Counter())
}

/// A factory function, as an app's composition root writes it: nonisolated.
func makeCounterStore() -> FeatureStore<CounterState, CounterAction> {
  FeatureStore(initialState: CounterState(), reducer: Counter())
}

/// A factory that actors call: it forwards its caller's actor to the store.
func makeCounterStore(
  isolation: isolated (any Actor)? = #isolation
) -> FeatureStore<CounterState, CounterAction> {
  FeatureStore(initialState: CounterState(), reducer: Counter(), isolation: isolation)
}

/// A server-side owner: the store is made in a method (where the actor is known), or by the
/// factory above, called from a method.
actor CounterService {
  private var store: FeatureStore<CounterState, CounterAction>?

  func runFromAMethod() async -> Int {
    let store = FeatureStore(initialState: CounterState(), reducer: Counter())
    self.store = store
    return await runTwoLaterIncrements(store)
  }

  func runFromAFactory() async -> Int {
    let store = makeCounterStore(isolation: self)
    self.store = store
    return await runTwoLaterIncrements(store)
  }

  /// Runs `.incrementTwiceLater`; each increment must be applied on this actor (it stops the
  /// test process otherwise).
  private func runTwoLaterIncrements(
    _ store: FeatureStore<CounterState, CounterAction>
  ) async -> Int {
    let token = store.subscribe(\.count) { [self] _ in
      preconditionIsolated("an effect's action was applied off the store's actor")
    }
    await store.send(.incrementTwiceLater).finish()
    token.cancel()
    return store.state.count
  }
}

/// What the guides tell actors not to do: a store made in the initializer, before the actor is
/// isolated, cannot learn its actor.
actor CounterOwnerMadeInItsInitializer {
  let store = FeatureStore(initialState: CounterState(), reducer: Counter())
  func load() async { await store.send(.incrementTwiceLater).finish() }
}

@MainActor @Suite struct CreationSiteTests {
  /// Runs `.incrementTwiceLater` and reports the count and whether each increment was applied on
  /// the main thread (the main actor's).
  func runTwoLaterIncrements(_ store: FeatureStore<CounterState, CounterAction>) async -> (Int, Bool) {
    var appliedOnMain: [Bool] = []
    let token = store.subscribe(\.count) { _ in appliedOnMain.append(MainActorProbe.isCurrent) }
    await store.send(.incrementTwiceLater).finish()
    token.cancel()
    return (store.state.count, appliedOnMain == [true, true])
  }

  @Test func aStoredPropertyDefaultOfAMainActorClass() async {
    let model = CounterViewModel()
    #expect(await runTwoLaterIncrements(model.store) == (2, true))
  }

  @Test func aLazyVarOfAMainActorClass() async {
    let model = CounterViewModel()
    #expect(await runTwoLaterIncrements(model.lazyStore) == (2, true))
  }

  @Test func aViewsStoredPropertyAndItsStateInitialValue() async {
    let view = CounterView()
    #expect(await runTwoLaterIncrements(view.store) == (2, true))
    #expect(await runTwoLaterIncrements(view.stateStore) == (2, true))
  }

  @Test func aPlainFactoryFunctionCalledFromTheMainActor() async {
    let store: FeatureStore<CounterState, CounterAction> = makeCounterStore()
    #expect(await runTwoLaterIncrements(store) == (2, true))
  }

  @Test func theTestFunctionItself() async {
    let store = FeatureStore(initialState: CounterState(), reducer: Counter())
    #expect(await runTwoLaterIncrements(store) == (2, true))
  }

  @Test func anActorsMethodAndAFactoryCalledFromIt() async {
    let service = CounterService()
    #expect(await service.runFromAMethod() == 2)
    #expect(await service.runFromAFactory() == 2)
  }

  @Test func aStoreMadeInAnActorsInitializerStopsAtItsFirstEffectWithTheFix() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await CounterOwnerMadeInItsInitializer().load()
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains("in one of the actor's methods"))
  }
}

/// Whether code runs on the main actor, without stopping when it does not.
enum MainActorProbe {
  private static let mark: DispatchSpecificKey<Bool> = {
    let mark = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: mark, value: true)
    return mark
  }()
  static var isCurrent: Bool { DispatchQueue.getSpecific(key: mark) == true }
}
