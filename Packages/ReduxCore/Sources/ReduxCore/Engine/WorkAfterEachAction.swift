/// Style work that runs after an action has been applied and every observer told, still inside
/// the dispatch (the effect style starts the effects its reducer returned here), and only after
/// an action that left some: the style raises ``isDue`` when it has work, and the engine tests
/// that one flag per action instead of calling into the style each time.
///
/// ```swift
/// let work = WorkAfterEachAction()
/// let engine = StoreEngine(initialState: state, home: isolation, workAfterEachAction: work) { ... }
/// work.setWork { [unowned effects] in effects.startPending() }
/// // in the style's reducer, when it returns an effect:
/// work.isDue = true
/// ```
///
/// The engine never lowers the flag: the work does, once nothing is left for the next action
/// (a style with standing work, such as effects of list elements to cancel when their element
/// leaves, keeps it raised).
///
/// > Note: It belongs to its engine's isolation domain, like the engine.
@usableFromInline
package final class WorkAfterEachAction {
  // Exclusivity: read by the engine after each action and written by the style's reducer and
  // work, all in the store's domain and never during each other.
  /// Whether the work must run after the action being applied.
  @exclusivity(unchecked) @usableFromInline package var isDue = false
  @exclusivity(unchecked) @usableFromInline var work: (() -> Void)?
  /// Whether the work must drop what the action left instead of starting it: raised while a
  /// recorded action is replayed (``StoreEngine/replay(_:operation:)``), whose follow-up
  /// actions are in the recording.
  @exclusivity(unchecked) @usableFromInline package var dropsNewWork = false

  /// Makes the work of one engine, with nothing to do yet.
  @inlinable package init() {}

  /// Sets the work to run after each action that raised ``isDue``; `nil` removes it.
  ///
  /// ```swift
  /// work.setWork { [unowned effects] in effects.startPending() }
  /// ```
  /// - Parameter work: The work. It must not hold the store strongly: the engine holds it.
  @usableFromInline package func setWork(_ work: (() -> Void)?) {
    self.work = work
    if work == nil { isDue = false }
  }

  /// Runs the work; apart from the dispatch, so the common action, which raised no flag, stays
  /// small.
  @usableFromInline @inline(never)
  func run() {
    if let work { work() } else { isDue = false }
  }
}
