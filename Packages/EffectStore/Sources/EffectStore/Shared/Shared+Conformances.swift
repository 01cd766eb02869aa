extension Shared: Equatable where Value: Equatable {
  /// Equal when the values are: a shared value is a value everywhere but where it is written.
  ///
  /// ```swift
  /// let equal = Shared(value: 1) == Shared(value: 1)  // true
  /// ```
  public static func == (lhs: Shared, rhs: Shared) -> Bool {
    lhs.access === rhs.access || lhs.access.peek() == rhs.access.peek()
  }
}

extension Shared: Hashable where Value: Hashable {
  /// Hashes the value, as `==` compares it.
  ///
  /// ```swift
  /// let set: Set = [Shared(value: 1)]
  /// ```
  public func hash(into hasher: inout Hasher) { hasher.combine(access.peek()) }
}

extension Shared: Encodable where Value: Encodable {
  /// Writes the value: a recording or a saved state holds the value, not the reference.
  ///
  /// ```swift
  /// let json = try JSONEncoder().encode(Shared(value: 3))  // 3
  /// ```
  public func encode(to encoder: any Encoder) throws { try access.peek().encode(to: encoder) }
}

extension Shared: Decodable where Value: Decodable {
  /// Reads a value into a shared value of its own (``Shared/init(value:)``), held by no key.
  ///
  /// ```swift
  /// let count = try JSONDecoder().decode(Shared<Int>.self, from: Data("3".utf8))
  /// ```
  public init(from decoder: any Decoder) throws { self.init(value: try Value(from: decoder)) }
}

extension Shared: CustomStringConvertible {
  /// The value's description: a log shows a shared field as any other.
  ///
  /// ```swift
  /// print(Shared(value: 3))  // 3
  /// ```
  public var description: String { String(describing: access.peek()) }
}

extension Shared: CustomReflectable {
  /// The value's mirror: a diff or a dump shows a shared field's value.
  ///
  /// ```swift
  /// dump(Shared(value: 3))
  /// ```
  public var customMirror: Mirror { Mirror(reflecting: access.peek()) }
}

/// A field holding a shared value, found by a test store's failure message in a state it walks.
package protocol SharedField {
  /// The root the field reaches.
  var sharedRoot: ObjectIdentifier { get }
}

extension Shared: SharedField {
  package var sharedRoot: ObjectIdentifier { ObjectIdentifier(access.root) }
}
