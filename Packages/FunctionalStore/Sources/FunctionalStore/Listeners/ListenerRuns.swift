import ReduxCore

/// The listener runs going on for one store: started on its actor, cancelled as their modes
/// say, and all cancelled when the store goes.
@usableFromInline
final class ListenerRuns<State, Action> {
  private let context: MiddlewareContext<State, Action>
  private let onError: (any Error) -> Void
  /// What the middleware was made with for its effects (`ListenerAPI.extra`).
  private let extra: (any Sendable)?
  /// The tasks of the runs going on, by listener, by run number: a run that ends is forgotten
  /// in constant time, however many runs of its listener are going on.
  private var running: [ObjectIdentifier: [Int: Task<Void, Never>]] = [:]
  private var lastRunID = 0
  /// The run being started, until its task is kept: a run that ends before its first
  /// suspension ends inside `start`, before there is a task to forget.
  private var startingRunID: Int?
  private var startingRunEnded = false
  /// The runs waiting for an action (`ListenerAPI.take`), oldest first:
  /// each returns whether its wait has ended, told with the action and the states after and
  /// before it.
  private var waits: [(Action, State, State) -> Bool] = [] {
    didSet { hasWaits = !waits.isEmpty }
  }

  /// Whether some run waits for an action: the middleware then keeps the state before each.
  /// Stored, so that the middleware reads it inline, with no generic metadata to look up.
  @usableFromInline private(set) var hasWaits = false

  @usableFromInline init(
    context: MiddlewareContext<State, Action>, extra: (any Sendable)?, onError: @escaping (any Error) -> Void
  ) {
    self.context = context
    self.extra = extra
    self.onError = onError
  }

  /// The tasks the runs going on forked (`ListenerAPI.fork`), by run number: cancelled with
  /// their run, and when it ends unless joined.
  private var forks: [Int: [any ForkedWork]] = [:]

  deinit {
    cancelAll()
  }

  /// Cancels every run going on and what they forked.
  func cancelAll() {
    for runs in running.values { for task in runs.values { task.cancel() } }
    running = [:]
    for runForks in forks.values { for fork in runForks { fork.cancel() } }
    forks = [:]
  }

  /// Keeps a task that run `runID` forked, cancelled with the run.
  func keep(_ fork: any ForkedWork, forkedBy runID: Int) {
    forks[runID, default: []].append(fork)
  }

  /// Cancels what run `runID` forked.
  func cancelForks(of runID: Int) {
    guard let runForks = forks.removeValue(forKey: runID) else { return }
    for fork in runForks { fork.cancel() }
  }

  /// At a run's end, lets the tasks it forked begin, waits for those to join, then cancels the
  /// others, as Redux Toolkit's `autoJoin` says.
  private nonisolated(nonsending) static func settleForks(of runID: Int, in runs: WeakRuns<State, Action>)
    async
  {
    // Tasks forked just before the end begin first, as Redux Toolkit's begin in the microtask
    // before its run's end cancels them.
    await Task.yield()
    // A joined task stays listed while it is awaited, so that a cancelled run cancels it.
    while let joined = runs.runs?.forks[runID]?.first(where: \.isJoined) {
      await joined.join()
      runs.runs?.forks[runID]?.removeAll { $0 === joined }
    }
    runs.runs?.cancelForks(of: runID)
  }

  /// Starts a run of `listener` for `action`, cancelling earlier ones if its mode says so. The
  /// run begins here, inside the dispatch, and goes on up to its first suspension before this
  /// returns (see `StoreHome.start`), so runs start in the order of their actions.
  @usableFromInline func start(_ listener: ListenerEntry<State, Action>, for action: Action, original: State)
  {
    guard let home = context.home?.actor else { FunctionalProgrammerError.noHomeForListener() }
    if listener.mode.cancelsEarlierRuns { cancelRuns(of: listener, except: nil) }
    lastRunID += 1
    let runID = lastRunID
    let run = HomeBound(
      (
        runs: WeakRuns(runs: self), context: context, listener: listener, action: action, runID: runID,
        original: original, extra: extra
      ))
    let enclosingRun = (startingRunID, startingRunEnded)
    startingRunID = runID
    startingRunEnded = false
    let task = StoreHome.start(on: home, run) { run in await ListenerRuns.perform(run) }
    let endedAtOnce = startingRunEnded
    (startingRunID, startingRunEnded) = enclosingRun
    if !endedAtOnce { running[ObjectIdentifier(listener), default: [:]][runID] = task }
  }

  /// Adds a wait, told of each action from the next one on until it ends.
  func addWait(_ wait: @escaping (Action, State, State) -> Bool) {
    waits.append(wait)
  }

  /// Tells the waits of an action that went through the reducers; forgets those that ended.
  @usableFromInline func tellWaits(_ action: Action, after: State, before: State) {
    // A wait a match ends resumes its run later, on this actor: nothing changes `waits` here.
    waits.removeAll { $0(action, after, before) }
  }

  /// Waits as the listener's mode says, runs its effect, and forgets the run.
  private nonisolated(nonsending) static func perform(
    _ run: (
      runs: WeakRuns<State, Action>, context: MiddlewareContext<State, Action>,
      listener: ListenerEntry<State, Action>, action: Action, runID: Int, original: State,
      extra: (any Sendable)?
    )
  ) async {
    let api = ListenerAPI(
      context: run.context, listener: run.listener, runs: run.runs, runID: run.runID,
      originalState: run.original, extra: run.extra)
    do {
      if case .debounce(let interval, let clock) = run.listener.mode.kind {
        try await clock.sleep(for: interval)
      }
      try await run.listener.effect(run.action, api)
    } catch is CancellationError {
    } catch {
      run.runs.runs?.onError(error)
    }
    // One look at the store's runs, held weakly, when the run forked nothing. The runs are not
    // held across the wait for forked tasks: a run waiting there must not keep its store's runs
    // alive, since the store's going is what cancels it.
    if let runs = run.runs.runs {
      if runs.forks.isEmpty { return runs.forget(run.runID, of: run.listener) }
    } else {
      return
    }
    await settleForks(of: run.runID, in: run.runs)
    run.runs.runs?.forget(run.runID, of: run.listener)
  }

  /// Cancels the runs of `listener` going on, all but `spared`.
  func cancelRuns(of listener: ListenerEntry<State, Action>, except spared: Int?) {
    let key = ObjectIdentifier(listener)
    guard let runs = running[key] else { return }
    for (runID, task) in runs where runID != spared {
      task.cancel()
      cancelForks(of: runID)
    }
    running[key] = runs.filter { $0.key == spared }
  }

  private func forget(_ runID: Int, of listener: ListenerEntry<State, Action>) {
    if runID == startingRunID { startingRunEnded = true }
    running[ObjectIdentifier(listener)]?[runID] = nil
  }
}

/// The runs of a store, held weakly by each run: a run does not keep its store's runs alive,
/// so the runs are cancelled when the store goes.
struct WeakRuns<State, Action> {
  weak var runs: ListenerRuns<State, Action>?
}
