/// A `StorePlugin` that also sees the action methods of every class-based store made with
/// it: Pinia's `store.$onAction` in a plugin, once for the whole app. It may add middlewares too
/// (`prepare(_:)`, which does nothing unless written), to see the commits of
/// class-based stores and the actions of the other styles.
///
/// Write one of its two hooks: `onAction(_:in:)` is told the store's name;
/// `onAction(_:of:)` is given the store itself and its state, as a Vuex plugin is.
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

  /// Called at the start of each action method of every class-based store made with the
  /// plugin, with the store and its state as the action starts (what a Vuex plugin gets).
  /// Written, it replaces ``onAction(_:in:)``, which it calls unless written.
  ///
  /// ```swift
  /// func onAction(_ call: ActionCall, of store: PluggedStore) {
  ///   if let tally = store.object as? TallyStore { print(call.name, tally.state.count) }
  /// }
  /// ```
  /// - Parameters:
  ///   - call: The call: its name, its arguments, and where to be told how it ends.
  ///   - store: The store: its name, the object, and its state now.
  func onAction(_ call: ActionCall, of store: PluggedStore)
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

  /// Does nothing: a plugin that writes ``onAction(_:of:)`` needs no other hook.
  ///
  /// ```swift
  /// struct Audit: ActionHookPlugin {
  ///   func onAction(_ call: ActionCall, of store: PluggedStore) { print(store.name, store.state) }
  /// }
  /// ```
  /// - Parameters:
  ///   - call: The call.
  ///   - store: The store's name.
  public func onAction(_ call: ActionCall, in store: String) {}

  /// Calls ``onAction(_:in:)`` with the store's name: a plugin that needs only the name writes
  /// that one.
  ///
  /// ```swift
  /// struct ActionLog: ActionHookPlugin {
  ///   func onAction(_ call: ActionCall, in store: String) { print(store, call.name) }
  /// }
  /// ```
  /// - Parameters:
  ///   - call: The call.
  ///   - store: The store.
  public func onAction(_ call: ActionCall, of store: PluggedStore) { onAction(call, in: store.name) }
}

/// A class-based store as an action hook plugin sees it: Vuex gives its plugins the store, and
/// the state through it. The plugin casts ``object`` to the store types it knows.
///
/// ```swift
/// func onAction(_ call: ActionCall, of store: PluggedStore) {
///   print(store.name, call.name, store.state)
/// }
/// ```
public struct PluggedStore {
  /// The store's name (its class), as ``ActionHookPlugin/onAction(_:in:)`` is told.
  public let name: String
  /// The store: cast it to its class (`store.object as? CartStore`) to call it or read it typed.
  public let object: AnyObject
  private let readState: () -> Any

  init(name: String, object: AnyObject, readState: @escaping () -> Any) {
    self.name = name
    self.object = object
    self.readState = readState
  }

  /// The store's state now, read without telling Observation (a plugin is no view).
  public var state: Any { readState() }
}

extension NonisolatedCommitStore {
  /// Lets the plugins of the code that makes the store prepare it, and installs the action
  /// hooks of those that have them (for the store's life: no token ends them).
  @usableFromInline
  final func applyPlugins() {
    let name = String(describing: type(of: self))
    guard let plugins = engine.applyPlugins(storeName: name, style: .classBased) else { return }
    loadedState = engine.untrackedState
    for case let plugin as any ActionHookPlugin in plugins.plugins {
      // Weak: the hook lives in the store, which must not keep itself.
      _ = actionHooksEndedByDispose().add { [weak self] call in
        guard let self else { return }
        let engine = self.engine
        plugin.onAction(call, of: PluggedStore(name: name, object: self) { engine.untrackedState })
      }
    }
  }
}
