#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// How to read a file written by an older version of the state: decode it with the type that
/// version used, and convert it to today's state.
///
/// Give ``StatePersistence`` one per older version you still want to read:
///
/// ```swift
/// struct CounterV1: Codable { var value: Int }
///
/// let persistence = StatePersistence<Counter>(
///   fileURL: folder.appendingPathComponent("counter.json"), schemaVersion: 2,
///   migrations: [.from(1, decoding: CounterV1.self) { old in Counter(count: old.value) }])
/// ```
///
/// Each migration goes straight to the current state; when the state changes again, chain the
/// conversions you already have (`{ v1 in convertV2(convertV1(v1)) }`).
public struct StateMigration<State>: Sendable {
  /// The schema version of the files this migration reads.
  public let version: Int
  let convert: @Sendable (Data) throws -> State

  /// A migration from the files of `version`, whose state was a `Old`.
  ///
  /// ```swift
  /// let migration = StateMigration<Counter>.from(1, decoding: CounterV1.self) { old in
  ///   Counter(count: old.value)
  /// }
  /// ```
  /// - Parameters:
  ///   - version: The schema version it reads.
  ///   - decoding: The type of the state in those files.
  ///   - convert: Makes today's state from the old one; throw to refuse (the file is kept).
  /// - Returns: The migration.
  public static func from<Old: Codable & Sendable>(
    _ version: Int, decoding: Old.Type, _ convert: @escaping @Sendable (Old) throws -> State
  ) -> StateMigration {
    StateMigration(version: version) { data in
      try convert(JSONDecoder().decode(PersistedState<Old>.self, from: data).state)
    }
  }
}
