/// The shape of a persisted file: the schema version beside the state.
///
/// Decode an old file with it in a migration:
///
/// ```swift
/// struct OldCounter: Codable { var value: Int }
///
/// let persistence = StatePersistence<Counter>(fileURL: url, schemaVersion: 2) { version, data in
///   let old = try JSONDecoder().decode(PersistedState<OldCounter>.self, from: data)
///   return Counter(count: old.state.value)
/// }
/// ```
public struct PersistedState<Value: Codable>: Codable {
  /// The version of the state's shape that wrote the file.
  public var schemaVersion: Int
  /// The state.
  public var state: Value

  /// Wraps a state with its schema version.
  ///
  /// ```swift
  /// let file = PersistedState(schemaVersion: 1, state: Counter())
  /// ```
  /// - Parameters:
  ///   - schemaVersion: The version of the state's shape.
  ///   - state: The state.
  public init(schemaVersion: Int, state: Value) {
    self.schemaVersion = schemaVersion
    self.state = state
  }
}

extension PersistedState: Sendable where Value: Sendable {}

/// Reads only the version, to decide how to decode the rest.
struct SchemaVersionProbe: Decodable {
  var schemaVersion: Int
}
