/// Optional child state kept on the heap, so that a feature can present itself (a folder that
/// opens a subfolder of the same kind): TCA's `@Presents`, which boxes its value for the same
/// reason. A struct cannot hold an optional of itself directly; through this wrapper it can.
/// It is a value like any other (copied on write), compared, hashed and coded as the optional
/// it wraps, and shown as that optional in diffs and test failures.
///
/// ```swift
/// struct Folder: Equatable, Sendable {
///   var name: String
///   @Presented var subfolder: Folder?
/// }
/// var root = Folder(name: "/")
/// root.subfolder = Folder(name: "docs")
/// print(root.subfolder?.name ?? "none")  // docs
/// ```
///
/// ``IfLet`` and the `.ifLet` modifier take the wrapped property's key path (`\.subfolder`).
@propertyWrapper
public struct Presented<Value> {
  /// An indirect case: its payload lives in a box, which gives the wrapper a fixed size
  /// whatever `Value` holds.
  @usableFromInline
  indirect enum Storage {
    case empty
    case value(Value)
  }

  @usableFromInline var storage: Storage

  /// The child state, or `nil` when nothing is presented.
  @inlinable
  public var wrappedValue: Value? {
    get {
      if case .value(let value) = storage { return value }
      return nil
    }
    set { storage = newValue.map(Storage.value) ?? .empty }
  }

  /// Wraps `wrappedValue`.
  ///
  /// ```swift
  /// let nothing = Presented<String>(wrappedValue: nil)
  /// ```
  /// - Parameter wrappedValue: The child state, or `nil`.
  @inlinable
  public init(wrappedValue: Value?) {
    storage = wrappedValue.map(Storage.value) ?? .empty
  }
}

extension Presented: Equatable where Value: Equatable {
  /// Whether the wrapped optionals are equal.
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.wrappedValue == rhs.wrappedValue }
}

extension Presented: Hashable where Value: Hashable {
  /// Hashes the wrapped optional.
  public func hash(into hasher: inout Hasher) { hasher.combine(wrappedValue) }
}

extension Presented: Sendable where Value: Sendable {}
extension Presented.Storage: Sendable where Value: Sendable {}

extension Presented: Codable where Value: Codable {
  /// Decodes the optional child state.
  public init(from decoder: any Decoder) throws {
    self.init(wrappedValue: try decoder.singleValueContainer().decode(Value?.self))
  }

  /// Encodes the optional child state.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(wrappedValue)
  }
}

extension Presented: CustomReflectable {
  /// The wrapped optional, as diffs, logs and test failures show it.
  public var customMirror: Mirror { Mirror(reflecting: wrappedValue as Any) }
}
