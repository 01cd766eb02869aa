/// The dependencies in force where a reducer or an effect runs: the live values, with what the
/// store, a parent feature or a test replaced. Extend it with a property per dependency (see
/// ``DependencyKey``).
///
/// There is no global: the values in force are a task-local value each store binds while its
/// reducer runs and gives the tasks its effects run in, so two stores on two actors, or two
/// tests at once, each see their own.
///
/// ```swift
/// var values = DependencyValues()
/// values.numberFacts = NumberFacts { _ in "a test fact" }
/// ```
public struct DependencyValues: Sendable {
  /// The values set, by key.
  private var storage: [ObjectIdentifier: any Sendable] = [:]
  /// Told the name of a key read but never set, in a test store's values; `nil` elsewhere.
  package var reportUnprovided: (@Sendable (_ key: String) -> Void)?

  /// The values in force here: bound by the store whose reducer or effect is running.
  @TaskLocal public static var current = DependencyValues()

  /// No value set: every dependency reads as its live value.
  ///
  /// ```swift
  /// let values = DependencyValues()
  /// ```
  public init() {}

  /// The dependency of `key`: the value set, else its live value (in a test store, its test
  /// value, or the test fails).
  ///
  /// ```swift
  /// let facts = DependencyValues.current[NumberFactsKey.self]
  /// ```
  public subscript<Key: DependencyKey>(key: Key.Type) -> Key.Value {
    get {
      if let value = storage[ObjectIdentifier(key)] as? Key.Value { return value }
      if let reportUnprovided {
        if let test = Key.testValue { return test }
        reportUnprovided(String(describing: Key.self))
      }
      return Key.liveValue
    }
    set { storage[ObjectIdentifier(key)] = newValue }
  }

  /// Whether nothing is set and nothing is reported: binding these changes nothing.
  @usableFromInline var isEmpty: Bool { storage.isEmpty && reportUnprovided == nil }

  /// These values with `update` applied.
  @usableFromInline func with(_ update: (inout DependencyValues) -> Void) -> DependencyValues {
    var values = self
    update(&values)
    return values
  }
}
