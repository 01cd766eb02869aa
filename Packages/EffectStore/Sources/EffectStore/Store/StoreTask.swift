import IssueReporting
import ReduxCore

/// The async work an action started (its `.run` effects), to await or cancel: a tree, as TCA's
/// task of a send is, of the work the action started and the work of the actions that work
/// sends, at once or later.
///
/// ```swift
/// await store.send(.refresh).finish()
/// ```
///
/// An action sent while the store is busy with another (from a subscriber, a middleware or an
/// effect that sends at once) is queued and runs before the outermost `send` returns; its task
/// still tracks that action's work, which it learns when the action runs.
public struct StoreTask: Sendable {
  /// What the action started; `nil` when it started nothing, the common case, which a caller
  /// drops without a release.
  @usableFromInline let work: Work?

  @usableFromInline
  enum Work: Sendable {
    /// The tasks an action sent directly started.
    case tasks([Task<Void, Never>])
    /// The work of a queued action, filled in when it runs.
    case queued(QueuedActionWork)
    /// All the work of an action plan, which grows as its steps run.
    case plan(StepWork)
  }

  @inlinable init(_ work: Work?) { self.work = work }

  /// The task of an action that started no async work.
  @inlinable package static var none: StoreTask { StoreTask(nil) }

  @inlinable init(tasks: [Task<Void, Never>]) {
    work = tasks.isEmpty ? nil : .tasks(tasks)
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
    switch work {
    case nil: return
    case .tasks(let tasks): for task in tasks { await task.value }
    case .plan(let plan): await plan.waitUntilDone()
    case .queued(let queued):
      // Any code that awaits runs after the dispatch that ran the queued action: it is filled.
      for task in queued.startedTasks() { await task.value }
    }
  }

  /// Waits until all the work has finished, for `timeout` at most: work still running then is
  /// reported (in a test, a failure, as TCA's `finish(timeout:)`), and goes on.
  ///
  /// ```swift
  /// await store.send(.load).finish(timeout: .seconds(1))
  /// ```
  /// - Parameters:
  ///   - timeout: How long to wait.
  ///   - fileID: Where a timeout is reported; leave the default.
  ///   - filePath: With `fileID`, the same place; leave the default.
  ///   - line: With `fileID`, the same place; leave the default.
  ///   - column: With `fileID`, the same place; leave the default.
  public func finish(
    timeout: Duration, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    guard hasWork else { return }
    // The first of the two to end resumes the wait: awaiting a task's value does not end when
    // the awaiting task is cancelled, so the work and the clock run as tasks of their own.
    let finished = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
      let resumed = Locked(false)
      let resume: @Sendable (Bool) -> Void = { finished in
        if resumed.withLock({ wasResumed in
          defer { wasResumed = true }; return !wasResumed
        }) {
          continuation.resume(returning: finished)
        }
      }
      let waiting = Task {
        await finish(); resume(true)
      }
      Task {
        try? await Task.sleep(for: timeout)
        waiting.cancel()
        resume(false)
      }
    }
    if !finished {
      reportIssue(
        """
        The work of this action is still running after \(timeout). Wait longer (`timeout:`), or \
        end it (advance the clock it waits on, cancel it).
        """, fileID: fileID, filePath: filePath, line: line, column: column)
    }
  }

  /// Cancels the work.
  ///
  /// ```swift
  /// let task = store.send(.startTimer)
  /// task.cancel()
  /// ```
  public func cancel() {
    switch work {
    case nil: return
    case .tasks(let tasks): for task in tasks { task.cancel() }
    case .plan(let plan): plan.cancelAll()
    case .queued(let queued): queued.cancel()
    }
  }

  /// Whether the action started any async work (for a queued action: as far as known now).
  public var hasWork: Bool { work != nil }
}
