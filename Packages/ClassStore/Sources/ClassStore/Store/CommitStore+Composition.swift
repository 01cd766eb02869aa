extension NonisolatedCommitStore {
  /// Composes a child store into this one: its state is mirrored into a part of this store's
  /// state, now and after each of its changes, so observers of this store see the whole.
  ///
  /// The child keeps its own actions and mutations; call them on the child. The mirror lasts as
  /// long as this store.
  ///
  /// ```swift
  /// final class AppStore: CommitStore<AppState> {
  ///   let counter = CounterStore()
  ///   init() {
  ///     super.init(state: AppState())
  ///     compose(counter, into: \.counter)
  ///   }
  /// }
  /// ```
  /// - Parameters:
  ///   - child: A store of any style.
  ///   - keyPath: Where its state goes in this store's state.
  public final func compose<Child: StateStore>(
    _ child: Child, into keyPath: WritableKeyPath<State, Child.State>
  ) {
    let name = "compose(\(Child.self))"
    commit(name) { $0[keyPath: keyPath] = child.engine.untrackedState }
    // A plain subscriber: it keeps no copy of the child's state, so a big child state is never
    // copied to be mirrored.
    let mirror = child.subscribe { [weak self] (childState: Child.State) in
      self?.commit(name) { $0[keyPath: keyPath] = childState }
    }
    if childSubscriptions.isEmpty && addedModules.isEmpty {
      engine.whenDisposed { [weak self] in self?.endMirrors() }
    }
    childSubscriptions.append(mirror)
  }
}
