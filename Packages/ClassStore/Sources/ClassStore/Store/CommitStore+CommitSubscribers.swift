extension NonisolatedCommitStore {
  /// Calls `observer` after every commit with the commit itself (its name and payload) and the
  /// state it made: Pinia's `$subscribe((mutation, state) => …)` and Vuex's
  /// `subscribe((mutation, state) => …)`, for logging, analytics or a plugin that needs to know
  /// which mutation ran, not only that the state changed.
  ///
  /// ```swift
  /// final class TallyStore: CommitStore<CounterState> {
  ///   init() { super.init(state: CounterState()) }
  ///   func add(_ amount: Int) { commit(mutation: Self.add, payload: amount) }
  ///   private static func add(_ state: inout CounterState, _ amount: Int) { state.count += amount }
  /// }
  /// let tally = TallyStore()
  /// let analytics = tally.subscribeToCommits { commit, state in
  ///   print(commit.name, commit.payload ?? "none", state.count)  // add(_:) 5 5
  /// }
  /// tally.add(5)
  /// analytics.cancel()
  /// ```
  ///
  /// It is added to the live store as an innermost middleware (so it costs nothing until one is
  /// added), sees every commit that reached the state, in order, including the ones committed
  /// while another was being applied, and is removed when the token is cancelled or released.
  /// - Parameter observer: Called after each commit, with the commit and the new state.
  /// - Returns: A token; the subscription ends when it is cancelled or released.
  public final func subscribeToCommits(
    _ observer: @escaping (Commit<State>, State) -> Void
  ) -> Subscription {
    let added = engine.addMiddleware(
      Middleware(
        { context, commit, next in
          next(commit)
          observer(commit, context.state)
        }, isolation: nil))
    return Subscription { added.remove() }
  }
}
