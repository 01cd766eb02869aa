extension StoreEngine {
  /// Lets the plugins of the code that makes the store (``StorePlugins/current``) prepare it:
  /// called by each style's initializer once the engine exists and before anything sees the
  /// state. Costs one task-local read when there are none.
  ///
  /// ```swift
  /// engine.applyPlugins(storeName: String(describing: State.self), style: .functional)
  /// ```
  /// - Parameters:
  ///   - storeName: What plugins see as ``StoreSetup/name``.
  ///   - style: The store's style.
  /// - Returns: The plugins that prepared the store; `nil` when there were none.
  @usableFromInline
  @discardableResult
  package func applyPlugins(
    storeName: @autoclosure () -> String, style: StoreSetup<State, Action>.Style
  ) -> StorePlugins? {
    let plugins = StorePlugins.current
    if plugins.plugins.isEmpty { return nil }
    var setup = StoreSetup<State, Action>(name: storeName(), style: style, state: core.state)
    for plugin in plugins.plugins { plugin.prepare(&setup) }
    core.storedState = setup.state
    for middleware in setup.middlewares { _ = addMiddleware(middleware) }
    return plugins
  }
}
