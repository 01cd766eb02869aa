/// The async work an action started (its `.run` effects), to await or cancel.
///
/// ```swift
/// await store.send(.refresh).finish()
/// ```
public struct StoreTask: Sendable {
  @usableFromInline let tasks: [Task<Void, Never>]

  @inlinable init(tasks: [Task<Void, Never>]) { self.tasks = tasks }

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
  }

  /// Cancels the work.
  ///
  /// ```swift
  /// let task = store.send(.startTimer)
  /// task.cancel()
  /// ```
  public func cancel() {
    for task in tasks { task.cancel() }
  }

  /// Whether the action started any async work.
  public var hasWork: Bool { !tasks.isEmpty }
}
