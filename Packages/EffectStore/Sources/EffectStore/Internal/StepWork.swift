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

/// The tasks of one step of a concatenation (a plan's step), or of one `send` (its task tree):
/// those the step started, and those started by the actions its work sent, at once or later.
/// The next step (or the `send`'s ``StoreTask``) waits until they are all done; cancelling the
/// wait cancels them. A step of a concatenation that is itself a step of another counts as work
/// of that one too.
///
/// A task leaves the list when it ends, so that a tree whose effects go on for the app's life
/// (a timer whose ticks start work) holds only the work still running.
///
/// Tasks are added at the store's home and awaited from the task that carries the plan on, so
/// the list is behind a lock.
@usableFromInline
final class StepWork: Sendable {
  private let enclosing: StepWork?
  /// The tasks still running, by work number (a list: a step has a few at a time, and a list
  /// is cheaper to add to and take from than a dictionary), how many were ever added, and
  /// whether the step was cancelled.
  private let state = Locked<
    (tasks: [(number: Int, task: Task<Void, Never>)], started: Int, isCancelled: Bool)
  >(
    ([], 0, false))

  init(partOf enclosing: StepWork?) {
    self.enclosing = enclosing
  }

  /// How many tasks the step has started so far, ended ones included.
  var startedCount: Int { state.withLock { $0.started } }

  /// Adds a task, by its work number, to this step and to every step that encloses it (a loop:
  /// concatenations nested thousands deep must not use the stack).
  func add(_ task: Task<Void, Never>, number: Int) {
    var step: StepWork? = self
    while let current = step {
      let cancelled = current.state.withLock { state in
        state.tasks.append((number, task))
        state.started += 1
        return state.isCancelled
      }
      if cancelled { task.cancel() }
      step = current.enclosing
    }
  }

  /// Forgets a task that ended, in this step and every step that encloses it.
  func remove(_ number: Int) {
    var step: StepWork? = self
    while let current = step {
      current.state.withLock { state in
        guard let index = state.tasks.firstIndex(where: { $0.number == number }) else { return }
        state.tasks.swapAt(index, state.tasks.count - 1)
        state.tasks.removeLast()
      }
      step = current.enclosing
    }
  }

  /// Waits until every task added so far, and every task added meanwhile, is done.
  func waitUntilDone() async {
    var awaited: Set<Int> = []
    while true {
      let tasks = state.withLock { state in state.tasks.filter { !awaited.contains($0.number) } }
      if tasks.isEmpty { return }
      for (number, task) in tasks {
        await task.value
        awaited.insert(number)
      }
    }
  }

  /// Cancels every task of the step, and any added later.
  func cancelAll() {
    let tasks = state.withLock { state in
      state.isCancelled = true
      return state.tasks.map(\.task)
    }
    for task in tasks { task.cancel() }
  }
}
