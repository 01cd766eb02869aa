extension NonisolatedCommitStore {
  /// Puts back the state the initializer gave (`super.init(state:)`), as one commit named
  /// `reset()`: Pinia's `$reset`, which returns to the store's defaults. A store whose
  /// plugin restored a saved state (`PersistencePlugin`) returns to the defaults, not to what
  /// was restored: that is ``resetToLoaded()``. Middlewares, the hooks around every commit and
  /// observers see it as any other commit, so persistence saves it and a history can undo it.
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
  ///
  /// A store that loads its file in its own initializer
  /// (`super.init(state: persistence.load(orInitial: CounterState()) { _ in })`) gave the loaded
  /// state: its defaults are `reset(to: CounterState())`.
  public final func reset() {
    let initial = initialState
    commit("reset()") { $0 = initial }
  }

  /// Puts back the state the store started from: the one its plugins restored as it was made
  /// (a saved state, with `PersistencePlugin`), else the one the initializer gave. One commit,
  /// named `resetToLoaded()`: the changes since launch are undone, the saved ones kept.
  ///
  /// ```swift
  /// import Foundation
  ///
  /// struct Settings: Codable, Equatable, Sendable { var volume = 5 }
  /// final class SettingsStore: CommitStore<Settings> {
  ///   init() { super.init(state: Settings()) }
  ///   func louder() { commit { $0.volume += 1 } }
  /// }
  /// let plugins = StorePlugins(PersistencePlugin(folder: URL(fileURLWithPath: "/tmp/app")))
  /// let settings = plugins.makingStores { SettingsStore() }  // volume 8, as saved
  /// settings.louder()
  /// settings.resetToLoaded()  // volume 8 again; settings.reset() makes it 5
  /// ```
  public final func resetToLoaded() {
    let loaded = loadedState ?? initialState
    commit("resetToLoaded()") { $0 = loaded }
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
