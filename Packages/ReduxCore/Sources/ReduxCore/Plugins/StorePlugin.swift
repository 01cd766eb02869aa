/// Something every store of an app gets when it is made, whatever its style, state and action:
/// an analytics middleware, persistence of every store, a restored state. Pinia's
/// `pinia.use(plugin)`, with no global: the plugins reach the stores made inside
/// ``StorePlugins/makingStores(_:)`` (see ``StorePlugins``).
///
/// A plugin is told of each store once, as the store is made, before anything has seen its state
/// or sent it an action. It may replace the state (restore what was saved) and add middlewares;
/// it sees the store's name and style to decide, and may leave a store alone.
///
/// ```swift
/// struct CountActions: StorePlugin {
///   let counts: ActionCounts
///
///   func prepare<State, Action>(_ store: inout StoreSetup<State, Action>) {
///     let counts = counts
///     let name = store.name
///     store.add(Middleware { _, action, next in
///       counts.add(1, for: name)
///       next(action)
///     })
///   }
/// }
/// ```
///
/// > Note: `prepare` runs in the isolation domain of the code that makes the store, inside its
/// > initializer, synchronously: keep it short (it runs once per store). A middleware it makes
/// > there is made outside any actor and works with a store on any actor.
public protocol StorePlugin: Sendable {
  /// Prepares one store as it is made: read `store.name` and `store.style`, replace
  /// `store.state`, add middlewares.
  ///
  /// ```swift
  /// func prepare<State, Action>(_ store: inout StoreSetup<State, Action>) {
  ///   store.add(Middleware { _, action, next in next(action) })
  /// }
  /// ```
  /// - Parameter store: The store being made.
  func prepare<State, Action>(_ store: inout StoreSetup<State, Action>)
}
