/// The states of the stores added to a class-based store while it runs (Vuex's
/// `registerModule`), by name: declare one in the parent's state, once, and each module's state
/// appears here while the module is in.
///
/// ```swift
/// struct ShopState: Equatable, Sendable {
///   var title = "Shop"
///   var modules = StoreModules()
/// }
///
/// let cartState = shop.state.modules["cart", as: CartState.self]
/// ```
///
/// Two values are equal when they hold the same names with equal states (a state that is not
/// `Equatable` is never equal, so a change to it is always told).
public struct StoreModules: Equatable, Sendable, CustomStringConvertible {
  /// Each module's state, by name.
  private var states: [String: any Sendable] = [:]

  /// No modules.
  ///
  /// ```swift
  /// var modules = StoreModules()
  /// ```
  public init() {}

  /// The names of the modules in, sorted.
  public var names: [String] { states.keys.sorted() }

  /// Whether a module of this name is in.
  ///
  /// ```swift
  /// if shop.state.modules.contains("cart") { print("the cart is open") }
  /// ```
  /// - Parameter name: The module's name.
  /// - Returns: Whether it is in.
  public func contains(_ name: String) -> Bool { states[name] != nil }

  /// The state of the module `name`, if it is in and of type `type`.
  ///
  /// ```swift
  /// let items = shop.state.modules["cart", as: CartState.self]?.items ?? []
  /// ```
  public subscript<ModuleState>(name: String, as type: ModuleState.Type) -> ModuleState? {
    states[name] as? ModuleState
  }

  /// Sets or removes (`nil`) a module's state.
  mutating func set(_ name: String, to state: (any Sendable)?) {
    states[name] = state
  }

  /// Each module's name and state, by name: `[cart: CartState(items: ["tea"])]`.
  public var description: String {
    "[" + names.map { "\($0): \(states[$0]!)" }.joined(separator: ", ") + "]"
  }

  /// Whether both hold the same names, each with an equal state of one `Equatable` type.
  ///
  /// ```swift
  /// StoreModules() == StoreModules()  // true
  /// ```
  public static func == (lhs: StoreModules, rhs: StoreModules) -> Bool {
    guard lhs.states.count == rhs.states.count else { return false }
    for (name, state) in lhs.states {
      guard let other = rhs.states[name], let equal = sameValue(state, other), equal else { return false }
    }
    return true
  }

  /// Whether two module states are of one `Equatable` type and equal.
  private static func sameValue(_ lhs: any Sendable, _ rhs: any Sendable) -> Bool? {
    func open<Value>(_ lhs: Value) -> Bool? {
      guard let rhs = rhs as? Value else { return false }
      return equalIfEquatable(lhs, rhs)
    }
    return open(lhs)
  }
}
