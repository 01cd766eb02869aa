/// Records what a store does, for tests, debugging and replay: every action that reached the
/// reducer, with the state it produced.
///
/// ```swift
/// let recorder = ActionRecorder<Counter, CounterAction>()
/// let store = createStore(
///   reducer: counterReducer, initialState: Counter(), enhancer: applyMiddleware(recorder.middleware))
/// store.dispatch(.increment)
/// store.dispatch(.add(2))
/// // recorder.actions == [.increment, .add(2)], recorder.states.map(\.count) == [1, 3]
/// let copy = createStore(reducer: counterReducer, initialState: Counter())
/// recorder.replay { copy.dispatch($0) }  // copy.count == 3
/// ```
///
/// > Note: It belongs to its store's isolation domain, like the store. It keeps every entry until ``clear()``; for a long-running
/// > app, set ``limit``: the recorder then keeps the newest entries in a ring, so recording
/// > stays O(1) per action whatever the limit.
public final class ActionRecorder<State, Action> {
  /// One action and the state right after it.
  public struct Entry {
    /// The action, as it reached the reducer (after the middlewares before the recorder).
    public let action: Action
    /// The state after the reducer applied it.
    public let state: State
  }

  /// What was recorded, oldest first.
  /// - Complexity: O(n): the entries are kept in a ring, and this puts them in order.
  public var entries: [Entry] {
    Array(ring[start...]) + ring[..<start]
  }

  /// The most entries to keep; the oldest go first. `nil` keeps all of them.
  ///
  /// Lowering it drops the oldest entries at once; a negative limit keeps nothing.
  public var limit: Int? {
    didSet { normalize() }
  }

  /// The entries, as a ring once ``limit`` is reached: the oldest is at `start`, and a new entry
  /// replaces it, so recording costs O(1) whatever the limit.
  private var ring: [Entry] = []
  private var start = 0

  /// Makes an empty recorder.
  ///
  /// ```swift
  /// let recorder = ActionRecorder<Int, Int>(limit: 1_000)
  /// ```
  /// - Parameters:
  ///   - limit: The most entries to keep, or `nil` for all.
  ///   - isolation: Where the recorder is used; leave the default, the caller's actor.
  public init(limit: Int? = nil, isolation: (any Actor)? = #isolation) {
    self.limit = limit
    madeOn = isolation.map { ObjectIdentifier($0) }
  }

  /// Where the recorder was made: only a store there may use its middleware.
  private let madeOn: ObjectIdentifier?

  /// The recorded actions, oldest first.
  public var actions: [Action] { entries.map(\.action) }

  /// The recorded states, one after each action.
  public var states: [State] { entries.map(\.state) }

  /// The middleware that records into this recorder. Put it last to record what the reducer
  /// actually received.
  ///
  /// ```swift
  /// let recorder = ActionRecorder<Counter, CounterAction>()
  /// let store = createStore(
  ///   reducer: counterReducer, initialState: Counter(), enhancer: applyMiddleware(logger, recorder.middleware))
  /// ```
  public var middleware: Middleware<State, Action> {
    Middleware(madeOn: madeOn) { [weak self] context in
      { next in
        { action in
          next(action)
          self?.record(Entry(action: action, state: context.state))
        }
      }
    }
  }

  /// Sends every recorded action, in order, to `dispatch` (another store, for instance).
  ///
  /// ```swift
  /// let copy = createStore(reducer: counterReducer, initialState: Counter())
  /// recorder.replay(into: { copy.dispatch($0) })
  /// ```
  /// - Parameter dispatch: Receives each action.
  public func replay(into dispatch: (Action) -> Void) {
    for entry in ring[start...] { dispatch(entry.action) }
    for entry in ring[..<start] { dispatch(entry.action) }
  }

  /// Forgets everything recorded.
  ///
  /// ```swift
  /// let recorder = ActionRecorder<Counter, CounterAction>(limit: 100)
  /// recorder.clear()
  /// ```
  public func clear() {
    ring.removeAll()
    start = 0
  }

  private func record(_ entry: Entry) {
    guard let limit, ring.count >= limit else {
      ring.append(entry)
      return
    }
    if limit <= 0 { return }
    ring[start] = entry
    start = (start + 1) % limit
  }

  /// Puts the ring back in order and trims it to the limit (after the limit changed).
  private func normalize() {
    var ordered = entries
    if let limit, ordered.count > max(limit, 0) { ordered.removeFirst(ordered.count - max(limit, 0)) }
    ring = ordered
    start = 0
  }
}
