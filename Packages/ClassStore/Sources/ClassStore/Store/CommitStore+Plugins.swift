/// A `StorePlugin` that also sees the action methods of every class-based store made with
/// it: Pinia's `store.$onAction` in a plugin, once for the whole app. It may add middlewares too
/// (`prepare(_:)`, which does nothing unless written), to see the commits of
/// class-based stores and the actions of the other styles.
///
/// ```swift
/// struct ActionLog: ActionHookPlugin {
///   func onAction(_ call: ActionCall, in store: String) {
///     print(store, call.name)
///   }
/// }
///
/// let plugins = StorePlugins(ActionLog())
/// let tally = plugins.makingStores { TallyStore() }
/// tally.increment()  // TallyStore increment()
/// ```
public protocol ActionHookPlugin: StorePlugin {
  /// Called at the start of each action method (marked `action { }`) of every class-based
  /// store made with the plugin, as a hook of ``NonisolatedCommitStore/onAction(_:)`` is.
  ///
  /// ```swift
  /// func onAction(_ call: ActionCall, in store: String) {
  ///   call.onError { error in print(store, call.name, "failed:", error) }
  /// }
  /// ```
  /// - Parameters:
  ///   - call: The call: its name, its arguments, and where to be told how it ends.
  ///   - store: The store's name (its class).
  func onAction(_ call: ActionCall, in store: String)
}

extension ActionHookPlugin {
  /// Adds nothing: an action hook plugin needs no middleware unless it writes this.
  ///
  /// ```swift
  /// struct ActionLog: ActionHookPlugin {
  ///   func onAction(_ call: ActionCall, in store: String) { print(store, call.name) }
  ///   // no `prepare`: the stores get no middleware from it
  /// }
  /// ```
  /// - Parameter store: The store being made.
  public func prepare<State, Action>(_ store: inout StoreSetup<State, Action>) {}
}

extension NonisolatedCommitStore {
  /// Lets the plugins of the code that makes the store prepare it, and installs the action
  /// hooks of those that have them (for the store's life: no token ends them).
  @usableFromInline
  final func applyPlugins() {
    let name = String(describing: type(of: self))
    guard let plugins = engine.applyPlugins(storeName: name, style: .classBased) else { return }
    for case let plugin as any ActionHookPlugin in plugins.plugins {
      _ = actionHooksEndedByDispose().add { call in plugin.onAction(call, in: name) }
    }
  }
}
