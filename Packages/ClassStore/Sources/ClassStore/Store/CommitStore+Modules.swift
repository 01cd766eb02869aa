extension NonisolatedCommitStore {
  /// Adds a store to this one while it runs, under `name` (Vuex's `registerModule`): its state
  /// is mirrored into `modules[name]` now and after each of its changes, so this store's
  /// observers see it, until ``removeModule(named:keepingState:)``. This store keeps the module
  /// alive meanwhile; call the module's actions on the module.
  ///
  /// A name already in use is replaced: the old module is removed first. For a child known when
  /// the store is written, ``compose(_:into:)`` into a field of its own is simpler and typed.
  ///
  /// ```swift
  /// let cart = CartStore()
  /// shop.addModule(cart, named: "cart", in: \.modules)
  /// cart.add("tea")
  /// print(shop.state.modules["cart", as: CartState.self]?.items ?? [])  // ["tea"]
  /// ```
  ///
  /// With `preservingState: true` (Vuex's `preserveState`), a state already under `name` (kept
  /// by an earlier `removeModule(named:keepingState: true)`, or restored with this store's saved
  /// state) is given back to the module, which goes on from it, rather than replaced by the
  /// module's own:
  ///
  /// ```swift
  /// shop.removeModule(named: "cart", keepingState: true)
  /// let newCart = CartStore()
  /// shop.addModule(newCart, named: "cart", in: \.modules, preservingState: true)
  /// newCart.state.items  // what the first cart held
  /// ```
  /// - Parameters:
  ///   - module: A store of any style whose state is `Sendable`.
  ///   - name: Its name in `modules`.
  ///   - keyPath: Where this store's state keeps its ``StoreModules``.
  ///   - preservingState: Whether a state of the module's type already under `name` is given
  ///     to the module. Without one, the module keeps its own.
  public final func addModule<Module: StateStore>(
    _ module: Module, named name: String, in keyPath: WritableKeyPath<State, StoreModules>,
    preservingState: Bool = false
  ) where Module.State: Sendable {
    if addedModules[name] != nil { removeModule(named: name) }
    if preservingState, let kept = engine.untrackedState[keyPath: keyPath][name, as: Module.State.self] {
      module.engine.travel(to: kept, operation: "addModule(_:named: \"\(name)\", in:preservingState: true)")
    }
    let commitName = "addModule(\(name))"
    commit(commitName) { $0[keyPath: keyPath].set(name, to: module.engine.untrackedState) }
    let mirror = module.subscribe { [weak self] (moduleState: Module.State) in
      self?.commit("module(\(name))") { $0[keyPath: keyPath].set(name, to: moduleState) }
    }
    if addedModules.isEmpty && childSubscriptions.isEmpty {
      engine.whenDisposed { [weak self] in self?.endMirrors() }
    }
    addedModules[name] = AddedModule(store: module, mirror: mirror) { [weak self] keepingState in
      if !keepingState {
        self?.commit("removeModule(\(name))") { $0[keyPath: keyPath].set(name, to: nil) }
      }
    }
  }

  /// Removes the module added under `name` (Vuex's `unregisterModule`): its changes are no
  /// longer mirrored, and its state leaves `modules` in one commit, unless kept (Vuex's
  /// `preserveState`: the last state stays, unchanged from then on). The module itself goes
  /// when nothing else holds it. A name with no module does nothing.
  ///
  /// ```swift
  /// shop.removeModule(named: "cart")
  /// shop.hasModule(named: "cart")  // false
  /// ```
  /// - Parameters:
  ///   - name: The module's name.
  ///   - keepingState: Whether its last state stays in `modules`.
  public final func removeModule(named name: String, keepingState: Bool = false) {
    guard let module = addedModules.removeValue(forKey: name) else { return }
    module.mirror.cancel()
    module.removeState(keepingState)
  }

  /// Whether a module is in under `name` (Vuex's `hasModule`).
  ///
  /// ```swift
  /// if !shop.hasModule(named: "cart") { shop.addModule(CartStore(), named: "cart", in: \.modules) }
  /// ```
  /// - Parameter name: The module's name.
  /// - Returns: Whether one is in.
  public final func hasModule(named name: String) -> Bool { addedModules[name] != nil }

  /// The module added under `name`, as the store type it is.
  ///
  /// ```swift
  /// shop.module(named: "cart", as: CartStore.self)?.add("tea")
  /// ```
  /// - Parameters:
  ///   - name: The module's name.
  ///   - type: The module's store type.
  /// - Returns: The module; `nil` when none is in under that name, or it is of another type.
  public final func module<Module: StateStore>(named name: String, as type: Module.Type) -> Module? {
    addedModules[name]?.store as? Module
  }

  /// Ends the mirrors of composed stores and modules (``dispose()``).
  func endMirrors() {
    for subscription in childSubscriptions { subscription.cancel() }
    for module in addedModules.values { module.mirror.cancel() }
  }
}

/// A store added with ``NonisolatedCommitStore/addModule(_:named:in:)``: kept alive, mirrored,
/// and how its state leaves its parent's.
final class AddedModule {
  let store: AnyObject
  let mirror: Subscription
  let removeState: (_ keepingState: Bool) -> Void

  init(store: AnyObject, mirror: Subscription, removeState: @escaping (Bool) -> Void) {
    self.store = store
    self.mirror = mirror
    self.removeState = removeState
  }
}
