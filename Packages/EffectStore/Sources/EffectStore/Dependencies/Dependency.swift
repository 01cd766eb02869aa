/// Reads a dependency where it is needed, in a reducer or inside an effect: TCA's `@Dependency`.
///
/// ```swift
/// struct Facts: Reducer {
///   @Dependency(\.numberFacts) var numberFacts
///
///   func reduce(into state: inout CounterState, action: CounterAction) -> Effect<CounterAction> {
///     switch action {
///     case .load:
///       let count = state.count
///       return .run { [numberFacts] send in
///         await send(.factsLoaded([await numberFacts.fact(count)]))
///       }
///     default:
///       return .none
///     }
///   }
/// }
/// ```
///
/// The value is read each time the property is, from the values in force
/// (``DependencyValues/current``): the store's, a parent feature's override, a test's.
@propertyWrapper
public struct Dependency<Value: Sendable>: Sendable {
  private let keyPath: any KeyPath<DependencyValues, Value> & Sendable

  /// Reads the dependency at `keyPath` of ``DependencyValues``.
  ///
  /// ```swift
  /// struct FactReader {
  ///   @Dependency(\.numberFacts) var numberFacts
  /// }
  /// ```
  /// - Parameter keyPath: The dependency's property.
  public init(_ keyPath: any KeyPath<DependencyValues, Value> & Sendable) {
    self.keyPath = keyPath
  }

  /// The dependency in force here.
  public var wrappedValue: Value { DependencyValues.current[keyPath: keyPath] }
}
