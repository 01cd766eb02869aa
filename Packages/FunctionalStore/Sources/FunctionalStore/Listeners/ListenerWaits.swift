import ReduxCore

/// An action a listener's run waited for (`api.take { action, state, previous in … }`), with the
/// state after it and the state before it.
///
/// ```swift
/// listeners.startListening(for: Search.queryChanged) { _, api in
///   if let taken = try await api.take({ action, _, _ in Search.resultsArrived ~= action }) {
///     print(taken.previousState.results.count, "->", taken.state.results.count)
///   }
/// }
/// ```
public struct TakenAction<State: Sendable, Action: Sendable>: Sendable {
  /// The action.
  public let action: Action
  /// The state after the reducers applied it.
  public let state: State
  /// The state before it.
  public let previousState: State
}

/// One run waiting for an action. The first of a match, the run's cancellation and its timeout
/// ends it; the others find it ended. It may end before its run suspends (a cancellation), so
/// an end that finds no continuation yet is kept for it.
final class ListenerWait<State: Sendable, Action: Sendable>: Sendable {
  private typealias Continuation = CheckedContinuation<TakenAction<State, Action>?, Never>

  private enum Phase {
    case waiting(Continuation?)
    case ended(TakenAction<State, Action>?)
  }

  private let phase = Locked(Phase.waiting(nil))
  private let timer = Locked<Task<Void, Never>?>(nil)

  /// Waits until ``finish(with:)`` is called, or until `timeout` passes on `clock`.
  func value(timeout: Duration?, clock: any Clock<Duration>) async -> TakenAction<State, Action>? {
    if let timeout {
      let timer = Task { [self] in
        try? await clock.sleep(for: timeout)
        finish(with: nil)
      }
      self.timer.withLock { $0 = timer }
    }
    return await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let endedEarly: TakenAction<State, Action>?? = phase.withLock { phase in
          if case .ended(let taken) = phase { return .some(taken) }
          phase = .waiting(continuation)
          return .none
        }
        if let endedEarly { continuation.resume(returning: endedEarly) }
      }
    } onCancel: {
      finish(with: nil)
    }
  }

  /// Whether the wait has ended (matched, timed out or cancelled).
  var hasEnded: Bool {
    phase.withLock { phase in
      if case .ended = phase { return true }
      return false
    }
  }

  /// Ends the wait with `taken` (`nil`: timed out or cancelled), unless it has ended already.
  func finish(with taken: TakenAction<State, Action>?) {
    let (ends, continuation) = phase.withLock { phase -> (Bool, Continuation?) in
      guard case .waiting(let continuation) = phase else { return (false, nil) }
      phase = .ended(taken)
      return (true, continuation)
    }
    guard ends else { return }
    timer.withLock { $0?.cancel() }
    continuation?.resume(returning: taken)
  }
}
