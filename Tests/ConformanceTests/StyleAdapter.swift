import EffectStore
import FunctionalStore
import IdentifiedCollections
import ReduxCore
import ReduxDevTools
import Testing

/// The state every style's store holds in the conformance suite.
struct ConformanceState: Equatable, Sendable, Codable {
  var count = 0
  var other = 0
  /// A list screen's rows, empty unless a check asks for some (``StoreOptions/rowCount``).
  var rows: IdentifiedArrayOf<ConformanceRow> = []
  /// Never written in the clear by what the library writes (logs), kept by persistence.
  @Redacted var secret = "s3cr3t"
}

/// One row of a list screen.
struct ConformanceRow: Identifiable, Equatable, Sendable, Codable {
  let id: Int
  var title = ""
}

/// What the suite asks a store to do; each style turns it into its own action (an enum case, a
/// commit, …).
enum Intent: Equatable, Sendable, CustomStringConvertible {
  case increment
  case add(Int)
  case bumpOther
  /// Starts async work that awaits, then increments (the effect style's own action for it).
  case incrementLater
  /// Types a character into the title of the row with this id.
  case editRow(Int)
  /// Moves, removes or brings back a row.
  case changeRows(RowChange)

  var description: String {
    switch self {
    case .increment: "increment"
    case .add(let amount): "add(\(amount))"
    case .bumpOther: "bumpOther"
    case .incrementLater: "incrementLater"
    case .editRow(let id): "editRow(\(id))"
    case .changeRows(let change): "changeRows(\(change))"
    }
  }
}

/// A change to the list of rows that leaves each row's value as it was.
enum RowChange: Equatable, Sendable {
  /// Moves the row with this id to the end of the list.
  case moveToEnd(Int)
  /// Removes the row with this id.
  case remove(Int)
  /// Appends a row with this id, titled "back".
  case restore(Int)
}

extension ConformanceState {
  /// Applies a change to the rows: the same code in every style's reducer.
  mutating func apply(_ change: RowChange) {
    switch change {
    case .moveToEnd(let id):
      if let row = rows.remove(id: id) { rows.append(row) }
    case .remove(let id):
      rows.remove(id: id)
    case .restore(let id):
      rows.append(ConformanceRow(id: id, title: "back"))
    }
  }
}

/// How a store is built for one check.
struct StoreOptions {
  /// Receives "<name> before <intent>" and "<name> after <intent>" from two middlewares, a then b.
  var middlewareLog: Log<String>?
  /// A middleware that dispatches `.add(100)` after every `.increment`.
  var followUpAfterIncrement = false
  /// Saves the state to a file.
  var persistence: StatePersistence<ConformanceState>?
  /// Receives the lines of the built-in logging middleware.
  var logging: Log<String>?
  /// A middleware that stops the program unless each action runs on this actor, and logs it.
  var checkingIsolation: (actor: any Actor, log: Log<String>)?
  /// How many rows the state starts with (ids 0 to `rowCount - 1`).
  var rowCount = 0
  /// A listener middleware whose listener of `.increment` logs where it ran and the count it
  /// saw, awaits work elsewhere, then dispatches `.add(100)`.
  var listening: (actor: any Actor, log: Log<String>)?
  /// A listener middleware whose listener of every action logs the action at once, before its
  /// first `await`, then yields and logs "<action> done".
  var startOrderLog: Log<String>?
  /// A listener middleware whose listener of `.increment` logs "started", waits a minute (or
  /// until its run is cancelled), then logs "cancelled" or "ended" and dispatches `.add(100)`.
  var waitingListener: Log<String>?
  /// A listener middleware whose listener of `.increment` forks a child that waits a minute,
  /// then waits itself; each logs how it ended. The probe clears the listeners.
  var forkingListener: ForkingListenerProbe?

  /// The state the store starts with.
  var initialState: ConformanceState {
    var state = ConformanceState()
    state.rows = IdentifiedArray(uniqueElements: (0..<rowCount).map { ConformanceRow(id: $0) })
    return state
  }
}

extension StoreOptions {
  /// The middlewares these options ask for, for a style whose actions `describe` as intents
  /// and that makes `.add(100)` with `addHundred`.
  func middlewares<Action>(
    describe: @escaping @Sendable (Action) -> String,
    addHundred: @escaping @Sendable () -> Action
  ) -> [Middleware<ConformanceState, Action>] {
    var middlewares: [Middleware<ConformanceState, Action>] = []
    if let log = middlewareLog {
      for name in ["a", "b"] {
        middlewares.append(
          Middleware { _, action, next in
            log.append("\(name) before \(describe(action))")
            next(action)
            log.append("\(name) after \(describe(action))")
          })
      }
    }
    if followUpAfterIncrement {
      middlewares.append(
        Middleware { context, action, next in
          next(action)
          if describe(action) == Intent.increment.description { context.dispatch(addHundred()) }
        })
    }
    if let (actor, log) = checkingIsolation {
      middlewares.append(
        Middleware { _, action, next in
          actor.preconditionIsolated("\(describe(action)) reached the store off the store's actor")
          log.append(describe(action))
          next(action)
        })
    }
    if let (actor, log) = listening {
      let listeners = ListenerMiddleware<ConformanceState, Action>()
      listeners.startListening(matching: { describe($0) == Intent.increment.description }) { _, api in
        let place = #isolation.map { $0 === actor } == true ? "on the store's actor" : "elsewhere"
        log.append("increment seen at count \(api.getState().count), \(place)")
        await awaitWorkElsewhere()
        api.dispatch(addHundred())
      }
      middlewares.append(listeners.middleware)
    }
    if let log = startOrderLog {
      let listeners = ListenerMiddleware<ConformanceState, Action>()
      listeners.startListening(matching: { _ in true }) { action, _ in
        log.append(describe(action))
        await Task.yield()
        log.append("\(describe(action)) done")
      }
      middlewares.append(listeners.middleware)
    }
    if let log = waitingListener {
      let listeners = ListenerMiddleware<ConformanceState, Action>()
      listeners.startListening(matching: { describe($0) == Intent.increment.description }) { _, api in
        log.append("started")
        try? await Task.sleep(for: .seconds(60))
        log.append(Task.isCancelled ? "cancelled" : "ended")
        api.dispatch(addHundred())
      }
      middlewares.append(listeners.middleware)
    }
    if let probe = forkingListener {
      let listeners = ListenerMiddleware<ConformanceState, Action>()
      listeners.startListening(matching: { describe($0) == Intent.increment.description }) { _, api in
        api.fork { _ in
          probe.log.append("child started")
          try? await Task.sleep(for: .seconds(60))
          probe.log.append(Task.isCancelled ? "child cancelled" : "child ended")
        }
        try? await Task.sleep(for: .seconds(60))
        probe.log.append(Task.isCancelled ? "run cancelled" : "run ended")
        api.dispatch(addHundred())
      }
      probe.clear = { listeners.clearListeners() }
      middlewares.append(listeners.middleware)
    }
    if let persistence { middlewares.append(persistence.middleware()) }
    if let logging { middlewares.append(.logging(log: { logging.append($0) })) }
    return middlewares
  }
}

/// What a forking listener logs, and how to clear its middleware's listeners.
final class ForkingListenerProbe {
  let log = Log<String>()
  var clear: () -> Void = {}
}

/// A store of any style, seen through the contract every style keeps. Like the store, it belongs
/// to the actor the check runs on.
struct StoreUnderTest {
  let object: AnyObject
  let dispatch: (Intent) -> Void
  /// The state, read the way a view would (tracked by Observation).
  let state: () -> ConformanceState
  /// One field, read the way a view reads a field it shows (`store.count`, tracked alone).
  let count: () -> Int
  /// The other field, read the same way.
  let other: () -> Int
  /// One row, read the way a row's view reads it (`store.state(\.rows[id: id])`, tracked alone).
  let row: (Int) -> ConformanceRow?
  /// One row, read by id (`store.state(\.rows, id: id)`, tracked alone, checked fast).
  let rowByID: (Int) -> ConformanceRow?
  let subscribeToState: (@escaping (ConformanceState) -> Void) -> Subscription
  let subscribeToCount: (@escaping (Int) -> Void) -> Subscription
  let subscribeToOther: (@escaping (Int) -> Void) -> Subscription
  /// `subscribe(select, observer)` with a selector closure.
  let subscribeSelecting: (@escaping (ConformanceState) -> Int, @escaping (Int) -> Void) -> Subscription
  let states: (AsyncStream<ConformanceState>.Continuation.BufferingPolicy) -> AsyncStream<ConformanceState>
  /// `listen { }`: a Redux listener, kept until its `Unsubscribe` is called.
  let listen: (@escaping () -> Void) -> Unsubscribe
  /// `listen(to: \.count, initial:)`.
  let listenToCount: (Bool, @escaping (Int) -> Void) -> Unsubscribe
  /// `subscribe(\.count, initial: true)`: the current value at once, then each change.
  let subscribeToCountInitially: (@escaping (Int) -> Void) -> Subscription
  /// The style's async work (an effect, an async thunk, an async method): it awaits work off the
  /// store's actor, then increments.
  let incrementAfterAwait: nonisolated(nonsending) () async -> Void
  /// A view of the `count` part made with the style's composition tool (a child store, a slice
  /// listener, a part subscription), telling `observer` each new count; kept while it is held.
  let viewOfCount: (@escaping (Int) -> Void) -> AnyObject
  /// `addMiddleware`: a middleware that logs "<name> <intent>" for each action it sees.
  let addLoggingMiddleware: (String, Log<String>) -> AddedMiddleware
  /// `StoreHistory(of: store, limit:)`: undo and redo over the whole state.
  let makeHistory: (Int) -> HistoryUnderTest
  /// `LiveInspector(of: store, server:)`: the store's steps on the live inspector's page.
  let makeLiveInspector: (LiveInspectorServer) -> AnyObject
  /// `dispose()`, and then `isDisposed`.
  let dispose: () -> Bool
  /// `batchNotifications(after:of:)`, the actions of this intent being the low-priority ones.
  let batchNotifications: (NotificationBatchTiming, Intent) -> Void
}

/// A `StoreHistory` of a store under test, whatever its style's action type.
struct HistoryUnderTest {
  let object: AnyObject
  let undo: () -> Void
  let redo: () -> Void
  let jump: (Int) -> Void
  let canUndo: () -> Bool
  let canRedo: () -> Bool
  let clear: () -> Void
  let setLimit: (Int) -> Void
  let currentStep: () -> Int
  let stepCount: () -> Int

  init<State, Action>(_ history: StoreHistory<State, Action>) {
    object = history
    undo = { history.undo() }
    redo = { history.redo() }
    jump = { history.jump(to: $0) }
    canUndo = { history.canUndo }
    canRedo = { history.canRedo }
    clear = { history.clearHistory() }
    setLimit = { history.limit = $0 }
    currentStep = { history.currentStep }
    stepCount = { history.stepCount }
  }
}

/// Keeps a Redux listener until released.
final class ListenerLifetime {
  let unsubscribe: Unsubscribe
  init(_ unsubscribe: @escaping Unsubscribe) { self.unsubscribe = unsubscribe }
  deinit { unsubscribe() }
}

/// Work that suspends and runs elsewhere, so that what follows must come back to the store.
func awaitWorkElsewhere() async {
  await Task.detached {}.value
}

extension StoreUnderTest {
  /// Reaches a store of any style through the vocabulary every style shares (ReduxCore's), with
  /// the style's own way to dispatch an intent. The closures hold the store `unowned`: the suite
  /// keeps `object` alive while it uses them, and some checks release it on purpose.
  init<Store: StateStore<ConformanceState, Action>, Action>(
    _ store: Store, describe: @escaping (Action) -> String, dispatch: @escaping (Store, Intent) -> Void,
    incrementAfterAwait: nonisolated(nonsending) @escaping (Store) async -> Void,
    viewOfCount: @escaping (Store, @escaping (Int) -> Void) -> AnyObject
  ) where Store.EngineAction == Action {
    unowned let unownedStore = store
    self.init(
      object: store,
      dispatch: { [unowned store] in dispatch(store, $0) },
      state: { [unowned store] in store.state },
      count: { [unowned store] in store.count },
      other: { [unowned store] in store.other },
      row: { [unowned store] id in store.state(\.rows[id: id]) },
      rowByID: { [unowned store] id in store.state(\.rows, id: id) },
      subscribeToState: { [unowned store] in store.subscribe($0) },
      subscribeToCount: { [unowned store] in store.subscribe(\.count, $0) },
      subscribeToOther: { [unowned store] in store.subscribe(\.other, $0) },
      subscribeSelecting: { [unowned store] in store.subscribe($0, $1) },
      states: { [unowned store] policy in store.states(bufferingPolicy: policy) },
      listen: { [unowned store] in store.listen($0) },
      listenToCount: { [unowned store] in store.listen(to: \.count, initial: $0, $1) },
      subscribeToCountInitially: { [unowned store] in store.subscribe(\.count, initial: true, $0) },
      // Not `[unowned store]`: a capture list makes Swift 6.3 run a `nonisolated(nonsending)`
      // closure off its caller's actor.
      incrementAfterAwait: { await incrementAfterAwait(unownedStore) },
      viewOfCount: { [unowned store] in viewOfCount(store, $0) },
      addLoggingMiddleware: { [unowned store] name, log in
        store.addMiddleware(
          Middleware { _, action, next in
            log.append("\(name) \(describe(action))")
            next(action)
          })
      },
      makeHistory: { [unowned store] limit in HistoryUnderTest(StoreHistory(of: store, limit: limit)) },
      makeLiveInspector: { [unowned store] server in
        LiveInspector(of: store, server: server, label: "contract")
      },
      dispose: { [unowned store] in
        store.dispose()
        return store.isDisposed
      },
      batchNotifications: { [unowned store] timing, intent in
        store.batchNotifications(after: timing) { describe($0) == intent.description }
      })
  }
}

/// One style plugged into the suite.
struct StyleAdapter: Sendable, CustomTestStringConvertible {
  let name: String
  /// What the style's programmer-error messages say, in its own words, when a reducer (a
  /// mutation) cancels a subscription and when it sends to its own store.
  let wordsOfItsMessages: (unsubscribe: String, send: String, fix: String)
  /// Makes the style's store on the actor the check runs on.
  let make: @Sendable (StoreOptions, isolated any Actor) -> StoreUnderTest
  /// Makes the style's store the way an app's view model does: as the default value of a stored
  /// property of a `@MainActor` class, where Swift reports no actor (`#isolation` is `nil`).
  let makeAsPropertyDefault: @MainActor @Sendable () -> StoreUnderTest
  /// Makes a store whose reducer (mutation) cancels a subscription to it, and dispatches: a
  /// programmer error, which must stop the program with a message.
  let unsubscribeInsideReducer: @MainActor @Sendable () -> Void
  /// Makes a store whose reducer (mutation) sends an intent to the store itself: a programmer
  /// error, whose message must use the style's own words.
  let sendInsideReducer: @MainActor @Sendable () -> Void

  var testDescription: String { name }

  /// Every style the package ships; a new style adds its adapter here.
  static let all: [StyleAdapter] = [.functional, .classBased, .effect]
}

/// Collects what checks observe, in order; it belongs to the actor the check runs on.
final class Log<Element> {
  var entries: [Element] = []
  func append(_ element: Element) { entries.append(element) }
}

/// A log for Observation's change handlers, which are `@Sendable`.
final class SharedLog<Element: Sendable>: Sendable {
  private let log = Locked<[Element]>([])
  var entries: [Element] { log.withLock { $0 } }
  func append(_ element: Element) { log.withLock { $0.append(element) } }
}

/// Where a check's store lives: every rule runs once with the store on the main actor, as in an
/// app, and once on an actor of its own, as on a server.
struct TestHome: Sendable, CustomTestStringConvertible {
  let name: String
  /// The actor for one check: the main actor, or a new actor of the check's own.
  let makeActor: @Sendable () -> any Actor

  var testDescription: String { name }

  static let all = [
    TestHome(name: "main actor") { MainActor.shared },
    TestHome(name: "custom actor") { ConformanceActor() },
  ]

  /// Runs a check on this home's actor.
  func run(_ check: @Sendable (isolated any Actor) async throws -> Void) async rethrows {
    try await check(makeActor())
  }
}

/// The actor that owns the stores of the checks not run on the main actor.
actor ConformanceActor {}
