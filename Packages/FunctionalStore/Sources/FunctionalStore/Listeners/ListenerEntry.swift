/// One listener: what it matches, how its runs overlap, and its effect.
@usableFromInline
final class ListenerEntry<State, Action> {
  /// The effect of a match: run on the store's actor.
  typealias Effect = nonisolated(nonsending) (Action, ListenerAPI<State, Action>) async throws -> Void

  /// Whether an action starts a run.
  @usableFromInline let matcher: Matcher
  let mode: ListenerMode
  let effect: Effect
  /// Removes the listener from its list.
  private var remove: (() -> Void)?

  init(_ matcher: Matcher, mode: ListenerMode, effect: @escaping Effect) {
    self.matcher = matcher
    self.mode = mode
    self.effect = effect
  }

  /// What a listener matches: the action alone, or the action with the states after and
  /// before it (only then does the middleware keep a copy of the state before each action).
  @usableFromInline
  enum Matcher {
    case action((Action) -> Bool)
    case states((Action, State, State) -> Bool)

    /// Whether `action` starts a run; `before` and `after` are there when some listener read
    /// them as the dispatch began (one added during the dispatch waits for the next action).
    @inlinable
    func matches(_ action: Action, after: State?, before: State?) -> Bool {
      switch self {
      case .action(let matches): return matches(action)
      case .states(let matches):
        guard let after, let before else { return false }
        return matches(action, after, before)
      }
    }
  }

  var readsStates: Bool {
    if case .states = matcher { return true }
    return false
  }

  /// The list it was added to, to go back into it (`api.subscribe()`).
  private weak var list: ListenerList<State, Action>?

  func added(to list: ListenerList<State, Action>, removedBy remove: @escaping () -> Void) {
    self.list = list
    self.remove = remove
  }

  /// Stops the listener; later calls do nothing.
  func stop() {
    remove?()
    remove = nil
  }

  /// Goes back into its list after ``stop()``; does nothing while it is in.
  func resume() {
    guard remove == nil, let list else { return }
    list.add(self)
  }
}

/// The listeners of one ``ListenerMiddleware``, shared by the stores it is applied to.
@usableFromInline
final class ListenerList<State, Action> {
  /// What the middleware reads per action. Apart from the list, which each listener's stop
  /// function reaches through a weak reference: a weakly referenced object's every retain and
  /// release takes the runtime's slow path (a fifth of the time of an action no listener wants).
  @usableFromInline let current = CurrentListeners<State, Action>()

  @usableFromInline init() {}

  func add(_ entry: ListenerEntry<State, Action>) {
    current.entries.append(entry)
    current.matchers.append(entry.matcher)
    current.readsStates = current.readsStates || entry.readsStates
    entry.added(to: self) { [weak self, unowned entry] in self?.remove(entry) }
  }

  func remove(_ entry: ListenerEntry<State, Action>) {
    guard let index = current.entries.firstIndex(where: { $0 === entry }) else { return }
    current.entries.remove(at: index)
    current.matchers.remove(at: index)
    current.readsStates = current.entries.contains { $0.readsStates }
  }

  func removeAll() {
    current.entries.removeAll()
    current.matchers.removeAll()
    current.readsStates = false
  }

  /// The runs of each store the middleware is applied to, held weakly: a store's runs go with it.
  private var storesRuns: [WeakRuns<State, Action>] = []

  @usableFromInline func attach(_ runs: ListenerRuns<State, Action>) {
    storesRuns.removeAll { $0.runs == nil }
    storesRuns.append(WeakRuns(runs: runs))
  }

  /// Cancels the runs of `entry` going on, in every store.
  func cancelRuns(of entry: ListenerEntry<State, Action>) {
    for store in storesRuns { store.runs?.cancelRuns(of: entry, except: nil) }
  }

  /// Cancels every run going on, in every store.
  func cancelAllRuns() {
    for store in storesRuns { store.runs?.cancelAll() }
  }
}

/// What stops a listener (Redux Toolkit's `unsubscribe` returned by `startListening`): call it
/// as a function, with `cancelActive: true` to cancel its runs going on as well.
///
/// ```swift
/// let stop = listeners.startListening(for: Search.queryChanged) { _, api in
///   try await api.delay(for: .seconds(1))
/// }
/// stop(cancelActive: true)
/// ```
public struct ListenerUnsubscribe {
  let stop: () -> Void
  let cancelRuns: () -> Void

  /// Stops the listener: no later action starts it. Later calls do nothing.
  ///
  /// ```swift
  /// let stop = listeners.startListening(for: Search.queryChanged) { _, _ in }
  /// stop()
  /// ```
  /// - Parameter cancelActive: Whether to cancel its runs going on too (Redux Toolkit's
  ///   `unsubscribe({ cancelActive: true })`); they go on by default.
  public func callAsFunction(cancelActive: Bool = false) {
    stop()
    if cancelActive { cancelRuns() }
  }
}

/// The listeners a middleware looks at for each action.
//
// Exclusivity: its properties skip dynamic exclusivity checks. It is not `Sendable`, so one
// isolation domain (the store's) uses it, and no access overlaps another: the middleware reads
// them between calls, and only `ListenerList` writes them, never while the middleware reads.
@usableFromInline
final class CurrentListeners<State, Action> {
  @exclusivity(unchecked) @usableFromInline var entries: [ListenerEntry<State, Action>] = []
  /// Each entry's matcher, at the entry's index: what the middleware looks at per action,
  /// without retaining the entries, which the stop functions reach weakly (so each retain of
  /// an entry takes the runtime's slow path).
  @exclusivity(unchecked) @usableFromInline var matchers: [ListenerEntry<State, Action>.Matcher] = []
  /// Whether some listener reads the states, so each action keeps the state before it.
  @exclusivity(unchecked) @usableFromInline var readsStates = false

  @usableFromInline init() {}
}
