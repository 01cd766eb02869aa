import ReduxCore

/// How a forked task ended (Redux Toolkit's `TaskResult`).
///
/// ```swift
/// listeners.startListening(for: Search.queryChanged) { query, api in
///   switch await api.fork({ _ in try await SearchAPI.results(for: query) }).result {
///   case .ok(let results): api.dispatch(Search.resultsArrived(results))
///   case .rejected(let error): print("search failed:", error)
///   case .cancelled: break
///   }
/// }
/// ```
public enum ForkResult<Value: Sendable>: Sendable {
  /// The work returned this value.
  case ok(Value)
  /// The work threw this error.
  case rejected(any Error)
  /// The task was cancelled: by ``ForkedTask/cancel()``, or with the run that forked it.
  case cancelled
}

/// A child task of a listener's run (Redux Toolkit's `listenerApi.fork`): it runs beside the
/// run, on the store's actor, and is cancelled with it, when the run is cancelled or ends
/// (unless forked with `autoJoin: true`, which makes the run wait for it).
///
/// ```swift
/// listeners.startListening(for: Search.queryChanged) { query, api in
///   let polling = api.fork { fork in try await fork.delay(for: .seconds(5)) }
///   _ = try await api.take(Search.resultsArrived)
///   polling.cancel()
/// }
/// ```
public final class ForkedTask<Value: Sendable>: Sendable {
  private let task: Task<ForkResult<Value>, Never>
  /// Whether the run that forked it waits for it before ending.
  let isJoined: Bool

  init(_ task: Task<ForkResult<Value>, Never>, isJoined: Bool) {
    self.task = task
    self.isJoined = isJoined
  }

  /// How it ended, once it has (Redux Toolkit's `task.result`).
  ///
  /// ```swift
  /// listeners.startListening(for: Search.queryChanged) { _, api in
  ///   if case .ok(let count) = await api.fork({ _ in 42 }).result { print(count) }
  /// }
  /// ```
  public var result: ForkResult<Value> {
    get async { await task.value }
  }

  /// What the work returned; throws what it threw, or `CancellationError` when it was cancelled.
  ///
  /// ```swift
  /// listeners.startListening(for: Search.queryChanged) { _, api in
  ///   let count = try await api.fork { _ in 42 }.value
  ///   print(count)
  /// }
  /// ```
  public var value: Value {
    get async throws {
      switch await task.value {
      case .ok(let value): return value
      case .rejected(let error): throw error
      case .cancelled: throw CancellationError()
      }
    }
  }

  /// Cancels the work (Redux Toolkit's `task.cancel()`): its next wait throws
  /// `CancellationError`, and its result is ``ForkResult/cancelled``.
  ///
  /// ```swift
  /// listeners.startListening(for: Search.queryChanged) { _, api in
  ///   let child = api.fork { fork in try await fork.delay(for: .seconds(15)) }
  ///   child.cancel()
  /// }
  /// ```
  public func cancel() {
    task.cancel()
  }

  /// Runs the work and says how it ended: cancelled if the task was, whatever the work did;
  /// a task cancelled before it began runs nothing.
  fileprivate nonisolated(nonsending) static func outcome(
    of work: nonisolated(nonsending) (ForkAPI) async throws -> Value
  ) async -> ForkResult<Value> {
    guard !Task.isCancelled else { return .cancelled }
    do {
      let value = try await work(ForkAPI())
      return Task.isCancelled ? .cancelled : .ok(value)
    } catch {
      return Task.isCancelled || error is CancellationError ? .cancelled : .rejected(error)
    }
  }
}

/// A forked task whatever its value, as a run keeps it.
protocol ForkedWork: AnyObject, Sendable {
  var isJoined: Bool { get }
  func cancel()
  nonisolated(nonsending) func join() async
}

extension ForkedTask: ForkedWork {
  nonisolated(nonsending) func join() async {
    _ = await task.value
  }
}

/// What a forked task's work is given (Redux Toolkit's `forkApi`): waits that end when the task
/// is cancelled, by itself or with its run.
///
/// ```swift
/// listeners.startListening(for: Search.queryChanged) { query, api in
///   api.fork { fork in
///     try await fork.delay(for: .seconds(5))
///     return try await fork.pause { try await SearchAPI.results(for: query) }
///   }
/// }
/// ```
public struct ForkAPI: Sendable {
  /// Whether the task was cancelled (Redux Toolkit's `forkApi.signal.aborted`).
  ///
  /// ```swift
  /// listeners.startListening(for: Search.queryChanged) { _, api in
  ///   api.fork { fork in fork.isCancelled ? 0 : 1 }
  /// }
  /// ```
  public var isCancelled: Bool { Task.isCancelled }

  /// Waits `duration` on `clock`; throws `CancellationError` as soon as the task is cancelled
  /// (Redux Toolkit's `forkApi.delay`).
  ///
  /// ```swift
  /// listeners.startListening(for: Search.queryChanged) { _, api in
  ///   api.fork { fork in try await fork.delay(for: .milliseconds(100)) }
  /// }
  /// ```
  /// - Parameters:
  ///   - duration: How long to wait.
  ///   - clock: What measures it; a test passes a `TestClock`.
  nonisolated(nonsending) public func delay(
    for duration: Duration, clock: any Clock<Duration> = ContinuousClock()
  ) async throws {
    try await clock.sleep(for: duration)
  }

  /// Waits for `operation`, and throws `CancellationError` if the task was cancelled before or
  /// meanwhile, its result dropped (Redux Toolkit's `forkApi.pause`). Swift's cancellation is
  /// cooperative: an operation that honours it (`Task.sleep`, `URLSession`) ends at once.
  ///
  /// ```swift
  /// listeners.startListening(for: Search.queryChanged) { query, api in
  ///   api.fork { fork in try await fork.pause { try await SearchAPI.results(for: query) } }
  /// }
  /// ```
  /// - Parameter operation: What to wait for.
  /// - Returns: What it returned.
  nonisolated(nonsending) public func pause<Result>(
    _ operation: nonisolated(nonsending) () async throws -> Result
  ) async throws -> Result {
    try Task.checkCancellation()
    let result = try await operation()
    try Task.checkCancellation()
    return result
  }
}

extension ListenerAPI {
  /// Starts `work` as a child task of this run (Redux Toolkit's `listenerApi.fork`), on the
  /// store's actor. It begins once the run's code before its next `await` is done (Redux
  /// Toolkit's next microtask), so a task cancelled at once runs nothing, and goes on beside the
  /// run; the run's cancellation cancels it, and so does the run's end, unless `autoJoin` makes
  /// the run wait for it.
  ///
  /// ```swift
  /// listeners.startListening(for: Search.queryChanged) { _, api in
  ///   let child = api.fork { fork in
  ///     try await fork.delay(for: .milliseconds(5))
  ///     return 42
  ///   }
  ///   if case .ok(let value) = await child.result { print(value) }
  /// }
  /// ```
  /// - Parameters:
  ///   - autoJoin: Whether the run waits for it before it ends (Redux Toolkit's `autoJoin`).
  ///   - work: The child's work, given a ``ForkAPI`` (Redux Toolkit's `forkApi`); the
  ///     ``ListenerAPI`` it may capture is the run's.
  /// - Returns: The task: its `result`, its `value`, and `cancel()`.
  @discardableResult
  public func fork<Value: Sendable>(
    autoJoin: Bool = false, _ work: nonisolated(nonsending) @escaping (ForkAPI) async throws -> Value
  ) -> ForkedTask<Value> {
    guard let home = context.home?.actor else { FunctionalProgrammerError.noHomeForListener() }
    let task = StoreHome.enqueue(on: home, HomeBound(work)) { work in await ForkedTask.outcome(of: work) }
    let forked = ForkedTask(task, isJoined: autoJoin)
    if let runs = runs.runs, !Task.isCancelled {
      runs.keep(forked, forkedBy: runID)
    } else {
      forked.cancel()
    }
    return forked
  }
}
