import ReduxCore

/// What every style's test store shares, written once: the state, exhaustivity, redaction in
/// failure messages, receiving the actions the test did not send (by value or by a predicate),
/// skipping them, and `finish`. Each style's test store adds only its own verb (`send`,
/// `dispatch`, `call`) and what is particular to it.
///
/// ```swift
/// let store = FeatureTestStore(initialState: SearchState(), reducer: Search())
/// await store.send(.queryChanged("swift")) { $0.query = "swift" }
/// await store.receive("the results", where: { if case .results = $0 { true } else { false } }) {
///   $0.results = ["Swift"]
/// }
/// await store.finish()
/// ```
///
/// `ReducedAction` is what reaches the reducer: the store's action, or for the class-based
/// style the `Commit`.
///
/// > Note: Runs on the main actor, with the store it tests.
@MainActor
public class TestStoreBase<State: Equatable, ReducedAction> {
  let core: AssertionCore<State, ReducedAction>
  /// What reached the reducer; kept here too, for the deinitializer, which runs on any thread.
  private let log: ReducedActions<State, ReducedAction>
  private let engine: StoreEngine<State, ReducedAction>

  init(
    recording engine: StoreEngine<State, ReducedAction>, timeout: Duration, createdAt: TestLocation,
    describe: @escaping (ReducedAction) -> String = { String(describing: $0) }
  ) {
    self.engine = engine
    core = AssertionCore(recording: engine, timeout: timeout, createdAt: createdAt, describe: describe)
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

  /// Runs `body` with `exhaustivity` in force, then restores the one before (TCA's
  /// `withExhaustivity`): part of a test checks only what it names.
  ///
  /// ```swift
  /// await store.withExhaustivity(.off) {
  ///   await store.send(.refreshAll)
  /// }
  /// ```
  /// - Parameters:
  ///   - exhaustivity: The exhaustivity while `body` runs.
  ///   - body: The part of the test.
  public func withExhaustivity(
    _ exhaustivity: Exhaustivity, _ body: () async throws -> Void
  ) async rethrows {
    let before = self.exhaustivity
    self.exhaustivity = exhaustivity
    defer { self.exhaustivity = before }
    try await body()
  }

  /// How long `receive` and `finish` wait before failing, from the next call on (the
  /// initializer's `timeout:`, TCA's `store.timeout`).
  ///
  /// ```swift
  /// store.timeout = .seconds(5)
  /// ```
  public var timeout: Duration {
    get { core.timeout }
    set { core.timeout = newValue }
  }

  /// Whether a failure shows `Redacted` values as `<redacted>`; `false` (the real values, as a
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
  public var subscriberCount: Int { engine.subscriberCount }

  /// The state as of the test's last assertion (TCA's `store.state`): after a `send`, the
  /// state that action made, not yet what later actions of its effects made until the test
  /// receives them; inside an assertion closure, the state before the action asserted. The
  /// live state, for a value the test cannot know beforehand (an async thunk's request id), is
  /// the store under test's own (`store.store`).
  ///
  /// ```swift
  /// await store.send(.increment) { $0.count = 1 }
  /// #expect(store.state.count == 1)
  /// ```
  public var state: State { core.expectedState }

  /// Waits for the next action that reached the reducer without the test sending it (from an
  /// effect, a thunk, a middleware), checks that it is `expected`, and checks its change.
  ///
  /// ```swift
  /// await store.receive(.fetched(3)) { $0.value = 3 }
  /// ```
  /// - Parameters:
  ///   - expected: The action.
  ///   - timeout: How long to wait for it; the test store's timeout by default.
  ///   - update: How the action should have changed the expected state.
  ///   - fileID: The file a failure is reported in: the caller's; leave the default.
  ///   - filePath: That file's path; leave the default.
  ///   - line: The line a failure is reported at; leave the default.
  ///   - column: Its column; leave the default.
  public func receive(
    _ expected: ReducedAction, timeout: Duration? = nil,
    assert update: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) async where ReducedAction: Equatable {
    await core.receive(
      "\(expected)", matching: { $0 == expected }, timeout: timeout, update: update.map(withDependencies),
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
  ///   - fileID: The file a failure is reported in: the caller's; leave the default.
  ///   - filePath: That file's path; leave the default.
  ///   - line: The line a failure is reported at; leave the default.
  ///   - column: Its column; leave the default.
  public func receive(
    _ description: String, where matches: @escaping (ReducedAction) -> Bool, timeout: Duration? = nil,
    assert update: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) async {
    await core.receive(
      description, matching: matches, timeout: timeout, update: update.map(withDependencies),
      sourceLocation: TestLocation(fileID, filePath, line, column))
  }

  /// Waits for the next action that `matches`, and checks its change: TCA's
  /// `receive { action in … }`, the predicate first.
  ///
  /// ```swift
  /// await store.receive({ $0 == .fetched(3) }) { $0.value = 3 }
  /// await store.receive({ if case .failed = $0 { true } else { false } }) { $0.error = "offline" }
  /// ```
  /// - Parameters:
  ///   - matches: Whether an action is the one expected.
  ///   - timeout: How long to wait for it.
  ///   - update: How the action should have changed the expected state.
  ///   - fileID: The file a failure is reported in: the caller's; leave the default.
  ///   - filePath: That file's path; leave the default.
  ///   - line: The line a failure is reported at; leave the default.
  ///   - column: Its column; leave the default.
  public func receive(
    _ matches: @escaping (ReducedAction) -> Bool, timeout: Duration? = nil,
    assert update: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) async {
    await core.receive(
      "an action that matches the predicate", matching: matches, timeout: timeout,
      update: update.map(withDependencies), sourceLocation: TestLocation(fileID, filePath, line, column))
  }

  /// Waits for the next action of the case `embed` makes, whatever its payload, and checks its
  /// change: for an action that carries `any Error` or a response that is not `Equatable`, the
  /// way TCA's `receive(\.response.success)` matches by case.
  ///
  /// ```swift
  /// let store = FeatureTestStore(initialState: SearchState(), reducer: Search())
  /// await store.receive(SearchAction.response) { $0.isLoading = false }
  /// await store.receive({ SearchAction.response(.success($0)) }) { $0.results = ["Swift"] }
  /// ```
  /// A case inside a case is written as a closure; the match follows every case it names, so
  /// `.response(.failure(error))` does not match `{ .response(.success($0)) }`.
  /// - Parameters:
  ///   - embed: The case, as the function that makes it (`SearchAction.response`).
  ///   - timeout: How long to wait for it.
  ///   - update: How the action should have changed the expected state.
  ///   - fileID: The file a failure is reported in: the caller's; leave the default.
  ///   - filePath: That file's path; leave the default.
  ///   - line: The line a failure is reported at; leave the default.
  ///   - column: Its column; leave the default.
  public func receive<Payload>(
    _ embed: @escaping (Payload) -> ReducedAction, timeout: Duration? = nil,
    assert update: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) async {
    await core.receive(
      "an action of the \(ReducedAction.self) case that carries \(Payload.self)",
      matching: { CaseMatching.matches($0, caseMadeBy: embed) }, timeout: timeout,
      update: update.map(withDependencies),
      sourceLocation: TestLocation(fileID, filePath, line, column))
  }

  /// Accepts every action received so far without checking them one by one: the expected
  /// state becomes the state after the last of them. For a test that cares about where a
  /// burst of actions ends, not about each step. Running effects get a moment first (until
  /// they end, 100 ms at most), so that an action a `.run` effect is sending now is skipped too.
  ///
  /// ```swift
  /// await store.send(.refreshAll)
  /// await store.skipReceivedActions()
  /// ```
  /// - Parameters:
  ///   - strict: Whether to fail when there was nothing to skip, as TCA's does by default.
  ///   - fileID: The file a failure is reported in: the caller's; leave the default.
  ///   - filePath: That file's path; leave the default.
  ///   - line: The line a failure is reported at; leave the default.
  ///   - column: Its column; leave the default.
  public func skipReceivedActions(
    strict: Bool = true, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    // Until the running work ends, or for a moment at most (work such as a timer may never end
    // by itself): what it is sending now arrives first.
    _ = await core.wakeups.wait(timeout: .milliseconds(100)) { runningWorkCount() == 0 }
    if !core.skipReceived(), strict {
      TestLocation(fileID, filePath, line, column).report(
        "skipReceivedActions(): there were no received actions to skip. Pass `strict: false` where there may be none."
      )
    }
  }

  /// Checks the state without an action (TCA's `assert`): `update` describes it from the state
  /// of the last assertion, and the test fails where the store's state is otherwise.
  ///
  /// ```swift
  /// await store.send(.increment)
  /// store.assert { $0.count = 1 }
  /// ```
  /// - Parameters:
  ///   - update: Sets what the state should hold.
  ///   - fileID: The file a failure is reported in: the caller's; leave the default.
  ///   - filePath: That file's path; leave the default.
  ///   - line: The line a failure is reported at; leave the default.
  ///   - column: Its column; leave the default.
  public func assert(
    _ update: @escaping (inout State) throws -> Void, fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) {
    core.assertState(
      update: withDependencies(update), sourceLocation: TestLocation(fileID, filePath, line, column))
  }

  /// `update`, run where the test's dependencies apply: the style's test store overrides it.
  func withDependencies(
    _ update: @escaping (inout State) throws -> Void
  ) -> (inout State) throws -> Void { update }

  /// Ends the test: waits for running work (effects, started thunks) to end, then fails
  /// (exhaustively) for work still running and actions not received. Nothing is checked after it.
  ///
  /// ```swift
  /// await store.finish()
  /// ```
  /// - Parameters:
  ///   - timeout: How long to wait for running work to end.
  ///   - fileID: The file a failure is reported in: the caller's; leave the default.
  ///   - filePath: That file's path; leave the default.
  ///   - line: The line a failure is reported at; leave the default.
  ///   - column: Its column; leave the default.
  public func finish(
    timeout: Duration? = nil, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    await core.finish(
      running: { [unowned self] in runningWorkCount() }, causes: { runningWorkCauses() },
      cancelRunning: { cancelRunningWork() },
      timeout: timeout, sourceLocation: TestLocation(fileID, filePath, line, column))
  }

  /// How much work the store under test still runs; a style with async work overrides it.
  func runningWorkCount() -> Int { 0 }

  /// The work still running, grouped by what started it; a style that can trace its work to
  /// the test's acts overrides it.
  func runningWorkCauses() -> [RunningWorkCause] { RunningWorkCause.unknown(runningWorkCount()) }

  /// Cancels the work still running when `finish` gives up waiting.
  func cancelRunningWork() {}
}
