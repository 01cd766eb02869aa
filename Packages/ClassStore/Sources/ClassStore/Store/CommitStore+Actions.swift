extension NonisolatedCommitStore {
  /// Marks the body of an action method, so that action hooks (``onAction(_:)``) see each call:
  /// its name, its arguments, its result or its error. Write it once per method, around its
  /// body; with no hook installed it costs a check of one property.
  ///
  /// ```swift
  /// final class TallyStore: CommitStore<CounterState> {
  ///   init() { super.init(state: CounterState()) }
  ///   func increment() { action { commit { $0.count += 1 } } }
  ///   func add(_ amount: Int) { action(arguments: [amount]) { commit { $0.count += amount } } }
  /// }
  /// ```
  /// - Parameters:
  ///   - name: The action's name; the method's by default.
  ///   - arguments: What hooks see as its arguments; evaluated only when a hook is installed.
  ///   - body: The method's body.
  /// - Returns: What `body` returns.
  @inlinable
  public final func action<Result>(
    _ name: String = #function, arguments: @autoclosure () -> [Any] = [], _ body: () throws -> Result
  ) rethrows -> Result {
    guard let actionHooks, !actionHooks.isEmpty else { return try body() }
    return try actionHooks.run(name, arguments(), body)
  }

  /// Marks the body of an async action method: hooks are told when it starts, and when it
  /// returns or throws, after its `await`s.
  ///
  /// ```swift
  /// final class LoadingStore: CommitStore<CounterState> {
  ///   init() { super.init(state: CounterState()) }
  ///   func load(from api: CounterAPI) async {
  ///     await action {
  ///       let saved = await api.fetchCount()
  ///       commit { $0.count = saved }
  ///     }
  ///   }
  /// }
  /// ```
  /// - Parameters:
  ///   - name: The action's name; the method's by default.
  ///   - arguments: What hooks see as its arguments; evaluated only when a hook is installed.
  ///   - body: The method's body.
  /// - Returns: What `body` returns.
  @inlinable
  public final nonisolated(nonsending) func action<Result>(
    _ name: String = #function, arguments: @autoclosure () -> [Any] = [],
    _ body: () async throws -> Result
  ) async rethrows -> Result {
    guard let actionHooks, !actionHooks.isEmpty else { return try await body() }
    return try await actionHooks.run(name, arguments(), body)
  }

  /// Calls `hook` at the start of every action method that marks its body with `action { }`,
  /// nested ones included, in the order they start: Pinia's `$onAction` and Vuex's
  /// `subscribeAction`. The hook may ask to be told how the call ends (``ActionCall/after(_:)``,
  /// ``ActionCall/onError(_:)``), for timing, analytics or error reporting.
  ///
  /// ```swift
  /// final class TallyStore: CommitStore<CounterState> {
  ///   init() { super.init(state: CounterState()) }
  ///   func increment() { action { commit { $0.count += 1 } } }
  /// }
  /// let tally = TallyStore()
  /// let analytics = tally.onAction { call in print("action", call.name) }
  /// tally.increment()  // action increment()
  /// analytics.cancel()
  /// ```
  /// - Parameter hook: Called at the start of each action, on the store's actor.
  /// - Returns: A token; the hook is removed when it is cancelled or released.
  public final func onAction(_ hook: @escaping (ActionCall) -> Void) -> Subscription {
    // A disposed store calls no hook (Pinia's `$dispose` empties its action subscriptions).
    guard !engine.isDisposed else { return Subscription {} }
    let hooks = actionHooksEndedByDispose()
    let id = hooks.add(hook)
    // The token holds the hooks, not the store: no weak reference, which would make every
    // retain of the store take the slow path. Released before anything else happened (the
    // spelling `_ = store.onAction { … }`), it says so, as a subscription's token does.
    let made = TokenWarnings.tokenMade()
    return Subscription(ending: { released in
      if released, TokenWarnings.isFirstEventSince(made) { TokenWarnings.actionHookReleasedAtOnce() }
      hooks.remove(id)
    })
  }

  /// The store's action hooks, made with the first one: ``dispose()`` empties them then, so an
  /// action method checks nothing more per call.
  final func actionHooksEndedByDispose() -> ActionHooks {
    if let actionHooks { return actionHooks }
    let hooks = ActionHooks()
    actionHooks = hooks
    // The hooks, not the store: no reference to the store, weak or not, is made.
    engine.whenDisposed { hooks.removeAll() }
    return hooks
  }
}
