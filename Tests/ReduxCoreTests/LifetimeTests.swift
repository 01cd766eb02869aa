import ReduxCore
import Testing

@MainActor
@Suite struct LifetimeTests {
  @Test func aStoreWithMiddlewaresSubscribersAndStreamsIsFreed() {
    let passThrough = Middleware<Counter, CounterAction> { context, action, next in
      _ = context.state
      next(action)
    }
    var store: BareStore<Counter, CounterAction>? = makeCounterStore(middlewares: [passThrough])
    weak let weakStore = store
    weak let weakEngine = store?.engine
    let token = store?.subscribe(\.count) { _ in }
    let stream = store?.states()
    store?.dispatch(.increment)
    store = nil
    #expect(weakStore == nil)
    #expect(weakEngine == nil)
    _ = (token, stream)
  }

  @Test func aSubscriberThatCapturesTheStoreWeaklyDoesNotKeepItAlive() {
    var store: BareStore<Counter, CounterAction>? = makeCounterStore()
    weak let weakStore = store
    let token = store?.subscribe(\.count) { [weak store] count in
      if count < 2 { store?.dispatch(.increment) }
    }
    store?.dispatch(.increment)
    #expect(store?.state.count == 2)
    store = nil
    #expect(weakStore == nil)
    token?.cancel()
  }
}
