/// One listener: what it matches, how its runs overlap, and its effect.
final class ListenerEntry<State, Action> {
  /// The effect of a match: run on the store's actor.
  typealias Effect = nonisolated(nonsending) (Action, ListenerAPI<State, Action>) async throws -> Void

  /// Whether an action starts a run.
  let matcher: Matcher
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
  enum Matcher {
    case action((Action) -> Bool)
    case states((Action, State, State) -> Bool)
  }

  var readsStates: Bool {
    if case .states = matcher { return true }
    return false
  }

  /// Whether `action` starts a run; `before` and `after` are there when some listener read them
  /// as the dispatch began (one added during the dispatch waits for the next action).
  func matches(_ action: Action, after: State?, before: State?) -> Bool {
    switch matcher {
    case .action(let matches): return matches(action)
    case .states(let matches):
      guard let after, let before else { return false }
      return matches(action, after, before)
    }
  }

  func removed(by remove: @escaping () -> Void) {
    self.remove = remove
  }

  /// Stops the listener; later calls do nothing.
  func stop() {
    remove?()
    remove = nil
  }
}

/// The listeners of one ``ListenerMiddleware``, shared by the stores it is applied to.
final class ListenerList<State, Action> {
  private(set) var entries: [ListenerEntry<State, Action>] = []
  /// Whether some listener reads the states, so each action keeps the state before it.
  private(set) var readsStates = false

  func add(_ entry: ListenerEntry<State, Action>) {
    entries.append(entry)
    readsStates = readsStates || entry.readsStates
    entry.removed { [weak self, unowned entry] in self?.remove(entry) }
  }

  func remove(_ entry: ListenerEntry<State, Action>) {
    entries.removeAll { $0 === entry }
    readsStates = entries.contains { $0.readsStates }
  }

  func removeAll() {
    entries.removeAll()
    readsStates = false
  }
}
