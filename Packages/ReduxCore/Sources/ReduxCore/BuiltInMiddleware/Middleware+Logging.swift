extension Middleware {
  /// What each line of the logging middleware shows after the action.
  public enum LogFormat: Sendable {
    /// Only what the action changed, by path: `add(2): count: 1 -> 3`. The middleware keeps
    /// the state from before each action to compare; see ``StateChange/changes(from:to:limit:)``.
    case changes
    /// The whole state after the action: `add(2) -> Counter(count: 3)`.
    case state
  }

  /// A middleware that describes every action, with what it changed (or the state it produced).
  ///
  /// By default each line goes to standard output; pass `log` to send it elsewhere (a logger, a
  /// test's array). It runs where you put it in the chain: first, it sees every action as
  /// dispatched; last, only what the other middlewares let through. ``Redacted`` values show
  /// as `<redacted>`.
  ///
  /// ```swift
  /// let store = createStore(
  ///   reducer: counterReducer, initialState: Counter(), enhancer: applyMiddleware(.logging(label: "counter")))
  /// store.dispatch(.add(2))  // prints "[counter] add(2): count: 0 -> 2"
  /// ```
  /// - Parameters:
  ///   - label: Put in brackets before each line, to tell stores apart.
  ///   - format: What follows the action: what it changed (the default), or the whole state.
  ///   - including: Returns `false` for actions to leave out of the log (they still run).
  ///   - maximumLineLength: Longer lines are cut, and end with `…`.
  ///   - log: Receives each line; prints it when not given.
  ///   - isolation: Where `log` may run; leave the default, the caller's actor.
  /// - Returns: The middleware.
  public static func logging(
    label: String = "store",
    format: LogFormat = .changes,
    including: @escaping (Action) -> Bool = { _ in true },
    maximumLineLength: Int = 1_000,
    log: @escaping (String) -> Void = { print($0) },
    isolation: (any Actor)? = #isolation
  ) -> Middleware {
    func write(_ line: String) {
      log(line.count > maximumLineLength ? String(line.prefix(maximumLineLength)) + "…" : line)
    }
    return Middleware(
      { context, action, next in
        guard including(action) else { return next(action) }
        switch format {
        case .state:
          next(action)
          write("[\(label)] \(action) -> \(context.state)")
        case .changes:
          let before = context.state
          // Writes to shared values, which the state before and after both hold.
          let writes = ReferenceWrites()
          ReferenceWrites.$current.withValue(writes) { next(action) }
          let changes = StateChange.changes(from: before, to: context.state) + writes.changes
          let told = changes.isEmpty ? "no change" : changes.map(\.description).joined(separator: "; ")
          write("[\(label)] \(action): \(told)")
        }
      }, isolation: isolation)
  }
}
