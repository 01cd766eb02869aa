/// Records what a store does, for tests, debugging and replay: every action that reached the
/// reducer, with the state it produced.
///
/// ```swift
/// let recorder = ActionRecorder<Int, Int>()
/// let engine = StoreEngine<Int, Int>(initialState: 0, middlewares: [recorder.middleware]) {
///   count, amount in count += amount
/// }
/// engine.dispatch(1)
/// engine.dispatch(2)
/// // recorder.actions == [1, 2], recorder.states == [1, 3]
/// let copy = StoreEngine<Int, Int>(initialState: 0) { count, amount in count += amount }
/// recorder.replay(into: copy.dispatch)  // copy.state == 3
/// ```
///
/// > Note: Runs on the main actor. It keeps every entry until ``clear()``; for a long-running
/// > app, set ``limit``.
@MainActor
public final class ActionRecorder<State, Action> {
  /// One action and the state right after it.
  public struct Entry {
    /// The action, as it reached the reducer (after the middlewares before the recorder).
    public let action: Action
    /// The state after the reducer applied it.
    public let state: State
  }

  /// What was recorded, oldest first.
  public private(set) var entries: [Entry] = []
  /// The most entries to keep; the oldest go first. `nil` keeps all of them.
  public var limit: Int?

  /// Makes an empty recorder.
  ///
  /// ```swift
  /// let recorder = ActionRecorder<Int, Int>(limit: 1_000)
  /// ```
  /// - Parameter limit: The most entries to keep, or `nil` for all.
  public init(limit: Int? = nil) {
    self.limit = limit
  }

  /// The recorded actions, oldest first.
  public var actions: [Action] { entries.map(\.action) }

  /// The recorded states, one after each action.
  public var states: [State] { entries.map(\.state) }

  /// The middleware that records into this recorder. Put it last to record what the reducer
  /// actually received.
  ///
  /// ```swift
  /// let engine = StoreEngine<Int, Int>(initialState: 0, middlewares: [recorder.middleware]) {
  ///   count, amount in count += amount
  /// }
  /// ```
  public var middleware: Middleware<State, Action> {
    Middleware { [weak self] context, action, next in
      next(action)
      self?.record(Entry(action: action, state: context.state))
    }
  }

  /// Sends every recorded action, in order, to `dispatch` (another store, for instance).
  ///
  /// ```swift
  /// recorder.replay(into: otherEngine.dispatch)
  /// ```
  /// - Parameter dispatch: Receives each action.
  public func replay(into dispatch: (Action) -> Void) {
    for entry in entries { dispatch(entry.action) }
  }

  /// Forgets everything recorded.
  ///
  /// ```swift
  /// recorder.clear()
  /// ```
  public func clear() {
    entries.removeAll()
  }

  private func record(_ entry: Entry) {
    entries.append(entry)
    if let limit, entries.count > limit { entries.removeFirst(entries.count - limit) }
  }
}
