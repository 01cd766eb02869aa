/// A value that must not leave the process in the clear: a token, a password, an address. Mark
/// it where it is declared, in the state or in an action's payload, and every place the library
/// writes it honours the mark: the logging middleware prints `<redacted>`, a test store's diff
/// shows `<redacted>` when the test asks for it, and an encoder that asks for redaction (the
/// one outputs such as recordings use) writes `"<redacted>"`. Persistence keeps the real value:
/// a saved state loads back whole.
///
/// As a property wrapper, the field reads and writes as its value; reducers do not change:
///
/// ```swift
/// struct Session: Equatable, Codable, Sendable {
///   var user = ""
///   @Redacted var token = ""
/// }
/// var session = Session()
/// session.token = "s3cr3t"
/// print(session)  // Session(user: "", _token: <redacted>)
/// ```
///
/// An action's payload is marked by its type: `case signIn(password: Redacted<String>)`.
///
/// One mark at the declaration, rather than a sanitizer closure per output: a field added
/// later is covered everywhere at once, and no output can be configured without it.
@propertyWrapper
public struct Redacted<Value> {
  /// The real value.
  public var wrappedValue: Value

  /// Marks a value.
  ///
  /// ```swift
  /// let password = Redacted(wrappedValue: "hunter2")
  /// ```
  /// - Parameter wrappedValue: The value to keep out of what the library writes.
  public init(wrappedValue: Value) {
    self.wrappedValue = wrappedValue
  }

  /// The mark itself, through `$field`: `state.$token` is the `Redacted<String>`.
  public var projectedValue: Self {
    get { self }
    set { self = newValue }
  }

  /// What every output writes in place of the value.
  public static var placeholder: String { "<redacted>" }
}

extension Redacted: CustomStringConvertible, CustomDebugStringConvertible {
  /// `<redacted>`, whatever the value: what `print`, string interpolation and the logging
  /// middleware show.
  public var description: String { Self.placeholder }
  /// `<redacted>`, also inside another value's description (which prints its fields this way).
  public var debugDescription: String { Self.placeholder }
}

extension Redacted: CustomReflectable {
  /// No children: `dump` and reflection-based printers see nothing of the value.
  public var customMirror: Mirror { Mirror(self, children: [:], displayStyle: .struct) }
}

extension Redacted: Equatable where Value: Equatable {}
extension Redacted: Hashable where Value: Hashable {}
extension Redacted: Sendable where Value: Sendable {}

extension Redacted: Encodable where Value: Encodable {
  /// The real value, as persistence needs it; `"<redacted>"` for an encoder whose `userInfo`
  /// has ``Swift/CodingUserInfoKey/redactsSensitiveValues`` set to `true`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    if encoder.userInfo[.redactsSensitiveValues] as? Bool == true {
      try container.encode(Self.placeholder)
    } else {
      try container.encode(wrappedValue)
    }
  }
}

extension Redacted: Decodable where Value: Decodable {
  /// The real value, as encoded without redaction.
  public init(from decoder: any Decoder) throws {
    wrappedValue = try decoder.singleValueContainer().decode(Value.self)
  }
}

extension CodingUserInfoKey {
  /// Set to `true` in an encoder's `userInfo` to write every ``Redacted`` value as
  /// `"<redacted>"`: for what leaves the process to be read by people or tools (recordings,
  /// logs), never for what must load back (persistence).
  ///
  /// ```swift
  /// let encoder = JSONEncoder()
  /// encoder.userInfo[.redactsSensitiveValues] = true
  /// ```
  public static let redactsSensitiveValues = CodingUserInfoKey(rawValue: "redux.redactsSensitiveValues")!
}

/// What every `Redacted` value is, whatever its `Value`: how a diff recognizes one.
protocol RedactedMark {}

extension Redacted: RedactedMark {}
