/// The store's side of persistence: it notes that a dispatch happened and, once per burst,
/// reads the state and hands it to the writer.
///
/// A dispatch costs one flag check. The state is read only when the save is due, not kept per
/// dispatch, so persistence never makes the store copy its state. When the store goes away
/// (and this with its middleware chain), the last state is written before it goes.
///
/// It belongs to its store's isolation domain: the delayed save comes back to the store's home.
final class SaveScheduler<State: Codable & Sendable, Action> {
  let writer: PersistenceWriter<State>
  let context: MiddlewareContext<State, Action>
  let delay: Duration
  let attached: AttachedStore
  let onError: (PersistenceError) -> Void
  // Exclusivity: read and written in the store's domain only, by calls that never nest.
  @exclusivity(unchecked) var isDue = false
  /// Whether the writer reports to this store's home yet: set up at the first save, once the
  /// store knows its home.
  var isReporting = false

  init(
    writer: PersistenceWriter<State>, context: MiddlewareContext<State, Action>, delay: Duration,
    attached: AttachedStore, onError: @escaping (PersistenceError) -> Void
  ) {
    self.writer = writer
    self.context = context
    self.delay = delay
    self.attached = attached
    self.onError = onError
    // An undo or a jump through the store's history sets the state without an action: saved too.
    context.whenStateIsReplaced { [weak self] in self?.stateMayHaveChanged() }
  }

  deinit {
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
    guard let home = context.home else {
      // A store with no home (made outside any actor) has nowhere to come back to later: it
      // hands each state over now (the writer still writes once per burst), and its errors,
      // which `onError` could not receive where the store lives, are printed, as the default
      // `onError` does.
      if !isReporting { printErrors() }
      return submitNow()
    }
    if !isReporting { startReporting(to: home) }
    let delay = delay
    let submit = HomeBound { [weak self] in self?.submitNow() }
    Task {
      if delay > .zero { try? await Task.sleep(for: delay) }
      await home.run(submit) { submit in submit() }
    }
  }

  /// Sends the writer's errors to `onError` at the store's home, and lets ``StatePersistence/flush()``
  /// find this store's pending save there.
  func startReporting(to home: StoreHome) {
    isReporting = true
    let report = HomeBound(onError)
    writer.setReporter { error in
      Task { await home.run(report) { report in report(error) } }
    }
    attached.attach(HomeBound { [weak self] in self?.submitNow() }, home: home)
  }

  func printErrors() {
    isReporting = true
    writer.setReporter { error in
      print("StatePersistence: \(error) (onError is not called: the store was made outside any actor)")
    }
  }

  /// Hands the current state to the writer, if a save is due.
  func submitNow() {
    guard isDue else { return }
    isDue = false
    writer.submit(context.getState())
  }
}

/// How ``StatePersistence/flush()`` submits the attached store's pending save: at the store's
/// home, which it may be called away from.
final class AttachedStore: Sendable {
  private let pendingSave = Locked<(submit: HomeBound<() -> Void>, home: StoreHome)?>(nil)

  init() {}

  func attach(_ submit: HomeBound<() -> Void>, home: StoreHome) {
    pendingSave.withLock { $0 = (submit, home) }
  }

  /// Submits the attached store's pending save, if there is one.
  func submitPendingSave() async {
    guard let (submit, home) = pendingSave.withLock({ $0 }) else { return }
    await home.run(submit) { submit in submit() }
  }
}
