import FunctionalStore
import Testing

/// Redux Toolkit's `dynamicMiddleware/tests/index.test.ts`, ported: a probe action answered by
/// the middleware of its id. RTK's probes return their id from `dispatch`; a Swift `dispatch`
/// returns nothing, so here they write it to a log. Its `withMiddleware` test has no port (see
/// `DynamicMiddleware`).
@MainActor @Suite struct DynamicMiddlewarePortTests {
  enum Probe {
    static let slice = StateSlice<Int>(name: "probeableMW")
    static let probe = slice.caseReducer("probe") { (_, _: Int) in }
  }

  /// Answers the probe of its id (writing "<id> answered" instead of RTK's return value), and
  /// passes every other action on.
  static func makeProbeableMiddleware(_ id: Int, log: Log<String>) -> Middleware<Int, PayloadAction> {
    Middleware { _, action, next in
      if Probe.probe.match(action) == id {
        log.append("\(id) answered")
        return
      }
      next(action)
    }
  }

  /// A last middleware logs what reaches the reducer.
  func makeStore(_ middlewares: Middleware<Int, PayloadAction>..., log: Log<String>) -> ReduxStore<
    Int, PayloadAction
  > {
    let reaching = Middleware<Int, PayloadAction> { _, action, next in
      log.append("reduced \(Probe.probe.match(action) ?? -1)")
      next(action)
    }
    return createStore(
      reducer: ReduxReducer { _, _ in }, initialState: 0, enhancer: applyMiddleware(middlewares + [reaching]))
  }

  @Test func allowsInjectingMiddlewareAfterStoreInstantiation() {
    let log = Log<String>()
    let dynamicInstance = DynamicMiddleware<Int, PayloadAction>()
    let store = makeStore(
      dynamicInstance.middleware, Self.makeProbeableMiddleware(1, log: log), log: log)
    // normal, pre-inject
    store.dispatch(Probe.probe(2))
    #expect(log.entries == ["reduced 2"])
    // static
    store.dispatch(Probe.probe(1))
    #expect(log.entries == ["reduced 2", "1 answered"])
    // inject
    dynamicInstance.add(Self.makeProbeableMiddleware(2, log: log))
    // injected
    store.dispatch(Probe.probe(2))
    #expect(log.entries == ["reduced 2", "1 answered", "2 answered"])
  }

  /// Added middlewares run at the placeholder's place: inside the ones before it, outside the
  /// ones after it, in the order added.
  @Test func addedMiddlewaresRunAtTheirPlaceInTheOrderAdded() {
    let log = Log<String>()
    func named(_ name: String) -> Middleware<Int, PayloadAction> {
      Middleware { _, action, next in
        log.append("\(name) in")
        next(action)
        log.append("\(name) out")
      }
    }
    let place = DynamicMiddleware<Int, PayloadAction>()
    let store = makeStore(named("outer"), place.middleware, named("inner"), log: log)
    place.add(named("first"))
    place.add(named("second"))
    store.dispatch(Probe.probe(0))
    #expect(
      log.entries == [
        "outer in", "first in", "second in", "inner in", "reduced 0", "inner out", "second out", "first out",
        "outer out",
      ])
  }

  /// One placeholder in two stores: each runs what is added, with its own context, and what was
  /// added before a store was made is prepared for it when it is made.
  @Test func onePlaceServesEveryStoreItIsIn() {
    let log = Log<String>()
    let place = DynamicMiddleware<Int, PayloadAction>()
    var prepared = 0
    let counting = Middleware<Int, PayloadAction>(curried: { context in
      prepared += 1
      return { next in
        { action in
          log.append("seen at state \(context.state)")
          next(action)
        }
      }
    })
    let first = createStore(
      reducer: ReduxReducer { state, _ in state += 1 }, initialState: 0,
      enhancer: applyMiddleware(place.middleware))
    place.add(counting)
    #expect(prepared == 1)
    let second = createStore(
      reducer: ReduxReducer { state, _ in state += 10 }, initialState: 100,
      enhancer: applyMiddleware(place.middleware))
    #expect(prepared == 2)
    first.dispatch(Probe.probe(0))
    second.dispatch(Probe.probe(0))
    #expect(log.entries == ["seen at state 0", "seen at state 100"])
    #expect(first.state == 1 && second.state == 110)
  }
}
