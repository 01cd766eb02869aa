import Foundation
import ReduxCore

/// Waits, blocking the calling thread, until work queued on Swift's shared executor has had its
/// chance to run: how a test store's release tells an effect that is about to return from one
/// that is truly still running.
///
/// A clock alone cannot tell them apart. With two cores and tests running in parallel (more so
/// under a sanitizer), every thread of the shared executor may be busy for seconds, and the
/// effect's last step simply has not been scheduled yet. So, past a first second, the wait is
/// counted in chances the executor gave: probe tasks queued at each priority have run, so work
/// queued before them at their priority (the effect's last step) has had a thread too.
///
/// ```swift
/// var chances = ChancesToRun(limit: .seconds(30))
/// while stillRunning(), chances.giveOneMore() {}
/// ```
struct ChancesToRun {
  private let start = ContinuousClock.now
  private let deadline: ContinuousClock.Instant
  private var given = 0
  /// How many rounds of probes must have run before the work still running is taken as truly
  /// running: a few, so that work which was just resumed, and must run again before it
  /// returns, gets there.
  private let wanted: Int
  /// The least time given, however fast the probes ran: a thread that had its chance may still
  /// be descheduled by a busy machine.
  private let least: Duration

  /// - Parameters:
  ///   - wanted: The number of rounds of probes that must run.
  ///   - least: The least time given.
  ///   - limit: A bound by the clock, for an executor that never frees a thread.
  init(wanted: Int = 10, least: Duration = .seconds(1), limit: Duration) {
    self.wanted = wanted
    self.least = least
    deadline = start.advanced(by: limit)
  }

  /// Queues a round of probes, one per priority, and blocks until they have run, or for a
  /// millisecond while the least time has not passed. Returns `false` once the wanted rounds ran
  /// and the least time passed, or the limit passed: stop waiting then.
  mutating func giveOneMore() -> Bool {
    let now = ContinuousClock.now
    guard now < deadline, given < wanted || now < start.advanced(by: least) else { return false }
    guard given < wanted else {
      Thread.sleep(forTimeInterval: 0.001)
      return true
    }
    given += 1
    let priorities: [TaskPriority] = [.high, .medium, .low]
    let ran = Locked(0)
    for priority in priorities { Task.detached(priority: priority) { ran.withLock { $0 += 1 } } }
    while ran.withLock({ $0 }) < priorities.count {
      guard ContinuousClock.now < deadline else { return false }
      Thread.sleep(forTimeInterval: 0.001)
    }
    return true
  }
}
