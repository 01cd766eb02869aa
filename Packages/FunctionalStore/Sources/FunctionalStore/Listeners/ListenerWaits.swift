import ReduxCore

/// An action a listener's run waited for (`api.take { action, state, previous in … }`), with the
/// state after it and the state before it.
public struct TakenAction<State: Sendable, Action: Sendable>: Sendable {
  /// The action.
  public let action: Action
  /// The state after the reducers applied it.
  public let state: State
  /// The state before it.
  public let previousState: State
}

/// One run waiting for an action: the first of a match, the run's cancellation and its
/// timeout to take the continuation resumes it; the others find it gone.
final class ListenerWait<State: Sendable, Action: Sendable>: Sendable {
  private let continuation = Locked<CheckedContinuation<TakenAction<State, Action>?, Never>?>(nil)
  private let timer = Locked<Task<Void, Never>?>(nil)

  /// Waits until ``finish(with:)`` is called; `start` registers the wait where actions arrive.
  nonisolated(nonsending) func value(
    timeout: Duration?, clock: any Clock<Duration>, start: () -> Void
  ) async -> TakenAction<State, Action>? {
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        self.continuation.withLock { $0 = continuation }
        // Cancelled before the handler could see the continuation.
        if Task.isCancelled { return finish(with: nil) }
        start()
        if let timeout {
          let timer = Task { [self] in
            try? await clock.sleep(for: timeout)
            finish(with: nil)
          }
          self.timer.withLock { $0 = timer }
        }
      }
    } onCancel: {
      finish(with: nil)
    }
  }

  /// Whether the wait has ended (matched, timed out or cancelled).
  var hasEnded: Bool { continuation.withLock { $0 == nil } }

  /// Ends the wait with `taken` (`nil`: timed out or cancelled), unless it has ended already.
  func finish(with taken: TakenAction<State, Action>?) {
    guard let continuation = continuation.withLock({ $0.take() }) else { return }
    timer.withLock { $0?.cancel() }
    continuation.resume(returning: taken)
  }
}
