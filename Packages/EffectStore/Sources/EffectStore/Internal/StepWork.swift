import ReduxCore

/// Whether one piece of effect work was cancelled: its `Send` checks it, so that nothing the
/// work sends after its cancellation (or had already sent, on its way to the store's home)
/// reaches a reducer.
///
/// Read and written only at the store's home: by the runner, and by the work's `send` once it is
/// back there.
@usableFromInline
final class EffectLifetime {
  var isCancelled = false
}

/// The tasks of one step of a concatenation (a plan's step): those the step started, and those
/// started by the actions its work sent, at once or later. The next step waits until they are
/// all done; cancelling the wait cancels them. A step of a concatenation that is itself a step
/// of another counts as work of that one too.
///
/// Tasks are added at the store's home and awaited from the task that carries the plan on, so
/// the list is behind a lock.
@usableFromInline
final class StepWork: Sendable {
  private let enclosing: StepWork?
  private let state = Locked<(tasks: [Task<Void, Never>], isCancelled: Bool)>(([], false))

  init(partOf enclosing: StepWork?) {
    self.enclosing = enclosing
  }

  /// How many tasks the step has started so far.
  var startedCount: Int { state.withLock { $0.tasks.count } }

  /// Adds a task to this step and to every step that encloses it (a loop: concatenations
  /// nested thousands deep must not use the stack).
  func add(_ task: Task<Void, Never>) {
    var step: StepWork? = self
    while let current = step {
      let cancelled = current.state.withLock { state in
        state.tasks.append(task)
        return state.isCancelled
      }
      if cancelled { task.cancel() }
      step = current.enclosing
    }
  }

  /// Waits until every task added so far, and every task added meanwhile, is done.
  func waitUntilDone() async {
    var done = 0
    while true {
      let tasks = state.withLock { state in state.tasks[done...] }
      if tasks.isEmpty { return }
      for task in tasks { await task.value }
      done += tasks.count
    }
  }

  /// Cancels every task of the step, and any added later.
  func cancelAll() {
    let tasks = state.withLock { state in
      state.isCancelled = true
      return state.tasks
    }
    for task in tasks { task.cancel() }
  }
}
