import ReduxCore
import Testing

/// The state every style's store holds in the conformance suite.
struct ConformanceState: Equatable, Sendable, Codable {
  var count = 0
  var other = 0
}

/// What the suite asks a store to do; each style turns it into its own action (an enum case, a
/// commit, …).
enum Intent: Equatable, Sendable, CustomStringConvertible {
  case increment
  case add(Int)
  case bumpOther

  var description: String {
    switch self {
    case .increment: "increment"
    case .add(let amount): "add(\(amount))"
    case .bumpOther: "bumpOther"
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
}

extension StoreOptions {
  /// The middlewares these options ask for, for a style whose actions `describe` as intents
  /// and that makes `.add(100)` with `addHundred`.
  @MainActor
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
    if let persistence { middlewares.append(persistence.middleware()) }
    if let logging { middlewares.append(.logging(log: { logging.append($0) })) }
    return middlewares
  }
}

/// A store of any style, seen through the contract every style keeps.
@MainActor
struct StoreUnderTest {
  let object: AnyObject
  let dispatch: (Intent) -> Void
  /// The state, read the way a view would (tracked by Observation).
  let state: () -> ConformanceState
  /// One field, read the way a view reads a field it shows (`store.count`, tracked alone).
  let count: () -> Int
  /// The other field, read the same way.
  let other: () -> Int
  let subscribeToState: (@escaping @MainActor (ConformanceState) -> Void) -> Subscription
  let subscribeToCount: (@escaping @MainActor (Int) -> Void) -> Subscription
  let subscribeToOther: (@escaping @MainActor (Int) -> Void) -> Subscription
  /// `subscribe(select, observer)` with a selector closure.
  let subscribeSelecting:
    (@escaping (ConformanceState) -> Int, @escaping @MainActor (Int) -> Void) -> Subscription
  let states: (AsyncStream<ConformanceState>.Continuation.BufferingPolicy) -> AsyncStream<ConformanceState>
  /// `listen { }`: a Redux listener, kept until its `Unsubscribe` is called.
  let listen: (@escaping @MainActor () -> Void) -> Unsubscribe
  /// `listen(to: \.count, initial:)`.
  let listenToCount: (Bool, @escaping @MainActor (Int) -> Void) -> Unsubscribe
  /// `subscribe(\.count, initial: true)`: the current value at once, then each change.
  let subscribeToCountInitially: (@escaping @MainActor (Int) -> Void) -> Subscription
}

extension StoreUnderTest {
  /// Reaches a store of any style through the vocabulary every style shares (ReduxCore's), with
  /// the style's own way to dispatch an intent. The closures hold the store `unowned`: the suite
  /// keeps `object` alive while it uses them, and some checks release it on purpose.
  init<Store: ObservableStore<ConformanceState, Action>, Action>(
    _ store: Store, dispatch: @escaping @MainActor (Store, Intent) -> Void
  ) {
    self.init(
      object: store,
      dispatch: { [unowned store] in dispatch(store, $0) },
      state: { [unowned store] in store.state },
      count: { [unowned store] in store.count },
      other: { [unowned store] in store.other },
      subscribeToState: { [unowned store] in store.subscribe($0) },
      subscribeToCount: { [unowned store] in store.subscribe(\.count, $0) },
      subscribeToOther: { [unowned store] in store.subscribe(\.other, $0) },
      subscribeSelecting: { [unowned store] in store.subscribe($0, $1) },
      states: { [unowned store] policy in store.states(bufferingPolicy: policy) },
      listen: { [unowned store] in store.listen($0) },
      listenToCount: { [unowned store] in store.listen(to: \.count, initial: $0, $1) },
      subscribeToCountInitially: { [unowned store] in store.subscribe(\.count, initial: true, $0) })
  }
}

/// One style plugged into the suite.
struct StyleAdapter: Sendable, CustomTestStringConvertible {
  let name: String
  let make: @MainActor @Sendable (StoreOptions) -> StoreUnderTest

  var testDescription: String { name }

  /// Every style the package ships; a new style adds its adapter here.
  static let all: [StyleAdapter] = [.functional, .classBased, .effect]
}

/// Collects what checks observe, in order.
@MainActor
final class Log<Element> {
  var entries: [Element] = []
  func append(_ element: Element) { entries.append(element) }
}
