public import FunctionalStore

/// A test store for the functional style: dispatch actions and thunks and say how the state
/// changes; receive, in order, every action a middleware or a thunk dispatched that the test did
/// not assert yet; end with `finish()`.
///
/// A thunk's dispatches are its own result: `dispatch(thunk) { … }` checks the state after all
/// the actions it dispatched while it ran. Actions dispatched later (by a thunk still running,
/// a middleware's async work) are received one by one.
///
/// ```swift
/// @MainActor @Test func addingTwice() async {
///   let store = ReduxTestStore(reducer: counterReducer, initialState: 0)
///   await store.dispatch(.add(2)) { $0 = 2 }
///   await store.dispatch(addTwice(3)) { $0 = 8 }
///   await store.finish()
/// }
/// ```
@MainActor
public final class ReduxTestStore<State: Equatable, Action, Extra>: TestStoreBase<State, Action> {
  /// The store under test.
  public let store: ReduxStoreWithExtra<State, Action, Extra>
  private var startedThunks: [Task<Void, Never>] = []
  /// The started thunks still running, for the deinitializer (which runs on any thread).
  private let unfinishedThunks = Locked<[Int: Task<Void, Never>]>([:])

  /// Makes a test store around a new store whose thunks get `extraArgument`.
  ///
  /// ```swift
  /// let store = ReduxTestStore(reducer: todoReducer, initialState: TodoState(), extraArgument: api)
  /// ```
  /// - Parameters:
  ///   - reducer: The reducer under test.
  ///   - initialState: The state before any action.
  ///   - extraArgument: What thunks with an extra argument receive.
  ///   - middlewares: Middlewares of the store, as the app has them.
  ///   - timeout: How long `receive` and `finish` wait before failing.
  ///   - fileID: Where leftovers are reported if the test store goes away unfinished; leave the defaults.
  ///   - filePath: With `fileID`, the same place; leave the default.
  ///   - line: With `fileID`, the same place; leave the default.
  ///   - column: With `fileID`, the same place; leave the default.
  public init(
    reducer: ReduxReducer<State, Action>, initialState: State, extraArgument: Extra,
    middlewares: [Middleware<State, Action>] = [], timeout: Duration = .seconds(1),
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) {
    store = createStore(
      reducer: reducer, initialState: initialState,
      enhancer: middlewares.isEmpty ? nil : applyMiddleware(middlewares), extraArgument: extraArgument)
    super.init(
      recording: store.engine, timeout: timeout, createdAt: TestLocation(fileID, filePath, line, column))
  }

  /// Dispatches an action and checks the change it made.
  ///
  /// ```swift
  /// let store = ReduxTestStore(reducer: counterReducer, initialState: 0)
  /// await store.dispatch(.increment) { $0 = 1 }
  /// ```
  /// - Parameters:
  ///   - action: The action.
  ///   - update: How the action should have changed the expected state.
  ///   - fileID: The file a failure is reported in: the caller's; leave the default.
  ///   - filePath: That file's path; leave the default.
  ///   - line: The line a failure is reported at; leave the default.
  ///   - column: Its column; leave the default.
  public func dispatch(
    _ action: Action, assert update: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) async {
    guard
      core.prepareToAct("dispatch(\(action))", sourceLocation: TestLocation(fileID, filePath, line, column))
    else { return }
    let before = store.getState()
    store.dispatch(action)
    core.assertActed(
      "dispatch(\(action))", before: before, update: update,
      sourceLocation: TestLocation(fileID, filePath, line, column))
  }

  /// Runs a thunk and checks the state after every action it dispatched.
  ///
  /// A test store without an extra argument takes a plain `Thunk` here; one with an extra
  /// argument takes a thunk of that type, or a plain one as `ThunkWithExtra(thunk)`.
  ///
  /// ```swift
  /// let store = ReduxTestStore(reducer: counterReducer, initialState: 2, extraArgument: api)
  /// await store.dispatch(addStep()) { $0 = 4 }
  /// ```
  /// - Parameters:
  ///   - thunk: The thunk.
  ///   - update: How its actions should have changed the expected state, together.
  ///   - fileID: The file a failure is reported in: the caller's; leave the default.
  ///   - filePath: That file's path; leave the default.
  ///   - line: The line a failure is reported at; leave the default.
  ///   - column: Its column; leave the default.
  /// - Returns: What the thunk returned.
  @discardableResult
  public func dispatch<Result>(
    _ thunk: ThunkWithExtra<State, Action, Extra, Result>,
    assert update: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) async -> Result {
    await run("dispatch(thunk)", update: update, sourceLocation: TestLocation(fileID, filePath, line, column))
    { store.dispatch(thunk) }
  }

  /// Runs an async thunk to its end and checks the state after every action it dispatched.
  ///
  /// ```swift
  /// let store = ReduxTestStore(reducer: todoReducer, initialState: TodoState(), extraArgument: api)
  /// let loaded = await store.dispatch(loadTodos()) { $0.todos = ["Buy milk"] }
  /// ```
  /// - Parameters:
  ///   - thunk: The thunk.
  ///   - update: How its actions should have changed the expected state, together.
  ///   - fileID: The file a failure is reported in: the caller's; leave the default.
  ///   - filePath: That file's path; leave the default.
  ///   - line: The line a failure is reported at; leave the default.
  ///   - column: Its column; leave the default.
  /// - Returns: What the thunk returned.
  @discardableResult
  public func dispatch<Result>(
    _ thunk: AsyncThunkWithExtra<State, Action, Extra, Result>,
    assert update: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) async -> Result {
    await run(
      "dispatch(async thunk)", update: update, sourceLocation: TestLocation(fileID, filePath, line, column)
    ) {
      await store.dispatch(thunk)
    }
  }

  /// Starts an async thunk without waiting for it, as a button would: each action it dispatches
  /// is then received with `receive`, and `finish()` fails if it is still running.
  ///
  /// ```swift
  /// let store = ReduxTestStore(reducer: todoReducer, initialState: TodoState(), extraArgument: api)
  /// store.start(loadTodos())
  /// await store.receive(.add("Buy milk")) { $0.todos = ["Buy milk"] }
  /// ```
  /// - Parameter thunk: The thunk.
  public func start<Result>(_ thunk: AsyncThunkWithExtra<State, Action, Extra, Result>) {
    let store = store
    track { _ = await store.dispatch(thunk) }
  }

  /// Watches async work the test did not wait for: `finish()` fails while it runs, and the
  /// test store cancels it as it goes.
  func track(_ work: @escaping @MainActor () async -> Void) {
    let number = startedThunks.count
    let unfinished = unfinishedThunks
    let task = Task {
      await work()
      unfinished.withLock { $0[number] = nil }
    }
    unfinished.withLock { $0[number] = task }
    startedThunks.append(task)
  }

  /// The started thunks, watched until they end: made when `finish` first asks.
  private lazy var runningThunks = RunningTasks(startedThunks) { [wakeups = core.wakeups] in
    wakeups.signal()
  }

  deinit {
    // A thunk started and never waited for is a forgotten effect: reported as the test store
    // goes (exhaustively), and cancelled.
    let running = unfinishedThunks.withLock { $0 }
    for task in running.values { task.cancel() }
    core.log.noteRunningAtRelease(running.count, of: "started thunk(s)")
  }

  override func runningWorkCount() -> Int { runningThunks.running }

  override func cancelRunningWork() { runningThunks.cancel() }

  func run<Result>(
    _ what: String, update: ((inout State) throws -> Void)?, sourceLocation: TestLocation,
    _ body: () async -> Result
  ) async -> Result {
    _ = core.prepareToAct(what, sourceLocation: sourceLocation)
    let before = store.getState()
    let result = await body()
    core.assertActedAll(what, before: before, update: update, sourceLocation: sourceLocation)
    return result
  }
}

// Plain thunks on a test store whose thunks get an extra argument: each runs as the thunk of
// that argument it is (`ThunkWithExtra(thunk)`). Disfavored: with a `Void` extra argument a
// plain thunk already is one, and the methods above are the ones to pick.
extension ReduxTestStore {
  /// Runs a thunk that needs no extra argument; see ``dispatch(_:assert:fileID:filePath:line:column:)``.
  @_disfavoredOverload @discardableResult
  public func dispatch<Result>(
    _ thunk: Thunk<State, Action, Result>, assert update: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) async -> Result {
    await dispatch(
      ThunkWithExtra(thunk), assert: update, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Runs an async thunk that needs no extra argument; see the method for thunks of the extra
  /// argument.
  @_disfavoredOverload @discardableResult
  public func dispatch<Result>(
    _ thunk: AsyncThunk<State, Action, Result>, assert update: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) async -> Result {
    await dispatch(
      AsyncThunkWithExtra(thunk), assert: update, fileID: fileID, filePath: filePath, line: line,
      column: column)
  }

  /// Starts an async thunk that needs no extra argument; see ``start(_:)``.
  @_disfavoredOverload
  public func start<Result>(_ thunk: AsyncThunk<State, Action, Result>) { start(AsyncThunkWithExtra(thunk)) }
}

extension ReduxTestStore where Extra == Void {
  /// Makes a test store around a new store without an extra argument.
  ///
  /// ```swift
  /// let store = ReduxTestStore(reducer: counterReducer, initialState: 0)
  /// ```
  /// - Parameters:
  ///   - reducer: The reducer under test.
  ///   - initialState: The state before any action.
  ///   - middlewares: Middlewares of the store, as the app has them.
  ///   - timeout: How long `receive` and `finish` wait before failing.
  ///   - fileID: Where leftovers are reported if the test store goes away unfinished; leave the defaults.
  ///   - filePath: With `fileID`, the same place; leave the default.
  ///   - line: With `fileID`, the same place; leave the default.
  ///   - column: With `fileID`, the same place; leave the default.
  public convenience init(
    reducer: ReduxReducer<State, Action>, initialState: State,
    middlewares: [Middleware<State, Action>] = [], timeout: Duration = .seconds(1),
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) {
    self.init(
      reducer: reducer, initialState: initialState, extraArgument: (), middlewares: middlewares,
      timeout: timeout, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
