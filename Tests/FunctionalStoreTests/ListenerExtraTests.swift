import FunctionalStore
import Testing

/// Redux Toolkit's listener middleware test "passes `extra` to the listener API", ported: the
/// value the middleware is made with reaches every effect.
@MainActor
@Suite struct ListenerExtraTests {
  struct Counter: Equatable, Sendable { var value = 0 }
  enum Step: Equatable, Sendable { case increment }
  struct Services: Sendable { let greeting: String }

  @Test func theExtraValueReachesEveryEffect() async {
    let seen = Log<String>()
    let listeners = ListenerMiddleware<Counter, Step>(extra: Services(greeting: "hello"))
    listeners.startListening(matching: { $0 == .increment }) { _, api in
      seen.append(api.extra(as: Services.self).greeting)
    }
    let store = createStore(
      reducer: ReduxReducer<Counter, Step> { state, _ in state.value += 1 }, initialState: Counter(),
      enhancer: applyMiddleware(listeners.middleware))
    store.dispatch(.increment)
    store.dispatch(.increment)
    await eventually { seen.entries.count == 2 }
    #expect(seen.entries == ["hello", "hello"])
  }

  @Test func withoutExtraTheAPIsExtraIsNil() async {
    let seen = Log<Bool>()
    let listeners = ListenerMiddleware<Counter, Step>()
    listeners.startListening(matching: { _ in true }) { _, api in seen.append(api.extra == nil) }
    let store = createStore(
      reducer: ReduxReducer<Counter, Step> { state, _ in state.value += 1 }, initialState: Counter(),
      enhancer: applyMiddleware(listeners.middleware))
    store.dispatch(.increment)
    await eventually { !seen.entries.isEmpty }
    #expect(seen.entries == [true])
  }

  @Test func askingForAnotherTypeStopsWithTheFix() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run {
        let listeners = ListenerMiddleware<Counter, Step>(extra: 42)
        listeners.startListening(matching: { _ in true }) { _, api in _ = api.extra(as: Services.self) }
        let store = createStore(
          reducer: ReduxReducer<Counter, Step> { state, _ in state.value += 1 }, initialState: Counter(),
          enhancer: applyMiddleware(listeners.middleware))
        store.dispatch(.increment)
      }
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains("was made with a value of type Int"), "\(message)")
  }
}
