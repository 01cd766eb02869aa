import Foundation

/// Every action that reached a store's reducer, with the state right after it, in order: what
/// a test store checks the test's assertions against.
///
/// Filled by the reducer wrapper a test store installs (inside the store's dispatch), read by
/// the test store between dispatches, and read once more by the test store's deinitializer,
/// which may run on any thread: so every access takes `lock`.
final class ReducedActions<State, Action>: @unchecked Sendable {
  // Sendable: every stored property is read and written only while `lock` is held; the actions
  // and states it keeps are handed out only to the test store, on the store's actor.
  struct Entry {
    let action: Action
    let state: State
    /// The shared values changed since the last assertion, as they were right after the
    /// action (a reference in `state` shows only their value now).
    var shared: [ObjectIdentifier: Any] = [:]
  }

  private let lock = NSLock()
  private var entries: [Entry] = []
  /// Entries before this one were asserted (or skipped) already.
  private var head = 0
  /// How failure messages show an action; only called for a failure (it is slow: reflection).
  let describe: (Action) -> String
  /// Whether a test store that goes away now should report what was not received.
  private var reportsLeftovers = true
  /// How many effects were still running when the test store went away (a style's test store
  /// says so in its deinitializer, before ``reportLeftoversAtRelease()`` runs).
  private var runningAtRelease: (causes: [RunningWorkCause], what: String) = ([], "effect(s)")
  private let createdAt: TestLocation

  /// Called after each action is recorded (to wake a test waiting for it).
  private let recorded: @Sendable () -> Void

  init(
    describe: @escaping (Action) -> String, createdAt: TestLocation,
    recorded: @escaping @Sendable () -> Void = {}
  ) {
    self.describe = describe
    self.createdAt = createdAt
    self.recorded = recorded
  }

  var isEmpty: Bool { lock.withLock { head == entries.count } }

  /// The shared values changed since the last assertion, read right after each action; set by
  /// the test store of the style that has shared values.
  var sharedValuesNow: (@Sendable () -> [ObjectIdentifier: Any])?

  func record(_ action: Action, _ state: State) {
    let shared = sharedValuesNow?() ?? [:]
    lock.withLock { entries.append(Entry(action: action, state: state, shared: shared)) }
    recorded()
  }

  /// Takes the oldest entry not yet asserted.
  func takeNext() -> Entry? {
    lock.withLock {
      guard head < entries.count else { return nil }
      defer {
        head += 1
        dropHandledIfMany()
      }
      return entries[head]
    }
  }

  /// Gives back entries taken with ``takeNext()`` and not asserted after all (a receive that
  /// skipped them and then failed): they are the oldest pending again, in order.
  func putBack(_ taken: [Entry]) {
    guard !taken.isEmpty else { return }
    lock.withLock {
      // The handled entries go (some may already have, with `taken` among them), and `taken`
      // comes first.
      entries.removeSubrange(0..<head)
      entries.insert(contentsOf: taken, at: 0)
      head = 0
    }
  }

  /// Marks every pending entry as handled; returns them.
  func takeAll() -> ArraySlice<Entry> {
    lock.withLock {
      defer {
        head = entries.count
        dropHandledIfMany()
      }
      return entries[head...]
    }
  }

  /// Forgets handled entries once they are most of the log, so a long test keeps only what it
  /// has not asserted yet (each entry holds a state). Called with `lock` held.
  private func dropHandledIfMany() {
    guard head >= 64, head * 2 >= entries.count else { return }
    entries.removeFirst(head)
    head = 0
  }

  /// From now on, going away reports nothing (the test finished, or is not exhaustive).
  func stopReportingLeftovers() {
    lock.withLock { reportsLeftovers = false }
  }

  func resumeReportingLeftovers() {
    lock.withLock { reportsLeftovers = true }
  }

  /// What a test store that goes away unfinished reports: actions not received. Called from
  /// the test store's deinitializer, so it runs where the test released the store, inside the
  /// test, and the issue is the test's.
  func reportLeftoversAtRelease() {
    let (unreceived, running): ([String], [RunningWorkCause]) = lock.withLock {
      guard reportsLeftovers else { return ([], []) }
      return (entries[head...].map { describe($0.action) }, runningAtRelease.causes)
    }
    let runningWhat = lock.withLock { runningAtRelease.what }
    var leftovers: [String] = []
    if !unreceived.isEmpty {
      leftovers.append(
        "\(unreceived.count) action(s) reached the reducer and were never received: "
          + unreceived.joined(separator: ", "))
    }
    for cause in running {
      // Work the test's own act started is reported at that act's line.
      guard let location = cause.location else {
        leftovers.append(
          "\(cause.count) \(runningWhat) were still running (work the test forgot; cancelled now)")
        continue
      }
      location.report(
        """
        \(cause.sentence(runningWhat)) as the test store goes away without finish() (cancelled \
        now). Make it end in the test (send the action that cancels it, advance the clock it \
        waits on), and end the test with `await store.finish()`.
        """)
    }
    guard !leftovers.isEmpty else { return }
    createdAt.report(
      """
      The test store went away without finish(), and \(leftovers.joined(separator: "; and ")). \
      Receive each action, wait for each effect (or cancel it), and end the test with \
      `await store.finish()`.
      """)
  }

  /// Notes how much work (`what`: effects, started thunks) still runs as the test store goes.
  func noteRunningAtRelease(_ count: Int, of what: String = "effect(s)") {
    noteRunningAtRelease(RunningWorkCause.unknown(count), of: what)
  }

  /// Notes the work still running as the test store goes, by what started it.
  func noteRunningAtRelease(_ causes: [RunningWorkCause], of what: String = "effect(s)") {
    lock.withLock { runningAtRelease = (causes, what) }
  }

  /// The reducer `reduce`, recording each action into this log.
  func recording(
    _ reduce: @escaping (inout State, Action) -> Void
  ) -> (inout State, Action) -> Void {
    { state, action in
      reduce(&state, action)
      self.record(action, state)
    }
  }
}
