public import EffectStore
import Foundation

/// A test store for the reducer/effect style: send actions and say how the state changes;
/// receive, in order, every action that effects send back, with its change; end with
/// `finish()`, which fails if an effect is still running or an action was not received.
///
/// ```swift
/// @MainActor @Test func loadingACount() async {
///   let store = FeatureTestStore(initialState: CounterState(), reducer: Counter())
///   await store.send(.fetch(3)) { $0.log = ["fetch 3"] }
///   await store.receive(.fetched(3)) { $0.log.append("fetched 3") }
///   await store.finish()
/// }
/// ```
///
/// > Note: Runs on the main actor, with the store it tests (made there).
@MainActor
public final class FeatureTestStore<State: Equatable, Action>: TestStoreBase<State, Action> {
  /// The store under test; read it, or hand it to code under test.
  public let store: FeatureStore<State, Action>
  /// The dependencies the test gave, in force for the feature and where the test's initial
  /// state is made and its assertion closures run; the test may change them midway.
  private let dependencyValues: Locked<DependencyValues>
  /// Whether the root feature called `dismiss()`: the test store then takes no more actions.
  private let rootDismissal = RootDismissal()
  /// The test's sends, to trace an effect still running at the end to the one that started it.
  var acts = TestActs()

  /// Makes a test store around a new store.
  ///
  /// ```swift
  /// let store = FeatureTestStore(initialState: CounterState(), reducer: Counter())
  /// ```
  /// - Parameters:
  ///   - initialState: The state before any action.
  ///   - reducer: The feature under test.
  ///   - middlewares: Middlewares of the store, as the app has them.
  ///   - dependencies: The dependencies the test provides. A dependency the feature reads that
  ///     is not here, and whose key has no `testValue`, fails the test (at this line) and reads
  ///     as its live value.
  ///   - timeout: How long `receive` and `finish` wait before failing.
  ///   - fileID: Where leftovers are reported if the test store goes away unfinished; leave the defaults.
  ///   - filePath: With `fileID`, the same place; leave the default.
  ///   - line: With `fileID`, the same place; leave the default.
  ///   - column: With `fileID`, the same place; leave the default.
  public init<R: Reducer>(
    initialState: @autoclosure () -> State, reducer: R, middlewares: [Middleware<State, Action>] = [],
    dependencies: (inout DependencyValues) -> Void = { _ in },
    timeout: Duration = .seconds(1), fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where R.State == State, R.Action == Action {
    let location = TestLocation(fileID, filePath, line, column)
    var values = DependencyValues()
    values.reportUnprovided = { key in location.report(unprovidedDependencyMessage(key)) }
    values.update(dependencies)
    // The shared values the store changes are kept as they were, for the test to describe.
    let sharedChanges = SharedChangeLog()
    values.sharedChanges = sharedChanges
    values.rootDismissal = { [rootDismissal] in await rootDismissal.dismiss() }
    let dependencyValues = Locked(values)
    self.dependencyValues = dependencyValues
    // The initial state is made where the test's dependencies apply (a date, an id in it is
    // the test's), as are the assertion closures (see `withDependencies`). The feature reads
    // them at each action, so that a change the test makes midway applies from the next one.
    let state = DependencyValues.$current.withValue(values) { initialState() }
    store = FeatureStore(
      initialState: state,
      reducer: WithDependencies({ $0 = dependencyValues.withLock { $0 } }, base: reducer),
      middlewares: middlewares)
    rootDismissal.cancelEffects = { [weak store] in store?.cancelAllEffects() }
    store.recordWhichActionStartsEachEffect()
    store.whenAnEffectSendsAfterItEnded { action in
      location.report(
        """
        An action was sent from a completed effect: \(action). A `.run` effect's closure returned \
        before this `send` (it escaped into a task of its own): make the closure wait until it is \
        done sending, so that the test store (and cancellation) can follow the work.
        """)
    }
    super.init(recording: store.engine, timeout: timeout, createdAt: location)
    core.sharedChanges = sharedChanges
    store.whenAnEffectEnds { [wakeups = core.wakeups] in wakeups.signal() }
  }

  /// Makes a test store around a new store, the reducer in a trailing closure, as TCA's test
  /// store takes it.
  ///
  /// ```swift
  /// let store = FeatureTestStore(initialState: CounterState()) { Counter() }
  /// ```
  /// - Parameters:
  ///   - initialState: The state before any action.
  ///   - middlewares: Middlewares of the store, as the app has them.
  ///   - dependencies: The dependencies the test provides (see the other initializer).
  ///   - timeout: How long `receive` and `finish` wait before failing.
  ///   - fileID: Where leftovers are reported if the test store goes away unfinished; leave the defaults.
  ///   - filePath: With `fileID`, the same place; leave the default.
  ///   - line: With `fileID`, the same place; leave the default.
  ///   - column: With `fileID`, the same place; leave the default.
  ///   - reducer: Makes the feature under test.
  public convenience init<R: Reducer>(
    initialState: @autoclosure () -> State, middlewares: [Middleware<State, Action>] = [],
    dependencies: (inout DependencyValues) -> Void = { _ in },
    timeout: Duration = .seconds(1), fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column, reducer: () -> R
  ) where R.State == State, R.Action == Action {
    self.init(
      initialState: initialState(), reducer: reducer(), middlewares: middlewares, dependencies: dependencies,
      timeout: timeout, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Whether an effect of the feature under test called `dismiss()` (TCA's
  /// `store.isDismissed`): the test store then took no more actions.
  ///
  /// ```swift
  /// await store.send(.fetch(3)).finish()
  /// #expect(!store.isDismissed)
  /// ```
  public var isDismissed: Bool { rootDismissal.isDismissed }

  /// The dependencies the feature runs with: those the test gave, which it may change midway
  /// (TCA's `store.dependencies`); a change applies from the next action on, to the reducer and
  /// the effects it returns.
  ///
  /// ```swift
  /// import Foundation
  ///
  /// store.dependencies.date.now = Date(timeIntervalSince1970: 0)
  /// await store.send(.increment) { $0.count = 1 }
  /// ```
  ///
  /// A dependency changed by writing into it (`store.dependencies.apiClient.fetch = …`, which
  /// reads `apiClient` first) is provided, not reported as missing.
  public var dependencies: DependencyValues {
    get { dependencyValues.withLock { $0 } }
    _modify {
      var values = dependencyValues.withLock { $0 }
      values.startUpdating()
      yield &values
      values.finishUpdating()
      dependencyValues.withLock { [values] in $0 = values }
    }
  }

  /// Sends an action and checks the change it made.
  ///
  /// ```swift
  /// await store.send(.increment) { $0.count = 1 }
  /// ```
  /// - Parameters:
  ///   - action: The action.
  ///   - update: Changes the expected state the way the action should have changed the
  ///     state; leave it out for an action that changes nothing.
  ///   - fileID: The file a failure is reported in: the caller's; leave the default.
  ///   - filePath: That file's path; leave the default.
  ///   - line: The line a failure is reported at; leave the default.
  ///   - column: Its column; leave the default.
  /// - Returns: The work the action started, to await or cancel.
  @discardableResult
  public func send(
    _ action: Action, assert update: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) async -> StoreTask {
    if rootDismissal.isDismissed {
      TestLocation(fileID, filePath, line, column).report(
        """
        send(\(action)): the test store was dismissed (an effect of its feature called dismiss()), \
        and takes no more actions. End the test at the dismissal, or test the feature presented \
        by its parent.
        """)
      return .none
    }
    guard core.prepareToAct("send(\(action))", sourceLocation: TestLocation(fileID, filePath, line, column))
    else {
      return store.send(action)
    }
    let before = store.engine.untrackedState
    let location = TestLocation(fileID, filePath, line, column)
    // The test sends from outside any dispatch, so its action is the next to start.
    acts.note("send(\(action))", location: location, actionNumber: store.engine.currentActionNumber + 1)
    let task = store.send(action)
    core.assertActed(
      "send(\(action))", before: before, update: update.map(withDependencies), sourceLocation: location)
    await giveEffectsTheirHeadStart { store.runningEffectCount }
    return task
  }

  deinit {
    // The store goes with its test store, and cancels what still runs: a test that forgot an
    // effect is told so (exhaustively), as it is for an action it did not receive. Counted only
    // where the store runs (the main actor, where a test releases its test store).
    guard MainThread.isCurrent else { return }
    let (isExhaustive, firstCount) = MainActor.assumeIsolated {
      (core.isExhaustive, store.runningEffectCount)
    }
    var running = firstCount
    // An effect whose last `send` was just applied is returning on another thread: it is over,
    // and is counted as over however the threads ran. The wait happens only when the release
    // is about to fail the test, and lasts until the shared executor has given such an effect
    // its chances to return (see `ChancesToRun`), not a fixed time: a loaded machine (a
    // sanitizer, parallel tests) may take seconds to give them.
    var chances = ChancesToRun(limit: .seconds(30))
    while running > 0, isExhaustive, chances.giveOneMore() {
      running = MainActor.assumeIsolated { store.runningEffectCount }
    }
    let causes = running == 0 ? [] : MainActor.assumeIsolated { runningWorkCauses() }
    core.log.noteRunningAtRelease(causes)
  }

  /// Stops waiting for the effects running now (TCA's `skipInFlightEffects`): `finish()` and the
  /// test store's release no longer require them to end. They go on, and what they send must
  /// still be received (exhaustively).
  ///
  /// ```swift
  /// await store.send(.fetch(3))
  /// store.skipInFlightEffects()
  /// ```
  /// - Parameters:
  ///   - strict: Whether to fail when no effect was running, as TCA's does by default.
  ///   - fileID: The file a failure is reported in: the caller's; leave the default.
  ///   - filePath: That file's path; leave the default.
  ///   - line: The line a failure is reported at; leave the default.
  ///   - column: Its column; leave the default.
  public func skipInFlightEffects(
    strict: Bool = true, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    if store.skipRunningEffects() == 0, strict {
      TestLocation(fileID, filePath, line, column).report(
        "skipInFlightEffects(): there were no effects in flight to skip. Pass `strict: false` where there may be none."
      )
    }
  }

  override func runningWorkCount() -> Int { store.runningEffectCount }

  override func runningWorkCauses() -> [RunningWorkCause] { acts.causes(of: store.runningEffectStarts) }

  override func withDependencies(
    _ update: @escaping (inout State) throws -> Void
  ) -> (inout State) throws -> Void {
    let values = dependencies
    return { state in try DependencyValues.$current.withValue(values) { try update(&state) } }
  }

  override func cancelRunningWork() { store.cancelAllEffects() }
}

/// What a test store says of a dependency the feature read and the test did not provide.
func unprovidedDependencyMessage(_ key: String) -> String {
  "The feature read the dependency \(key), which this test store was not given, so it got its "
    + "live value. Provide it: FeatureTestStore(…, dependencies: { $0[\(key).self] = … }) (or "
    + "its property of DependencyValues), or give \(key) a testValue."
}

/// A test store's answer to `dismiss()` in its root feature's effects, as TCA's test store
/// answers it: the store cancels its effects and takes no more actions.
@MainActor
private final class RootDismissal: Sendable {
  var cancelEffects: () -> Void = {}
  private(set) var isDismissed = false

  func dismiss() {
    isDismissed = true
    cancelEffects()
  }
}
