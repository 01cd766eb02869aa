import ReduxCore

/// The tasks of an action that was queued when it was sent: it starts when the engine reaches
/// it, before the outermost dispatch returns, and the effect runner hands its tasks over then.
///
/// Its ``StoreTask`` may be awaited or cancelled from anywhere, so its state is behind a lock.
@usableFromInline
final class QueuedActionWork: Sendable {
  /// The engine's number for the action (see `StoreEngine.currentActionNumber`).
  let actionNumber: Int
  private let work = Locked((tasks: [Task<Void, Never>](), isCancelled: false))

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
