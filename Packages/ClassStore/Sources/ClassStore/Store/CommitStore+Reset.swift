extension NonisolatedCommitStore {
  /// Puts back the state the store was made with, as one commit named `reset()` (Pinia's
  /// `$reset`): middlewares, the hooks around every commit and observers see it as any other
  /// commit, so persistence saves it and a history can undo it.
  ///
  /// ```swift
  /// final class FormStore: CommitStore<CounterState> {
  ///   init() { super.init(state: CounterState()) }
  ///   func increment() { commit { $0.count += 1 } }
  /// }
  /// let form = FormStore()
  /// form.increment()
  /// form.reset()  // form.state.count == 0
  /// ```
  public final func reset() {
    let initial = initialState
    commit("reset()") { $0 = initial }
  }

  /// Replaces the whole state with `state`, as one commit named `reset(to:)`.
  ///
  /// ```swift
  /// final class FormStore: CommitStore<CounterState> {
  ///   init() { super.init(state: CounterState()) }
  /// }
  /// FormStore().reset(to: CounterState(count: 5))
  /// ```
  /// - Parameter state: The new state.
  public final func reset(to state: State) {
    commit("reset(to:)") { $0 = state }
  }
}
