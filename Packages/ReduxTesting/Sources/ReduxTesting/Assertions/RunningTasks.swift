/// Tasks a test started and did not await, so `finish()` can tell whether they ended.
@MainActor
final class RunningTasks {
  private var tasks: [Task<Void, Never>]
  private var ended = 0

  /// - Parameter ended: Called as each task ends (to wake a test waiting for them).
  init(_ tasks: [Task<Void, Never>], ended onEnd: @escaping @Sendable () -> Void) {
    self.tasks = tasks
    for task in tasks {
      Task { [weak self] in
        await task.value
        self?.ended += 1
        onEnd()
      }
    }
  }

  var running: Int { tasks.count - ended }

  func cancel() {
    for task in tasks { task.cancel() }
  }
}
