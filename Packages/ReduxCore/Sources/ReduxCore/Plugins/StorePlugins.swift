/// The plugins every store of an app gets: pass them once, around the code that makes the
/// stores, instead of to every store's initializer.
///
/// ```swift
/// let plugins = StorePlugins(CountActions(counts: counts))
/// let store = plugins.makingStores {
///   createStore(reducer: counterReducer, initialState: Counter())
/// }
/// store.dispatch(.increment)  // counted
/// ```
///
/// Every store made inside ``makingStores(_:)``, in any style, and in the tasks started there,
/// is prepared by each plugin in order (``StorePlugin/prepare(_:)``); stores made elsewhere are
/// not. It is a task-local value, not a global: two actors, two tests, two server sessions make
/// stores with their own plugins at once, and nothing can change the plugins of a store already
/// made. In an app, make the app's stores inside it (in the `App`'s initializer) and keep the
/// value in a constant for stores made later (a sheet's):
///
/// ```swift
/// @MainActor
/// struct AppStores {
///   static let plugins = StorePlugins(CountActions(counts: ActionCounts()))
///   let counter = AppStores.plugins.makingStores {
///     createStore(reducer: counterReducer, initialState: Counter())
///   }
/// }
/// ```
///
/// A child store derived from a store (`scope`, a list's element store) is not prepared: its
/// actions reach its parent's middlewares, so a plugin sees them once. A composed class-based
/// store is a store of its own, and is.
public struct StorePlugins: Sendable {
  /// The plugins, in the order they prepare a store.
  public let plugins: [any StorePlugin]

  /// The plugins the stores made here get: none outside ``makingStores(_:)``.
  @TaskLocal public static var current = StorePlugins([])

  /// Plugins that prepare each store in this order.
  ///
  /// ```swift
  /// let plugins = StorePlugins(CountActions(counts: counts))
  /// ```
  /// - Parameter plugins: The plugins; the first prepares a store first.
  public init(_ plugins: any StorePlugin...) {
    self.plugins = plugins
  }

  /// Plugins that prepare each store in this order.
  ///
  /// ```swift
  /// let plugins = StorePlugins([CountActions(counts: counts)])
  /// ```
  /// - Parameter plugins: The plugins; the first prepares a store first.
  public init(_ plugins: [any StorePlugin]) {
    self.plugins = plugins
  }

  /// Runs `body` with these plugins for every store it makes (and the tasks it starts make);
  /// they replace the plugins of an enclosing call.
  ///
  /// ```swift
  /// let store = plugins.makingStores { createStore(reducer: counterReducer, initialState: Counter()) }
  /// ```
  /// - Parameter body: The code that makes stores.
  /// - Returns: What `body` returned.
  public func makingStores<Result>(_ body: () throws -> Result) rethrows -> Result {
    try StorePlugins.$current.withValue(self, operation: body)
  }

  /// Runs async `body` with these plugins for every store it makes (and the tasks it starts
  /// make); they replace the plugins of an enclosing call.
  ///
  /// ```swift
  /// let loaded = await plugins.makingStores {
  ///   let store = createStore(reducer: counterReducer, initialState: Counter())
  ///   await Task.yield()
  ///   return store.getState()
  /// }
  /// ```
  /// - Parameters:
  ///   - isolation: Where `body` runs; leave the default, the caller's actor.
  ///   - body: The code that makes stores.
  /// - Returns: What `body` returned.
  public func makingStores<Result>(
    isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> Result
  ) async rethrows -> Result {
    try await StorePlugins.$current.withValue(self, operation: body, isolation: isolation)
  }
}
