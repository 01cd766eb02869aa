public import ReduxCore

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// Where a ``Shared`` value lives, and so which values are the same one: every `Shared` made
/// with equal keys (in one ``SharedStorage``) holds one value.
///
/// ```swift
/// struct Session: Equatable, Sendable {
///   @Shared(.inMemory("signedInUser")) var user = "Blob"
/// }
/// ```
public struct SharedKey<Value: Sendable>: Sendable, CustomStringConvertible {
  /// What makes two keys the same: the kind, the name or file, and the value's type.
  let id: SharedKeyID
  /// How a failure message names the value: `.inMemory("count")`, `.file(…)`.
  public let description: String
  /// Makes the root of a value not in the storage yet, from the value the declaration gives.
  let makeRoot: @Sendable (_ initial: Value, _ storage: SharedStorage) -> SharedRoot<Value>

  /// A value kept in memory, by name, for the life of the process (of the test, in a test).
  ///
  /// ```swift
  /// struct Session: Equatable, Sendable {
  ///   @Shared(.inMemory("signedInUser")) var user = "Blob"
  /// }
  /// ```
  /// - Parameter name: The name every holder of the value uses.
  /// - Returns: The key.
  public static func inMemory(_ name: String) -> SharedKey {
    let description = ".inMemory(\"\(name)\")"
    return SharedKey(
      id: SharedKeyID(kind: .memory(name), type: ObjectIdentifier(Value.self)), description: description
    ) {
      initial, _ in SharedRoot(initial, keyDescription: description)
    }
  }
}

extension SharedKey where Value: Codable {
  /// A value saved to a JSON file: loaded when the first holder is made, saved after each
  /// write, away from the writer (atomically, to a file only the owner reads), with what
  /// `StatePersistence` promises: a corrupt file is moved aside and reported, never
  /// overwritten; a second writer of the file is refused while the first one holds its lock.
  ///
  /// ```swift
  /// struct SyncUpsList: Equatable, Sendable {
  ///   @Shared(.file(syncUpsURL)) var syncUps: IdentifiedArrayOf<SyncUp> = []
  /// }
  /// ```
  ///
  /// In a test (Swift Testing or XCTest), the file is neither read nor written: the value is
  /// kept in memory, by test (see ``SharedStorage``), unless the test binds a storage of its own.
  /// - Parameters:
  ///   - url: The file.
  ///   - schemaVersion: The version of the value's shape (see `StatePersistence`).
  ///   - checkingEvery: How often a process that does not write the file (another process
  ///     holds its lock) reads it again, to see that process's saves; `nil` never does.
  ///   - onError: Told what went wrong with the file; prints it by default.
  /// - Returns: The key.
  public static func file(
    _ url: URL, schemaVersion: Int = 1, checkingEvery: Duration? = nil,
    onError: @escaping @Sendable (PersistenceError) -> Void = { print("Shared value:", $0) }
  ) -> SharedKey {
    let description = ".file(\(url.path))"
    return SharedKey(
      id: SharedKeyID(kind: .file(url.standardizedFileURL.path), type: ObjectIdentifier(Value.self)),
      description: description
    ) { initial, storage in
      guard storage.writesFiles else { return SharedRoot(initial, keyDescription: description) }
      return SharedFile(url: url, schemaVersion: schemaVersion, onError: onError)
        .root(initial: initial, description: description, checkingEvery: checkingEvery)
    }
  }
}

/// What makes two ``SharedKey``s the same.
struct SharedKeyID: Hashable, Sendable {
  enum Kind: Hashable, Sendable {
    case memory(String)
    case file(String)
    case defaults(suite: String?, key: String)
  }
  let kind: Kind
  let type: ObjectIdentifier
}

extension SharedKey {
  /// A key with the value its holders start from when its storage has none, declared once with
  /// the key, so that a declaration needs no default of its own (`@Shared(.syncUps) var syncUps`).
  /// TCA's `SharedKey.Default`.
  ///
  /// ```swift
  /// extension SharedKey<IdentifiedArrayOf<SyncUp>>.Default {
  ///   static var syncUps: Self { Self(.file(syncUpsURL), default: []) }
  /// }
  /// struct SyncUpsList: Equatable, Sendable {
  ///   @Shared(.syncUps) var syncUps: IdentifiedArrayOf<SyncUp>
  /// }
  /// ```
  public struct Default: Sendable, CustomStringConvertible {
    /// Where the value lives.
    public let key: SharedKey
    /// The value when the storage has none.
    let defaultValue: @Sendable () -> Value

    /// A key and the value its holders start from when its storage has none.
    ///
    /// ```swift
    /// let count = SharedKey<Int>.Default(.inMemory("count"), default: 0)
    /// ```
    /// - Parameters:
    ///   - key: Where the value lives.
    ///   - defaultValue: The value when the storage has none (read only then).
    public init(_ key: SharedKey, default defaultValue: @autoclosure @escaping @Sendable () -> Value) {
      self.key = key
      self.defaultValue = defaultValue
    }

    /// The key's description.
    public var description: String { key.description }
  }
}
