#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// Saves a store's state to a JSON file after every change and loads it back at launch.
///
/// Nothing is lost: a missing file leaves the store on its initial state; a file that cannot be
/// decoded, or that comes from another schema version with no migration, is moved aside (never
/// overwritten) and reported with a ``PersistenceError`` that says where it went.
///
/// ```swift
/// let persistence = StatePersistence<Counter>(fileURL: url)
/// let initial = persistence.load(orInitial: Counter()) { error in print(error) }
/// let engine = StoreEngine(initialState: initial, middlewares: [persistence.middleware()]) {
///   (counter: inout Counter, action: CounterAction) in counter.apply(action)
/// }
/// engine.dispatch(.increment)  // the file now holds the new count
/// ```
///
/// The file holds a ``PersistedState``: `{"schemaVersion": 1, "state": …}`. When you change the
/// state's shape, raise `schemaVersion` and pass `migrate` to read older files.
///
/// > Note: Saving writes the whole file, atomically, on the main actor, after each dispatch
/// > that changed the state: keep persisted states small (settings, a session, a draft).
public struct StatePersistence<State: Codable & Sendable>: Sendable {
  /// Where the state is saved.
  public let fileURL: URL
  /// The version of the state's shape this app writes and reads.
  public let schemaVersion: Int
  private let migrate: (@Sendable (_ fromVersion: Int, _ fileData: Data) throws -> State)?

  /// Describes where and how to persist a state.
  ///
  /// ```swift
  /// let persistence = StatePersistence<Counter>(fileURL: url, schemaVersion: 2) { version, data in
  ///   let old = try JSONDecoder().decode(PersistedState<OldCounter>.self, from: data)
  ///   return Counter(count: old.state.value)
  /// }
  /// ```
  /// - Parameters:
  ///   - fileURL: The JSON file; its folder is created on the first save.
  ///   - schemaVersion: The version of the state's shape; raise it when the shape changes.
  ///   - migrate: Converts a file of an older version (given the version and the file's bytes).
  public init(
    fileURL: URL,
    schemaVersion: Int = 1,
    migrate: (@Sendable (_ fromVersion: Int, _ fileData: Data) throws -> State)? = nil
  ) {
    self.fileURL = fileURL
    self.schemaVersion = schemaVersion
    self.migrate = migrate
  }

  /// Loads the saved state.
  ///
  /// A file that cannot be used (corrupt, another schema without migration, failed migration)
  /// is moved next to itself with a `.unreadable-<date>` suffix before the error is thrown, so a
  /// later save cannot overwrite it.
  ///
  /// ```swift
  /// let saved = try persistence.load()
  /// ```
  /// - Returns: The saved state, migrated if it was older.
  /// - Throws: ``PersistenceError`` saying what was wrong and where the file went.
  public func load() throws(PersistenceError) -> State {
    let data: Data
    do {
      data = try Data(contentsOf: fileURL)
    } catch {
      if !FileManager.default.fileExists(atPath: fileURL.path) {
        throw .fileNotFound(fileURL)
      }
      throw .unreadable(fileURL, reason: "\(error)")
    }
    let decoder = JSONDecoder()
    let version: Int
    do {
      version = try decoder.decode(SchemaVersionProbe.self, from: data).schemaVersion
    } catch {
      throw .corrupt(fileURL, keptAt: try moveAside(), reason: "no schemaVersion: \(error)")
    }
    if version == schemaVersion {
      do {
        return try decoder.decode(PersistedState<State>.self, from: data).state
      } catch {
        throw .corrupt(fileURL, keptAt: try moveAside(), reason: "\(error)")
      }
    }
    if version > schemaVersion {
      throw .newerSchema(fileURL, found: version, expected: schemaVersion, keptAt: try moveAside())
    }
    guard let migrate else {
      throw .outdatedSchema(fileURL, found: version, expected: schemaVersion, keptAt: try moveAside())
    }
    do {
      return try migrate(version, data)
    } catch {
      throw .migrationFailed(fileURL, from: version, keptAt: try moveAside(), reason: "\(error)")
    }
  }

  /// Loads the saved state, or returns `initial` and reports why it could not.
  ///
  /// ```swift
  /// let initial = persistence.load(orInitial: Counter()) { error in print(error) }
  /// ```
  /// - Parameters:
  ///   - initial: The state to start from when there is no usable file.
  ///   - report: Told why; ``PersistenceError/fileNotFound(_:)`` on a first launch.
  /// - Returns: The saved state or `initial`.
  public func load(orInitial initial: State, report: (PersistenceError) -> Void) -> State {
    do {
      return try load()
    } catch {
      report(error)
      return initial
    }
  }

  /// Writes the state to the file, atomically (a reader never sees half a file).
  ///
  /// ```swift
  /// try persistence.save(Counter(count: 3))
  /// ```
  /// - Parameter state: The state to save.
  /// - Throws: ``PersistenceError/writeFailed(_:reason:)``.
  public func save(_ state: State) throws(PersistenceError) {
    do {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys]
      let data = try encoder.encode(PersistedState(schemaVersion: schemaVersion, state: state))
      try FileManager.default.createDirectory(
        at: fileURL.deletingLastPathComponent(), withIntermediateDirectories: true)
      try data.write(to: fileURL, options: .atomic)
    } catch {
      throw .writeFailed(fileURL, reason: "\(error)")
    }
  }

  /// The middleware that saves the state after every dispatch that changed it.
  ///
  /// A failed save does not stop the store; it is reported to `onError`, and the next change
  /// tries again.
  ///
  /// ```swift
  /// let engine = StoreEngine(initialState: initial, middlewares: [persistence.middleware()]) {
  ///   (counter: inout Counter, action: CounterAction) in counter.apply(action)
  /// }
  /// ```
  /// - Parameter onError: Told about failed saves; prints them when not given.
  /// - Returns: The middleware.
  public func middleware<Action>(
    onError: @escaping @MainActor @Sendable (PersistenceError) -> Void = { print($0) }
  ) -> Middleware<State, Action> where State: Equatable {
    let lastSaved = LastSaved<State>()
    return Middleware { context, action, next in
      next(action)
      let state = context.state
      if lastSaved.value == state { return }
      do throws(PersistenceError) {
        try save(state)
        lastSaved.value = state
      } catch {
        onError(error)
      }
    }
  }

  /// Moves the unusable file aside and returns where it went.
  private func moveAside() throws(PersistenceError) -> URL {
    let stamp = Int(Date().timeIntervalSince1970 * 1000)
    var kept = fileURL.appendingPathExtension("unreadable-\(stamp)")
    var attempt = 1
    while FileManager.default.fileExists(atPath: kept.path) {
      attempt += 1
      kept = fileURL.appendingPathExtension("unreadable-\(stamp)-\(attempt)")
    }
    do {
      try FileManager.default.moveItem(at: fileURL, to: kept)
    } catch {
      throw .unreadable(fileURL, reason: "it could not be decoded, nor moved aside: \(error)")
    }
    return kept
  }
}

/// The last state saved, so an unchanged state is not written again.
@MainActor
private final class LastSaved<State> {
  var value: State?

  nonisolated init() {}
}
