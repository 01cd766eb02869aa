import Foundation

/// A clock whose time moves only when the test says so: work that sleeps on it waits until the
/// test calls ``advance(by:)``, so a test of a timer or a debounce runs at once, not in real time.
///
/// Hand the clock to the code under test the way the app hands it the real one: a reducer, a
/// class store or a thunk takes `any Clock<Duration>` (the app passes `ContinuousClock()`).
///
/// ```swift
/// let clock = TestClock()
/// let store = FeatureTestStore(initialState: TimerState(), reducer: Timer(clock: clock))
/// await store.send(.start)
/// await clock.advance(by: .seconds(1))
/// await store.receive(.tick) { $0.seconds = 1 }
/// ```
public final class TestClock: Clock, @unchecked Sendable {
  // Sendable: every mutable property is read and written only while `lock` is held.

  /// A point in the test clock's time: how far it is from the clock's start.
  public struct Instant: InstantProtocol, Hashable, Sendable {
    /// The time since the clock's start.
    public var offset: Duration

    /// Makes an instant.
    ///
    /// ```swift
    /// let start = TestClock.Instant(offset: .zero)
    /// ```
    /// - Parameter offset: The time since the clock's start.
    public init(offset: Duration = .zero) { self.offset = offset }

    /// The instant `duration` later.
    public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }

    /// The time from this instant to `other`.
    public func duration(to other: Instant) -> Duration { other.offset - offset }

    /// Whether `lhs` is before `rhs`.
    public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
  }

  private struct Sleeper {
    let id: Int
    let deadline: Instant
    let continuation: CheckedContinuation<Void, any Error>
  }

  private let lock = NSLock()
  private var current = Instant()
  private var sleepers: [Sleeper] = []
  private var lastID = 0
  private var cancelledIDs: Set<Int> = []

  /// Makes a clock at its start, `.zero`.
  ///
  /// ```swift
  /// let clock = TestClock()
  /// ```
  public init() {}

  /// The clock's time: it moves only with ``advance(by:)`` and ``run()``.
  public var now: Instant { lock.withLock { current } }

  /// The clock has no resolution limit.
  public var minimumResolution: Duration { .zero }

  /// How much work is sleeping on the clock.
  public var sleeperCount: Int { lock.withLock { sleepers.count } }

  /// Suspends until the test advances the clock to `deadline`, even one that is the clock's time
  /// now (`sleep(for: .zero)` waits for the next ``advance(by:)``, as swift-clocks' `TestClock`
  /// does); a deadline already past returns at once.
  /// Cancelling the task ends the sleep with `CancellationError`.
  ///
  /// ```swift
  /// try await clock.sleep(until: clock.now.advanced(by: .seconds(1)), tolerance: nil)
  /// ```
  /// - Parameters:
  ///   - deadline: When to wake.
  ///   - tolerance: Ignored: the clock wakes sleepers exactly.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    let id = lock.withLock {
      lastID += 1
      return lastID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        let outcome: Result<Void, any Error>? = lock.withLock {
          if cancelledIDs.remove(id) != nil { return .failure(CancellationError()) }
          if deadline < current { return .success(()) }
          sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
          return nil
        }
        if let outcome { continuation.resume(with: outcome) }
      }
    } onCancel: {
      let sleeper: Sleeper? = lock.withLock {
        guard let index = sleepers.firstIndex(where: { $0.id == id }) else {
          cancelledIDs.insert(id)
          return nil
        }
        return sleepers.remove(at: index)
      }
      sleeper?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Moves the clock forward, waking in order every sleeper whose deadline is passed, and lets
  /// the woken work run (work that sleeps again within the span wakes too).
  ///
  /// ```swift
  /// await clock.advance(by: .seconds(1))
  /// ```
  /// - Parameter duration: How far to move; `.zero` wakes only what is due now.
  public func advance(by duration: Duration = .zero) async {
    await advance(to: now.advanced(by: duration))
  }

  /// Moves the clock to `deadline`, waking every sleeper due by then, in order.
  ///
  /// ```swift
  /// await clock.advance(to: TestClock.Instant(offset: .seconds(5)))
  /// ```
  /// - Parameter deadline: The new time; a time in the past changes nothing.
  public func advance(to deadline: Instant) async {
    // Work started just before (an effect about to sleep) gets to its sleep first.
    await letWokenWorkRun()
    while let due = takeEarliestSleeper(dueBy: deadline) {
      let sleepersBefore = sleeperCount + 1
      due.continuation.resume()
      // Most woken work (a timer's loop) sleeps again: wait for that, or for quiet.
      await letWokenWorkRun(untilSleepersReach: sleepersBefore)
    }
    lock.withLock { current = max(current, deadline) }
    await letWokenWorkRun()
  }

  /// Advances until nothing sleeps on the clock any more (a timer that never stops would never
  /// end: use ``advance(by:)`` for those).
  ///
  /// ```swift
  /// await clock.run()
  /// ```
  public func run() async {
    await letWokenWorkRun()
    while let deadline = lock.withLock({ sleepers.map(\.deadline).min() }) {
      await advance(to: deadline)
    }
  }

  private func takeEarliestSleeper(dueBy deadline: Instant) -> Sleeper? {
    lock.withLock {
      guard let index = sleepers.indices.min(by: { sleepers[$0].deadline < sleepers[$1].deadline }),
        sleepers[index].deadline <= deadline
      else { return nil }
      let sleeper = sleepers.remove(at: index)
      current = max(current, sleeper.deadline)
      return sleeper
    }
  }

  /// Gives work that was just started or woken the chance to run up to its next sleep. That
  /// work runs on the shared thread pool and often hops to the main actor (an effect's `send`)
  /// before it sleeps again, so each round waits for both to run what is queued on them: it
  /// awaits a low-priority task, which the pool runs after the work queued before it, and a
  /// turn of the main actor, which runs the jobs queued there before it (even when another test
  /// holds the main actor for seconds). Rounds go on until `target` sleepers are waiting (when
  /// the caller knows the woken work sleeps again) or the number of sleepers has not changed
  /// for five rounds (at most 200 rounds). Woken work that is on its way to its next sleep may
  /// take many steps on a loaded pool (a whole suite under a sanitizer), so with a target the
  /// rounds wait for twenty unchanged rounds before they call it quiet.
  private func letWokenWorkRun(untilSleepersReach target: Int? = nil) async {
    let quietRounds = target == nil ? 5 : 20
    var last = sleeperCount
    var unchangedRounds = 0
    for _ in 0..<200 {
      await Task.detached(priority: .background) { await Task.yield() }.value
      await MainActor.run {}
      await Task.detached(priority: .background) { await Task.yield() }.value
      let count = sleeperCount
      if let target, count >= target { return }
      if count == last {
        unchangedRounds += 1
        if unchangedRounds == quietRounds { return }
      } else {
        unchangedRounds = 0
        last = count
      }
    }
  }

}
