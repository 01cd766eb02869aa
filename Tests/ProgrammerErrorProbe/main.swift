// Commits one programmer error, named by the first argument, so that a test can check the
// message an optimized build prints. `swift build -c release` builds it; ReduxCoreTests runs it.
import EffectStore
import Foundation
import FunctionalStore
import Observation
import ReduxQuery

enum Step: Equatable, Sendable { case go }

/// Dispatches one action to a store whose reducer does `mistake` with the store.
@MainActor
func reduce(doing mistake: @escaping @MainActor (ReduxStore<Int, Step>) -> Void) {
  // The reducer reaches the store to commit the mistake under test; all of it runs on the main actor.
  nonisolated(unsafe) var store: ReduxStore<Int, Step>?
  store = createStore(
    reducer: ReduxReducer { count, _ in
      count += 1
      MainActor.assumeIsolated { if let store { mistake(store) } }
    }, initialState: 0)
  store?.dispatch(.go)
}

@MainActor
func commit(_ mistake: String) {
  switch mistake {
  case "dispatch-in-reducer":
    reduce { store in store.dispatch(.go) }
  case "read-in-reducer":
    reduce { store in _ = store.getState() }
  case "subscribe-in-reducer":
    reduce { store in _ = store.listen {} }
  case "unsubscribe-in-reducer":
    // Safe: set and read only on the main actor (the reducer runs synchronously inside the
    // dispatch below); the reducer reaches it on purpose, to commit the error under test.
    nonisolated(unsafe) var unsubscribe: Unsubscribe?
    let store = createStore(
      reducer: ReduxReducer<Int, Step> { _, _ in unsubscribe?() }, initialState: 0)
    unsubscribe = store.listen {}
    store.dispatch(.go)
  case "add-middleware-in-reducer":
    reduce { store in store.addMiddleware(Middleware { _, action, next in next(action) }) }
  case "replace-reducer-in-reducer":
    reduce { store in store.replaceReducer(ReduxReducer { _, _ in }) }
  case "dispatch-while-building-middleware":
    let eager = Middleware<Int, Step>(curried: { context in
      context.dispatch(.go)
      return { next in next }
    })
    _ = createStore(
      reducer: ReduxReducer { count, _ in count += 1 }, initialState: 0, enhancer: applyMiddleware(eager))
  case "enhancer-replaced-store":
    let replacing: StoreEnhancer<Int, Step> = { _ in
      { reducer, state in ReduxStore(reducer: reducer, initialState: state) }
    }
    _ = createStore(
      reducer: ReduxReducer { count, _ in count += 1 }, initialState: 0, enhancer: replacing,
      extraArgument: "dependencies")
  case "middleware-from-another-actor":
    // Made here, on the main actor, and given to a store made outside any actor.
    let here = Middleware<Int, Step> { _, action, next in next(action) }
    offTheMainActor {
      _ = createStore(
        reducer: ReduxReducer { count, _ in count += 1 }, initialState: 0,
        enhancer: applyMiddleware(here), isolation: nil)
    }
  case "query-reducer-missing":
    struct AppState { var api = QueryCacheState() }
    let api = QueryAPI(cache: \AppState.api)
    let count = api.query("count") { (_: Void) in 1 }
    let store = createStore(
      reducer: ReduxReducer<AppState, PayloadAction> { _, _ in }, initialState: AppState())
    _ = store.subscribe(to: count)
  case "batching-without-actor":
    offTheMainActor {
      let store = createStore(reducer: ReduxReducer<Int, Step> { _, _ in }, initialState: 0, isolation: nil)
      store.batchNotifications { _ in true }
    }
  case "dynamic-middleware-from-another-actor":
    // The place is made outside any actor, the middleware here, on the main actor.
    // Safe: written by the thread, read after `offTheMainActor` waited for it to end.
    nonisolated(unsafe) var place: DynamicMiddleware<Int, Step>?
    offTheMainActor { place = DynamicMiddleware<Int, Step>() }
    place?.add(Middleware<Int, Step> { _, action, next in next(action) })
  case "run-effect-without-actor":
    offTheMainActor {
      let store = FeatureStore(
        initialState: 0, reducer: Reduce<Int, Step> { _, _ in .run { _ in } }, isolation: nil)
      store.send(.go)
    }
  case "start-thunk-without-actor":
    offTheMainActor {
      let store = createStore(reducer: ReduxReducer<Int, Step> { _, _ in }, initialState: 0, isolation: nil)
      _ = store.start(AsyncThunk { _, _ in })
    }
  case "send-to-row-store-in-reducer":
    // A row's store nothing has read checks that its row is there before it sends; from a
    // reducer, the send is what is reported.
    struct Row: Identifiable, Equatable, Sendable { let id: Int }
    enum RowsAction: Equatable, Sendable { case go, row(id: Int, action: Step) }
    // Safe: set and read only on the main actor (the reducer runs synchronously inside the
    // send below); the reducer reaches it on purpose, to commit the error under test.
    nonisolated(unsafe) var rows: [ScopedStore<Row, Step>] = []
    let store = FeatureStore(
      initialState: IdentifiedArrayOf(uniqueElements: [Row(id: 1)]),
      reducer: Reduce<IdentifiedArrayOf<Row>, RowsAction> { _, action in
        if action == .go { MainActor.assumeIsolated { _ = rows.first?.send(.go) } }
        return .none
      })
    rows = store.scope(forEach: \.self, action: RowsAction.row)
    store.send(.go)
  case "stack-position-out-of-range":
    var path = StackState([1])
    path.updateElement(at: 3) { $0 += 1 }
  case "main-thread-store-used-elsewhere":
    // Made on the main actor where Swift reports no actor (as in an actor's initializer), so it
    // takes the main actor as its home; then used elsewhere.
    let store = FeatureStore(
      initialState: 0, reducer: Reduce<Int, Step> { _, _ in .run { _ in } }, isolation: nil)
    // Safe: the main actor stops using the store here, and `offTheMainActor` waits for the
    // other thread, so one thread at a time touches it (which is the error under test).
    nonisolated(unsafe) let elsewhere = store
    offTheMainActor { elsewhere.send(.go) }
  case "rows-read-by-subscript", "rows-read-by-id", "rows-read-by-subscript-at-the-top":
    // Not an error: a slow spelling (rows of a list that is not a stored property of the state
    // itself, read through a key path subscript), warned of once on standard error, and the
    // program goes on.
    struct Row: Identifiable, Equatable, Sendable { let id: Int }
    struct Screen: Equatable, Sendable {
      var rows = IdentifiedArrayOf<Row>(uniqueElements: (0..<50).map(Row.init))
    }
    struct Rows: Equatable, Sendable {
      var rows = IdentifiedArrayOf<Row>(uniqueElements: (0..<50).map(Row.init))
      var screen = Screen()
    }
    let store = createStore(reducer: ReduxReducer<Rows, Step> { _, _ in }, initialState: Rows())
    for id in 0..<50 {
      withObservationTracking {
        switch mistake {
        case "rows-read-by-id": _ = store.state(\.rows, id: id)
        case "rows-read-by-subscript-at-the-top": _ = store.state(\.rows[id: id])
        default: _ = store.state(\.screen.rows[id: id])
        }
      } onChange: {
      }
    }
    exit(0)
  default:
    print("unknown mistake \(mistake)")
    exit(2)
  }
  print("no programmer error was reported for \(mistake)")
  exit(3)
}

/// Runs `body` on a thread of its own, where Swift reports no actor, and waits for it.
func offTheMainActor(_ body: @escaping @Sendable () -> Void) {
  let done = DispatchSemaphore(value: 0)
  Thread {
    body()
    done.signal()
  }.start()
  done.wait()
}

let mistake = CommandLine.arguments.dropFirst().first ?? ""
MainActor.assumeIsolated { commit(mistake) }
