/// The store's side of persistence: it notes that a dispatch happened and, once per burst,
/// reads the state and hands it to the writer.
///
/// A dispatch costs one flag check. The state is read only when the save is due, not kept per
/// dispatch, so persistence never makes the store copy its state. When the store goes away
/// (and this with its middleware chain), the last state is written before it goes.
@MainActor
final class SaveScheduler<State: Codable & Sendable, Action>: PendingSave {
  let writer: PersistenceWriter<State>
  let context: MiddlewareContext<State, Action>
  let delay: Duration
  // Exclusivity: read and written on the main actor only, by calls that never nest.
  @exclusivity(unchecked) var isDue = false

  init(writer: PersistenceWriter<State>, context: MiddlewareContext<State, Action>, delay: Duration) {
    self.writer = writer
    self.context = context
    self.delay = delay
  }

  isolated deinit {
    submitNow()
    _ = writer.flushNow()
  }

  /// Called after every dispatch: schedules one save for the whole burst.
  func stateMayHaveChanged() {
    if isDue { return }
    isDue = true
    scheduleSave()
  }

  func scheduleSave() {
    let delay = delay
    Task { [weak self] in
      if delay > .zero { try? await Task.sleep(for: delay) }
      self?.submitNow()
    }
  }

  /// Hands the current state to the writer, if a save is due.
  func submitNow() {
    guard isDue else { return }
    isDue = false
    writer.submit(context.getState())
  }
}

/// A store's pending save, seen without its action type.
@MainActor
protocol PendingSave: AnyObject {
  func submitNow()
}

/// Which store's pending save ``StatePersistence/flush()`` must submit first.
@MainActor
final class AttachedStore {
  weak var pendingSave: (any PendingSave)?

  nonisolated init() {}
}
