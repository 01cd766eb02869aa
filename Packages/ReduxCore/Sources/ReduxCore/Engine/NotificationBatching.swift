/// When a store tells its subscribers about a burst of low-priority actions: the wait between
/// the first such action and the one notification that covers the burst.
///
/// ```swift
/// store.batchNotifications(after: .timer(.milliseconds(16))) { $0 == .increment }
/// ```
public struct NotificationBatchTiming: Sendable {
  @usableFromInline let wait: @Sendable () async -> Void

  /// The notification waits for the work the store's actor is doing now, and the work queued
  /// on it before, to end: a burst dispatched from one synchronous piece of code (a loop, one
  /// message's handler) is told once. Redux Toolkit's `{ type: 'tick' }`.
  ///
  /// ```swift
  /// store.batchNotifications(after: .tick) { $0 == .increment }
  /// ```
  public static var tick: Self { Self(wait: {}) }

  /// The notification waits `duration` on `clock` after the burst's first action: bursts that
  /// span several of the actor's jobs (messages from a socket, a stream's elements) are told
  /// once per window. Redux Toolkit's `{ type: 'timer', timeout }`.
  ///
  /// ```swift
  /// store.batchNotifications(after: .timer(.milliseconds(16))) { $0 == .increment }
  /// ```
  /// - Parameters:
  ///   - duration: The window.
  ///   - clock: What measures it; a test passes a test clock and advances it.
  /// - Returns: The timing.
  public static func timer(
    _ duration: Duration, clock: any Clock<Duration> = ContinuousClock()
  ) -> Self {
    Self(wait: { try? await clock.sleep(for: duration) })
  }

  /// The notification waits until `wait` returns: a display's next frame, or a signal a test
  /// controls. Redux Toolkit's `{ type: 'callback', queueNotification }`.
  ///
  /// ```swift
  /// let frames = AsyncStream<Void>.makeStream()
  /// store.batchNotifications(after: .custom { for await _ in frames.stream { return } }) {
  ///   $0 == .increment
  /// }
  /// ```
  /// - Parameter wait: Returns when the notification is due. It runs off the store's actor.
  /// - Returns: The timing.
  public static func custom(_ wait: @escaping @Sendable () async -> Void) -> Self {
    Self(wait: wait)
  }
}

/// A store's batching of low-priority actions (``StateStore/batchNotifications(after:of:)``):
/// which actions it holds the notification for, and whether one is owed and one is queued.
@usableFromInline
final class NotificationBatching<Action> {
  // Exclusivity: used by the engine in the store's domain only, outside the reducer.
  @usableFromInline let isLowPriority: (Action) -> Bool
  /// Queues the owed notification, to run at the store's home once the timing's wait is over.
  @usableFromInline let queueFlush: () -> Void
  /// Whether subscribers have not been told about a low-priority action yet.
  @exclusivity(unchecked) @usableFromInline var isOwed = false
  /// Whether a flush is queued: one per burst.
  @exclusivity(unchecked) @usableFromInline var isQueued = false

  @usableFromInline
  init(isLowPriority: @escaping (Action) -> Bool, queueFlush: @escaping () -> Void) {
    self.isLowPriority = isLowPriority
    self.queueFlush = queueFlush
  }
}

extension EngineCore {
  /// Tells the subscribers now, unless `action` is a low-priority one: then the notification
  /// is owed, and one queued flush pays it for the whole burst. A normal action pays what is
  /// owed at once, with its own notification, as Redux Toolkit's auto-batch enhancer does.
  @usableFromInline @inline(never)
  func notifyUnlessBatched(_ action: Action, by batching: NotificationBatching<Action>) {
    guard batching.isLowPriority(action) else {
      batching.isOwed = false
      notify()
      return
    }
    batching.isOwed = true
    guard !batching.isQueued else { return }
    batching.isQueued = true
    batching.queueFlush()
  }

  /// Pays an owed notification: the queued flush, at the store's home.
  @usableFromInline
  func payOwedNotification() {
    guard let batching else { return }
    batching.isQueued = false
    guard batching.isOwed else { return }
    batching.isOwed = false
    if !subscribers.isEmpty { notify() }
  }
}

extension StoreEngine {
  /// Holds the subscribers' notification for actions `isLowPriority` accepts, until `timing`'s
  /// wait is over or a normal action is applied (``StateStore/batchNotifications(after:of:)``).
  ///
  /// ```swift
  /// engine.batchNotifications(after: .tick) { $0 == .increment }
  /// ```
  /// - Parameters:
  ///   - timing: How long the notification of a burst waits.
  ///   - isLowPriority: Whether an action's notification may wait.
  package func batchNotifications(
    after timing: NotificationBatchTiming, of isLowPriority: @escaping (Action) -> Bool
  ) {
    let style = core.style
    let home = homeForAsyncWork { ProgrammerError.batchingWithoutHome(in: style) }
    let weakCore = HomeBound(WeakCore(core))
    let wait = timing.wait
    core.batching = NotificationBatching(isLowPriority: isLowPriority) {
      Task {
        await wait()
        await home.run(weakCore) { $0.core?.payOwedNotification() }
      }
    }
  }
}

/// The engine's core, held weakly by a queued flush: a store that goes meanwhile owes nobody.
final class WeakCore<State, Action> {
  weak var core: EngineCore<State, Action>?

  init(_ core: EngineCore<State, Action>) {
    self.core = core
  }
}
