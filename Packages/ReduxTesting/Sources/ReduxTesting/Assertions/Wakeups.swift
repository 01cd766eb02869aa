import ReduxCore

/// How a test store waits without polling: whatever it waits for (an action reaching the reducer,
/// an effect or a started thunk ending) signals, and the waiter checks its condition again.
///
/// ```swift
/// let arrived = await wakeups.wait(timeout: .seconds(1)) { !log.isEmpty }
/// // elsewhere, when an action is recorded:
/// wakeups.signal()
/// ```
///
/// A signal may come from any thread (an effect ends where its task ran), so the waiter's
/// continuation is behind a lock.
final class Wakeups: Sendable {
  private let state = Locked<(waiter: CheckedContinuation<Void, Never>?, pending: Bool)>((nil, false))

  /// Wakes the waiter; with none waiting, the next wait returns at once (nothing is lost between
  /// a waiter's check and its wait).
  func signal() {
    let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
      guard let waiter = state.waiter else {
        state.pending = true
        return nil
      }
      state.waiter = nil
      return waiter
    }
    waiter?.resume()
  }

  /// Waits until `condition` holds, checking it again at each signal, or until `timeout` passes.
  /// Returns whether it held.
  ///
  /// The timeout is counted in steps of a millisecond, not read from a wall clock: in a parallel
  /// test run another test may hold this actor for seconds, and that must not fail a test whose
  /// work simply had no chance to run.
  @MainActor
  func wait(timeout: Duration, until condition: () -> Bool) async -> Bool {
    if condition() { return true }
    let timedOut = TimeoutFlag()
    let steps = max(1, Int(timeout / .milliseconds(1)))
    let timer = Task { [self] in
      for _ in 0..<steps {
        if Task.isCancelled { return }
        try? await Task.sleep(for: .milliseconds(1))
      }
      timedOut.isSet = true
      signal()
    }
    defer { timer.cancel() }
    while !condition() {
      if timedOut.isSet { return false }
      await nextSignal()
    }
    return true
  }

  private func nextSignal() async {
    await withCheckedContinuation { continuation in
      let resumeNow = state.withLock { state -> Bool in
        if state.pending {
          state.pending = false
          return true
        }
        state.waiter = continuation
        return false
      }
      if resumeNow { continuation.resume() }
    }
  }
}

/// Set by a wait's timer when its time is up.
private final class TimeoutFlag: Sendable {
  private let flag = Locked(false)
  var isSet: Bool {
    get { flag.withLock { $0 } }
    set { flag.withLock { $0 = newValue } }
  }
}
