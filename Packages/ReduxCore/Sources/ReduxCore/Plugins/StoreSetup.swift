/// A store as a ``StorePlugin`` sees it while the store is being made: what it is, the state it
/// will start from, and the middlewares the plugins add.
///
/// ```swift
/// func prepare<State, Action>(_ store: inout StoreSetup<State, Action>) {
///   guard store.style == .classBased else { return }
///   store.add(.logging(label: store.name))
/// }
/// ```
public struct StoreSetup<State, Action> {
  /// The store's name: a class-based store's class (`"CartStore"`), the state's type for the
  /// other styles (`"CartState"`). Two stores of one name share it: a plugin that keeps
  /// something per name (a file) should say so to its users.
  public let name: String
  /// The store's style.
  public let style: Style
  /// The state the store starts from: the one its initializer was given, or what a plugin
  /// before this one put here. Set it to start the store from a restored state; its observers
  /// see it as the store's first state (no action, no change).
  public var state: State
  /// The middlewares the plugins added, in order.
  var middlewares: [Middleware<State, Action>] = []

  /// The three styles of store.
  public enum Style: String, Sendable {
    /// `FunctionalStore`'s `ReduxStore`.
    case functional
    /// `ClassStore`'s `CommitStore` and `NonisolatedCommitStore`.
    case classBased = "class-based"
    /// `EffectStore`'s `FeatureStore`.
    case reducerEffect = "reducer/effect"
  }

  init(name: String, style: Style, state: State) {
    self.name = name
    self.style = style
    self.state = state
  }

  /// Adds a middleware to the store. Plugins' middlewares run innermost, nearest the state
  /// change, in the order added: they see the actions the store's own middlewares let through
  /// (a thunk has already run; an action a middleware dropped never comes), as a middleware added
  /// to the live store does.
  ///
  /// ```swift
  /// func prepare<State, Action>(_ store: inout StoreSetup<State, Action>) {
  ///   let name = store.name
  ///   store.add(Middleware { _, action, next in
  ///     next(action)
  ///     print(name, "after", action)
  ///   })
  /// }
  /// ```
  /// - Parameter middleware: The middleware; make it here, outside any actor.
  public mutating func add(_ middleware: Middleware<State, Action>) {
    middlewares.append(middleware)
  }
}
