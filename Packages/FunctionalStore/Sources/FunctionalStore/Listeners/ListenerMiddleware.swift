#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Starts async work when an action matches (Redux Toolkit's listener middleware): each
/// listener says what it matches, how its runs overlap (``ListenerMode``: every, latest,
/// debounce) and what it does, with `dispatch` and the state in reach (``ListenerAPI``).
///
/// ```swift
/// let listeners = ListenerMiddleware<SearchState, PayloadAction>()
/// listeners.startListening(for: Search.queryChanged, mode: .debounce(for: .milliseconds(300))) { query, api in
///   api.dispatch(Search.resultsArrived(try await SearchAPI.results(for: query)))
/// }
/// let store = createStore(
///   reducer: Search.slice.reducer, initialState: SearchState(), enhancer: applyMiddleware(listeners.middleware))
/// ```
///
/// Effects run after the reducers (the state they read has the action applied), on the store's
/// actor, in tasks of their own, as Redux Toolkit's do: each starts inside `dispatch` and runs up
/// to its first `await` before `dispatch` returns, so runs start in the order of their actions,
/// and an `api.take` or `api.condition` made before the first `await` sees the very next action.
/// (On Apple systems before the 26 releases, which lack `Task.immediate`, a run starts right
/// after the synchronous code that dispatched, still in order.) An action an effect dispatches
/// before its first `await` runs right after the current one, before the outermost `dispatch`
/// returns, as every re-entrant dispatch does. A run cancelled by its mode dispatches nothing. Listeners may
/// be added and removed while the store runs. The runs of a store are cancelled when it goes.
/// An action no listener matches costs a look at each listener's predicate; with no listener
/// and no run waiting for an action (`api.take`), two checks.
///
/// It belongs to the actor that makes it, like the store it is applied to.
public struct ListenerMiddleware<State, Action> {
  @usableFromInline let listeners: ListenerList<State, Action>
  /// The middleware to apply to the store: `applyMiddleware(listeners.middleware)`.
  public let middleware: Middleware<State, Action>

  /// Makes a listener middleware with no listeners yet.
  ///
  /// ```swift
  /// let listeners = ListenerMiddleware<SearchState, PayloadAction> { error in print("listener failed:", error) }
  /// ```
  /// - Parameters:
  ///   - extra: What every effect may use, as ``ListenerAPI/extra`` (Redux Toolkit's `extra`):
  ///     the app's services, a client.
  ///   - onError: Told what an effect threw (other than a cancellation); by default, a line on
  ///     standard error.
  ///   - isolation: Where it is made; leave the default, the caller's actor.
  @inlinable
  public init(
    extra: (any Sendable)? = nil,
    onError: @escaping (any Error) -> Void = ListenerMiddleware.printError,
    isolation: (any Actor)? = #isolation
  ) {
    // Inlinable, so that the module that applies it compiles the per-action check for its own
    // state and action types: unspecialized, each listener's look cost about 70 ns.
    let listeners = ListenerList<State, Action>()
    self.listeners = listeners
    middleware = Middleware(
      curried: { context in
        let runs = ListenerRuns(context: context, extra: extra, onError: onError)
        listeners.attach(runs)
        let current = listeners.current
        return { next in
          { action in
            let hasWaits = runs.hasWaits
            guard !current.entries.isEmpty || hasWaits else { return next(action) }
            let readsStates = current.readsStates || hasWaits
            // An action no listener takes reads no state: the predicates of the action alone
            // are looked at first (only a listener that reads states needs them after it).
            guard
              readsStates || current.matchers.contains(where: { $0.matches(action, after: nil, before: nil) })
            else { return next(action) }
            // The state a run's `api.getOriginalState()` gives.
            let before = context.state
            next(action)
            let after = readsStates ? context.state : nil
            if hasWaits, let after { runs.tellWaits(action, after: after, before: before) }
            // The lists as they are now: an effect that stops a listener changes the store's,
            // not these, and a listener added meanwhile waits for the next action.
            let matchers = current.matchers
            let entries = current.entries
            for index in matchers.indices
            where matchers[index].matches(action, after: after, before: readsStates ? before : nil) {
              runs.start(entries[index], for: action, original: before)
            }
          }
        }
      }, isolation: isolation)
  }

  /// Starts a listener whose predicate sees the action, the state after it and the state before
  /// it (Redux Toolkit's `predicate`).
  ///
  /// ```swift
  /// let emptied: (PayloadAction, SearchState, SearchState) -> Bool = { _, state, previous in
  ///   state.query.isEmpty && !previous.query.isEmpty
  /// }
  /// listeners.startListening(when: emptied) { _, api in api.dispatch(Search.resultsArrived([])) }
  /// ```
  /// - Parameters:
  ///   - predicate: `(action, state, previousState)`: whether to start a run.
  ///   - mode: How runs overlap; `.every` by default.
  ///   - effect: The run: the action and the ``ListenerAPI``.
  /// - Returns: What stops the listener: `stop()`, or `stop(cancelActive: true)` to cancel its runs too.
  @discardableResult
  public func startListening(
    when predicate: @escaping (Action, State, State) -> Bool, mode: ListenerMode = .every,
    _ effect: nonisolated(nonsending) @escaping (Action, ListenerAPI<State, Action>) async throws -> Void
  ) -> ListenerUnsubscribe {
    add(ListenerEntry(.states(predicate), mode: mode, effect: effect))
  }

  /// Starts a listener of the actions `matches` accepts.
  ///
  /// ```swift
  /// listeners.startListening(matching: { $0.type.name.hasPrefix("search/") }) { action, _ in print(action) }
  /// ```
  /// - Parameters:
  ///   - matches: Whether an action starts a run.
  ///   - mode: How runs overlap; `.every` by default.
  ///   - effect: The run: the action and the ``ListenerAPI``.
  /// - Returns: What stops the listener: `stop()`, or `stop(cancelActive: true)` to cancel its runs too.
  @discardableResult
  public func startListening(
    matching matches: @escaping (Action) -> Bool, mode: ListenerMode = .every,
    _ effect: nonisolated(nonsending) @escaping (Action, ListenerAPI<State, Action>) async throws -> Void
  ) -> ListenerUnsubscribe {
    add(ListenerEntry(.action(matches), mode: mode, effect: effect))
  }

  /// Starts a listener of the actions `matcher` matches: ``isAnyOf(_:)`` of several creators,
  /// an async thunk's lifecycle (``isFulfilled(_:)``), Redux Toolkit's `matcher` option.
  ///
  /// ```swift
  /// listeners.startListening(matching: isAnyOf(Search.queryChanged, Search.resultsArrived)) { action, _ in print(action) }
  /// ```
  /// - Parameters:
  ///   - matcher: What starts a run.
  ///   - mode: How runs overlap; `.every` by default.
  ///   - effect: The run: the action and the ``ListenerAPI``.
  /// - Returns: What stops the listener: `stop()`, or `stop(cancelActive: true)` to cancel its runs too.
  @discardableResult
  public func startListening(
    matching matcher: some ActionMatching, mode: ListenerMode = .every,
    _ effect: nonisolated(nonsending) @escaping (Action, ListenerAPI<State, Action>) async throws -> Void
  ) -> ListenerUnsubscribe where Action == PayloadAction {
    startListening(matching: { matcher.matches($0) }, mode: mode, effect)
  }

  /// Stops every listener and cancels every run going on, in every store the middleware is
  /// applied to (Redux Toolkit's `clearListeners`), a run whose listener had already stopped
  /// included, and the tasks the runs forked.
  ///
  /// ```swift
  /// listeners.clearListeners()
  /// ```
  public func clearListeners() {
    listeners.removeAll()
    listeners.cancelAllRuns()
  }

  private func add(_ entry: ListenerEntry<State, Action>) -> ListenerUnsubscribe {
    listeners.add(entry)
    return ListenerUnsubscribe(
      stop: { [weak entry] in entry?.stop() },
      cancelRuns: { [weak entry, weak listeners] in
        if let entry { listeners?.cancelRuns(of: entry) }
      })
  }

  /// Writes an effect's error on standard error: what `onError` does unless told otherwise.
  ///
  /// ```swift
  /// let reporting = ListenerMiddleware<SearchState, PayloadAction> { error in
  ///   ListenerMiddleware<SearchState, PayloadAction>.printError(error)
  /// }
  /// ```
  /// - Parameter error: What the effect threw.
  public static func printError(_ error: any Error) {
    var line = "FunctionalStore: a listener's effect threw \(error)\n"
    line.withUTF8 { bytes in _ = write(STDERR_FILENO, bytes.baseAddress, bytes.count) }
  }
}

extension ListenerMiddleware where Action == PayloadAction {
  /// Starts a listener of one action type, its payload typed (Redux Toolkit's `actionCreator`
  /// option).
  ///
  /// ```swift
  /// listeners.startListening(for: Search.queryChanged, mode: .latest) { query, api in
  ///   api.dispatch(Search.resultsArrived(try await SearchAPI.results(for: query)))
  /// }
  /// ```
  /// - Parameters:
  ///   - creator: The creator of the actions to listen for.
  ///   - mode: How runs overlap; `.every` by default.
  ///   - effect: The run: the payload and the ``ListenerAPI``.
  /// - Returns: What stops the listener: `stop()`, or `stop(cancelActive: true)` to cancel its runs too.
  @discardableResult
  public func startListening<Payload>(
    for creator: ActionCreator<Payload>, mode: ListenerMode = .every,
    _ effect: nonisolated(nonsending) @escaping (Payload, ListenerAPI<State, Action>) async throws -> Void
  ) -> ListenerUnsubscribe {
    startListening(matching: { creator ~= $0 }, mode: mode) { action, api in
      // Matched by type, so the payload is the creator's.
      try await effect(creator.match(action)!, api)
    }
  }
}
