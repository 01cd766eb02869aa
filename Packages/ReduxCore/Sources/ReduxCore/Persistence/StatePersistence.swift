#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// Saves a store's state to a JSON file, away from the store, and loads it back at launch.
///
/// ```swift
/// let persistence = StatePersistence<Counter>(fileURL: folder.appendingPathComponent("counter.json"))
/// let initial = persistence.load(orInitial: Counter()) { problem in print(problem) }
/// let store = createStore(
///   reducer: counterReducer, initialState: initial, enhancer: applyMiddleware(persistence.middleware()))
/// store.dispatch(.increment)
/// try await persistence.flush()  // the file now holds the count
/// ```
///
/// What is written when:
/// - A dispatch only notes that a save is due (one flag check; the state is not copied). Once
///   per burst, ``saveDelay`` after the first dispatch of the burst (by default, as soon as the
///   current work on the store's actor is done), the store's state is read and handed to a background
///   queue, which encodes it and writes it atomically: to a temporary file, flushed to disk,
///   renamed over the file. A reader, a crash or `kill -9` sees the old file or the new one,
///   never half of one. Identical bytes are not written again.
/// - ``flush()`` writes what is due and waits for it; when the store is released, its last state
///   is written before the store goes.
/// - A failed write is reported to `onError` and retried by itself (after ``retryDelay``,
///   doubling up to 32 times that), with no need for another dispatch.
///
/// Nothing is lost:
/// - a missing file leaves the store on its initial state;
/// - a file that cannot be decoded, or comes from another schema with no migration, is moved
///   aside (`<name>.unreadable-<time>`) and reported with a ``PersistenceError`` saying where;
/// - a file that cannot be read at all (permissions, I/O) pauses saving, so the first dispatch
///   cannot overwrite data the app never saw, until ``load()`` succeeds or the app calls
///   ``moveUnreadableFileAside()``;
/// - a second writer on the same file (another instance, another process) is refused with
///   ``PersistenceError/lockedByAnotherWriter(_:lockFile:)``: an advisory lock,
///   `<name>.lock`, is held beside the file;
/// - temporary files left by an interrupted write are removed at the next start.
///
/// > Note: Use one `StatePersistence` per file and per store. The middleware runs on the main
/// > actor, like the store; encoding and writing run on a queue of their own.
public final class StatePersistence<State: Codable & Sendable>: Sendable {
  /// Where the state is saved.
  public let fileURL: URL
  /// The version of the state's shape this app writes and reads.
  public let schemaVersion: Int
  /// How long after the first change of a burst the state is saved; every change in that time
  /// goes into one write. `.zero` saves as soon as the current work on the store's actor is done.
  public let saveDelay: Duration
  /// How long after a failed write it is tried again (doubling each time, up to 32 times this).
  public let retryDelay: Duration
  private let migrations: [Int: StateMigration<State>]
  private let migrate: (@Sendable (_ fromVersion: Int, _ fileData: Data) throws -> State)?
  let writer: PersistenceWriter<State>
  let attached = AttachedStore()

  /// Describes where and how to persist a state.
  ///
  /// ```swift
  /// let persistence = StatePersistence<Counter>(
  ///   fileURL: folder.appendingPathComponent("counter.json"), schemaVersion: 2,
  ///   migrations: [.from(1, decoding: CounterV1.self) { old in Counter(count: old.value) }])
  /// ```
  /// - Parameters:
  ///   - fileURL: The JSON file; its folder is created on the first save.
  ///   - schemaVersion: The version of the state's shape; raise it when the shape changes.
  ///   - saveDelay: How long a burst of changes is gathered into one write.
  ///   - retryDelay: How long after a failed write to try again.
  ///   - migrations: How to read each older version's files.
  ///   - migrate: Converts a file of an older version no migration covers (given the version
  ///     and the file's bytes).
  ///   - transient: Fields not saved: the file holds the value each names instead, so they come
  ///     back as that value (`[.reset(\.isLoading, to: false)]`).
  ///   - fileMode: The permissions of the file, its temporary file and its lock file, exactly
  ///     (the umask does not change them): `0o600` by default, the owner's only, as a state
  ///     holds what an app knows of its user; `0o640` or `0o660` for a folder shared with a
  ///     group. A folder this creates is `0o700`.
  ///   - fileProtection: On iOS, tvOS, watchOS and visionOS, the data protection of the saved
  ///     file (`.complete`: unreadable while the device is locked;
  ///     `.completeUntilFirstUserAuthentication`: readable after the first unlock, as a
  ///     background refresh needs); `nil` keeps the system's default. Other platforms have no
  ///     such protection and ignore it.
  public init(
    fileURL: URL,
    schemaVersion: Int = 1,
    saveDelay: Duration = .zero,
    retryDelay: Duration = .seconds(1),
    migrations: [StateMigration<State>] = [],
    migrate: (@Sendable (_ fromVersion: Int, _ fileData: Data) throws -> State)? = nil,
    transient: [TransientField<State>] = [],
    fileMode: Int = 0o600,
    fileProtection: FileProtectionType? = nil
  ) {
    self.fileURL = fileURL
    self.schemaVersion = schemaVersion
    self.saveDelay = saveDelay
    self.retryDelay = retryDelay
    self.migrations = Dictionary(migrations.map { ($0.version, $0) }, uniquingKeysWith: { $1 })
    self.migrate = migrate
    writer = PersistenceWriter(
      fileURL: fileURL, schemaVersion: schemaVersion, retryDelay: retryDelay, transientFields: transient,
      fileMode: fileMode, fileProtection: fileProtection)
  }

  /// Loads the saved state.
  ///
  /// A file that cannot be decoded (corrupt, another schema without migration, failed
  /// migration) is moved next to itself with a `.unreadable-<time>` suffix before the error is
  /// thrown, so a later save cannot overwrite it. A file that cannot be read at all pauses
  /// saving instead (see ``moveUnreadableFileAside()``). Loading also takes the file's lock, if
  /// no other writer holds it (``load(orInitial:report:)`` says when one does), and removes what
  /// interrupted saves left behind.
  ///
  /// ```swift
  /// let saved = try persistence.load()
  /// ```
  /// - Returns: The saved state, migrated if it was older.
  /// - Throws: ``PersistenceError`` saying what was wrong and where the file went.
  public func load() throws(PersistenceError) -> State {
    _ = writer.prepare()
    return try loadFile()
  }

  private func loadFile() throws(PersistenceError) -> State {
    do {
      let state = try read()
      writer.resume()
      return state
    } catch {
      if case .unreadable = error { writer.pause(because: error) } else { writer.resume() }
      throw error
    }
  }

  /// Loads the saved state, or returns `initial` and reports why it could not.
  ///
  /// ```swift
  /// let initial = persistence.load(orInitial: Counter()) { problem in print(problem) }
  /// ```
  /// - Parameters:
  ///   - initial: The state to start from when there is no usable file.
  ///   - report: Told why; ``PersistenceError/fileNotFound(_:)`` on a first launch.
  /// - Returns: The saved state or `initial`.
  ///   Also told ``PersistenceError/lockedByAnotherWriter(_:lockFile:)`` when another writer
  ///   (another process) holds the file: the state is loaded, and this store's saves wait
  ///   until that writer is gone.
  public func load(orInitial initial: State, report: (PersistenceError) -> Void) -> State {
    let locked = writer.prepare()
    defer { if let locked { report(locked) } }
    do {
      return try loadFile()
    } catch {
      report(error)
      return initial
    }
  }

  /// Reads the file again after ``PersistenceError/changedByAnotherWriter(_:)``: returns the
  /// state another writer saved, and lets saving resume. Merge it into the store (dispatch it),
  /// which saves the merged state; the state that was waiting to be saved is dropped, since it
  /// was made from the older file.
  ///
  /// ```swift
  /// let newer = try persistence.reload()
  /// store.dispatch(.merge(newer))
  /// ```
  /// - Returns: The state in the file now.
  /// - Throws: ``PersistenceError`` when the file cannot be read or decoded, as ``load()``.
  public func reload() throws(PersistenceError) -> State {
    let state = try loadFile()
    writer.acceptReload()
    return state
  }

  /// Saves the newest state over the file after ``PersistenceError/changedByAnotherWriter(_:)``,
  /// as the app decided: the other writer's change is replaced.
  ///
  /// ```swift
  /// try await persistence.overwrite()
  /// ```
  /// - Throws: Why the state is not on disk.
  public func overwrite() async throws(PersistenceError) {
    await attached.submitPendingSave()
    if let error = await writer.overwrite() { throw error }
  }

  /// Writes a state to the file now, atomically, and waits for it.
  ///
  /// ```swift
  /// try persistence.save(Counter(count: 3))
  /// ```
  /// - Parameter state: The state to save.
  /// - Throws: ``PersistenceError/writeFailed(_:reason:)``, or the reason saving is refused
  ///   (``PersistenceError/savingPaused(_:reason:)``,
  ///   ``PersistenceError/lockedByAnotherWriter(_:lockFile:)``).
  public func save(_ state: State) throws(PersistenceError) {
    try writer.write(now: state)
  }

  /// Writes the attached store's state if a save is due, and returns once everything handed to
  /// the writer is on disk.
  ///
  /// Call it before a command-line tool exits, or when an app moves to the background.
  ///
  /// ```swift
  /// try await persistence.flush()
  /// ```
  /// - Throws: Why the newest state is not on disk (the writer keeps retrying).
  public func flush() async throws(PersistenceError) {
    await attached.submitPendingSave()
    if let error = await writer.flush() { throw error }
  }

  /// Moves a file that could not be read aside, next to itself, and lets saving resume.
  ///
  /// Call it when the app decides the unreadable file should not block saving any longer (for
  /// example after telling the user); the file is kept, never deleted.
  ///
  /// ```swift
  /// let keptAt = try persistence.moveUnreadableFileAside()
  /// ```
  /// - Returns: Where the file now is.
  /// - Throws: ``PersistenceError/unreadable(_:reason:)`` when it cannot be moved either.
  @discardableResult
  public func moveUnreadableFileAside() throws(PersistenceError) -> URL {
    let kept = try moveAside()
    writer.resume()
    return kept
  }

  /// Hands a state to the writer, which saves it away from the caller (as the middleware's
  /// save does): for a value saved on each write rather than after each dispatch.
  package func submit(_ state: State) { writer.submit(state) }

  /// Where a failed save made by ``submit(_:)`` is reported (on the writer's queue).
  package func reportSaveErrors(to report: @escaping @Sendable (PersistenceError) -> Void) {
    writer.setReporter(report)
  }

  /// How many times the file has been written by this instance: for tests and measurements
  /// (a burst of dispatches makes one write).
  public var writeCount: Int { writer.writeCount }

  /// The middleware that saves the state after the dispatches that may have changed it.
  ///
  /// A failed save does not stop the store; it is reported to `onError` and retried.
  ///
  /// ```swift
  /// let store = createStore(
  ///   reducer: counterReducer, initialState: Counter(), enhancer: applyMiddleware(persistence.middleware()))
  /// ```
  /// - Parameters:
  ///   - onError: Told about failed saves, where the store lives (its actor); prints them when
  ///     not given.
  ///   - isolation: Where `onError` may run; leave the default, the caller's actor.
  /// - Returns: The middleware, for one store.
  public func middleware<Action>(
    onError: @escaping (PersistenceError) -> Void = { print($0) },
    isolation: (any Actor)? = #isolation
  ) -> Middleware<State, Action> {
    let writer = writer
    let delay = saveDelay
    let attached = attached
    return Middleware(
      curried: { context in
        let scheduler = SaveScheduler(
          writer: writer, context: context, delay: delay, attached: attached, onError: onError)
        return { next in
          { action in
            next(action)
            scheduler.stateMayHaveChanged()
          }
        }
      }, isolation: isolation)
  }

  private func read() throws(PersistenceError) -> State {
    let contents = try FileOperations.readSavedFile(fileURL)
    guard let data = contents else {
      writer.saw(nil)
      throw .fileNotFound(fileURL)
    }
    writer.saw(data)
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
      } catch let error as DecodingError {
        // Valid JSON of another shape: the state gained, renamed or retyped a field, and the
        // schema version was not raised.
        guard let change = ShapeChange(error) else {
          throw .corrupt(fileURL, keptAt: try moveAside(), reason: "\(error)")
        }
        throw .shapeChanged(
          fileURL, schemaVersion: version, keptAt: try moveAside(), change: change.description)
      } catch {
        throw .corrupt(fileURL, keptAt: try moveAside(), reason: "\(error)")
      }
    }
    if version > schemaVersion {
      throw .newerSchema(fileURL, found: version, expected: schemaVersion, keptAt: try moveAside())
    }
    do {
      if let migration = migrations[version] { return try migration.convert(data) }
      if let migrate { return try migrate(version, data) }
    } catch {
      throw .migrationFailed(fileURL, from: version, keptAt: try moveAside(), reason: "\(error)")
    }
    throw .outdatedSchema(fileURL, found: version, expected: schemaVersion, keptAt: try moveAside())
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
      throw .unreadable(fileURL, reason: "it could not be used, nor moved aside: \(error)")
    }
    writer.saw(nil)
    return kept
  }
}
