/// Declares a dependency effects use (an API client, a clock, a UUID maker): its type, the value
/// an app gets, and the value a test gets unless it provides one.
///
/// ```swift
/// struct NumberFacts: Sendable {
///   var fact: @Sendable (Int) async -> String
/// }
///
/// enum NumberFactsKey: DependencyKey {
///   static let liveValue = NumberFacts { number in "\(number) is a number" }
/// }
///
/// extension DependencyValues {
///   var numberFacts: NumberFacts {
///     get { self[NumberFactsKey.self] }
///     set { self[NumberFactsKey.self] = newValue }
///   }
/// }
/// ```
///
/// A reducer reads it with ``Dependency`` (`@Dependency(\.numberFacts) var facts`); a store or
/// a child feature overrides it (``FeatureStore/init(initialState:reducer:initialAction:middlewares:dependencies:isolation:)``,
/// ``Reducer/dependency(_:_:)``). A test store fails a test that reads a dependency it was not
/// given, unless the key has a ``testValue``.
public protocol DependencyKey {
  /// The dependency's type.
  associatedtype Value: Sendable
  /// What an app gets when no store or feature overrides it.
  static var liveValue: Value { get }
  /// What a test store gets when the test does not provide it; `nil` (the default) makes such
  /// a read fail the test, so no test reaches the network by accident.
  static var testValue: Value? { get }
}

extension DependencyKey {
  /// None: a test must provide the dependency.
  ///
  /// ```swift
  /// NumberFactsKey.testValue  // nil
  /// ```
  public static var testValue: Value? { nil }
}
