public import EffectStore

/// A test store for the reducer/effect style: send actions and say how the state changes;
/// receive, in order, every action that effects send back, with its change; end with
/// `finish()`, which fails if an effect is still running or an action was not received.
///
/// ```swift
/// @Test func loadingACount() async {
///   let store = FeatureTestStore(initialState: CounterState(), reducer: Counter())
///   await store.send(.fetch(3)) { $0.log = ["fetch 3"] }
///   await store.receive(.fetched(3)) { $0.log.append("fetched 3") }
///   await store.finish()
/// }
/// ```
///
/// > Note: Runs on the main actor, with the store it tests (made there).
@MainActor
public final class FeatureTestStore<State: Equatable, Action> {
  /// The store under test; read it, or hand it to code under test.
  public let store: FeatureStore<State, Action>
  /// What reached the reducer; kept here too, for the deinitializer, which runs on any thread.
  private let log: ReducedActions<State, Action>
  private let core: AssertionCore<State, Action>

  /// Makes a test store around a new store.
  ///
  /// ```swift
  /// let store = FeatureTestStore(initialState: CounterState(), reducer: Counter())
  /// ```
  /// - Parameters:
  ///   - initialState: The state before any action.
  ///   - reducer: The feature under test.
  ///   - middlewares: Middlewares of the store, as the app has them.
  ///   - timeout: How long `receive` and `finish` wait before failing.
  ///   - fileID, filePath, line, column: Where leftovers are reported if the test store goes away
  ///     unfinished; leave the defaults.
  public init<R: Reducer>(
    initialState: State, reducer: R, middlewares: [Middleware<State, Action>] = [],
    timeout: Duration = .seconds(1), fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where R.State == State, R.Action == Action {
    store = FeatureStore(initialState: initialState, reducer: reducer, middlewares: middlewares)
    core = AssertionCore(
      recording: store.engine, timeout: timeout, createdAt: TestLocation(fileID, filePath, line, column))
    log = core.log
  }

  deinit {
    log.reportLeftoversAtRelease()
  }

  /// Whether every change and action must be asserted (`.on`, the default) or only the ones
  /// the test names.
  public var exhaustivity: Exhaustivity {
    get { core.exhaustivity }
    set { core.exhaustivity = newValue }
  }

  /// Whether a failure shows ``Redacted`` values as `<redacted>`; `false` (the real values, as a
  /// test usually wants them) unless set, for a test whose output is kept where secrets must
  /// not be.
  public var redactsSensitiveValues: Bool {
    get { core.redactsSensitiveValues }
    set { core.redactsSensitiveValues = newValue }
  }

  /// How many subscriptions, listeners and streams the store under test has: for a leak check.
  ///
  /// ```swift
  /// #expect(store.subscriberCount == 0)
  /// ```
  public var subscriberCount: Int { store.subscriberCount }

  /// The store's current state.
  public var state: State { store.state }

  /// Sends an action and checks the change it made.
  ///
  /// ```swift
  /// await store.send(.increment) { $0.count = 1 }
  /// ```
  /// - Parameters:
  ///   - action: The action.
  ///   - update: Changes the expected state the way the action should have changed the
  ///     state; leave it out for an action that changes nothing.
  /// - Returns: The work the action started, to await or cancel.
  @discardableResult
  public func send(
    _ action: Action, assert update: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) async -> StoreTask {
    guard core.prepareToAct("send(\(action))", sourceLocation: TestLocation(fileID, filePath, line, column))
    else {
      return store.send(action)
    }
    let before = store.engine.untrackedState
    let task = store.send(action)
    core.assertActed(
      "send(\(action))", before: before, update: update,
      sourceLocation: TestLocation(fileID, filePath, line, column))
    return task
  }

  /// Waits for the next action an effect (or a middleware) made reach the reducer, checks that
  /// it is `expected`, and checks its change.
  ///
  /// ```swift
  /// await store.receive(.fetched(3)) { $0.value = 3 }
  /// ```
  /// - Parameters:
  ///   - expected: The action.
  ///   - timeout: How long to wait for it; the test store's timeout by default.
  ///   - update: How the action should have changed the expected state.
  public func receive(
    _ expected: Action, timeout: Duration? = nil, assert update: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) async where Action: Equatable {
    await core.receive(
      "\(expected)", matching: { $0 == expected }, timeout: timeout, update: update,
      sourceLocation: TestLocation(fileID, filePath, line, column))
  }

  /// Waits for the next action that `matches` (for actions that are not `Equatable`, or to
  /// match a case whatever its values), and checks its change.
  ///
  /// ```swift
  /// await store.receive("a failure", where: { if case .failed = $0 { true } else { false } }) {
  ///   $0.error = "offline"
  /// }
  /// ```
  /// - Parameters:
  ///   - description: What the action is, for failure messages.
  ///   - matches: Whether an action is the one expected.
  ///   - timeout: How long to wait for it.
  ///   - update: How the action should have changed the expected state.
  public func receive(
    _ description: String, where matches: @escaping (Action) -> Bool, timeout: Duration? = nil,
    assert update: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) async {
    await core.receive(
      description, matching: matches, timeout: timeout, update: update,
      sourceLocation: TestLocation(fileID, filePath, line, column))
  }

  /// Ends the test: waits for running effects to end, then fails (exhaustively) for effects
  /// still running and actions not received. Nothing is checked after it.
  ///
  /// ```swift
  /// await store.finish()
  /// ```
  /// - Parameter timeout: How long to wait for effects to end.
  public func finish(
    timeout: Duration? = nil, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let store = store
    await core.finish(
      running: { store.runningEffectCount }, cancelRunning: { store.cancelAllEffects() },
      timeout: timeout, sourceLocation: TestLocation(fileID, filePath, line, column))
  }
}
