import Synchronization

/// The async work an action started (its `.run` effects), to await or cancel.
///
/// ```swift
/// await store.send(.refresh).finish()
/// ```
///
/// An action sent while the store is busy with another (from a subscriber, a middleware or an
/// effect that sends at once) is queued and runs before the outermost `send` returns; its task
/// still tracks that action's work, which it learns when the action runs.
public struct StoreTask: Sendable {
  @usableFromInline let tasks: [Task<Void, Never>]
  /// The work of a queued action, filled in when it runs; `nil` for an action sent directly.
  @usableFromInline let queued: QueuedActionWork?
  /// All the work of an action plan, which grows as its steps run; `nil` for an action.
  @usableFromInline let plan: StepWork?

  @inlinable init(tasks: [Task<Void, Never>]) {
    self.tasks = tasks
    queued = nil
    plan = nil
  }

  @usableFromInline init(queued: QueuedActionWork) {
    tasks = []
    self.queued = queued
    plan = nil
  }

  /// The task of a plan that left work running.
  init(plan: StepWork) {
    tasks = []
    queued = nil
    self.plan = plan
  }

  /// Waits until all the work has finished (or was cancelled).
  ///
  /// It runs where its caller runs (`nonisolated(nonsending)`): awaited from the main actor, it
  /// stays there, instead of hopping off the main actor to wait and back to return, two
  /// context switches per await.
  ///
  /// ```swift
  /// await store.send(.load).finish()
  /// ```
  nonisolated(nonsending) public func finish() async {
    for task in tasks { await task.value }
    await plan?.waitUntilDone()
    // Any code that awaits runs after the dispatch that ran the queued action: it is filled.
    if let queued {
      for task in queued.startedTasks() { await task.value }
    }
  }

  /// Cancels the work.
  ///
  /// ```swift
  /// let task = store.send(.startTimer)
  /// task.cancel()
  /// ```
  public func cancel() {
    for task in tasks { task.cancel() }
    queued?.cancel()
    plan?.cancelAll()
  }

  /// Whether the action started any async work (for a queued action: as far as known now).
  public var hasWork: Bool { !tasks.isEmpty || queued != nil || plan != nil }
}

/// The tasks of an action that was queued when it was sent: it starts when the engine reaches
/// it, before the outermost dispatch returns, and the effect runner hands its tasks over then.
///
/// Its ``StoreTask`` may be awaited or cancelled from anywhere, so its state is behind a lock.
@usableFromInline
final class QueuedActionWork: Sendable {
  /// The engine's number for the action (see `StoreEngine.currentActionNumber`).
  let actionNumber: Int
  private let work = Mutex((tasks: [Task<Void, Never>](), isCancelled: false))

  @usableFromInline init(actionNumber: Int) {
    self.actionNumber = actionNumber
  }

  /// Takes the tasks the action started; cancels them at once if the task was cancelled first.
  func take(_ started: [Task<Void, Never>]) {
    let cancelNow = work.withLock { work in
      work.tasks = started
      return work.isCancelled
    }
    if cancelNow { for task in started { task.cancel() } }
  }

  func cancel() {
    let tasks = work.withLock { work in
      work.isCancelled = true
      return work.tasks
    }
    for task in tasks { task.cancel() }
  }

  func startedTasks() -> [Task<Void, Never>] { work.withLock { $0.tasks } }
}
