#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// Why a persisted state could not be loaded or saved. Each case names the file and says what to
/// do; nothing is ever lost: a file that cannot be decoded is moved aside (``keptAt``), and one
/// that cannot be read at all pauses saving, so neither is ever overwritten.
///
/// ```swift
/// do {
///   _ = try persistence.load()
/// } catch {
///   print(error)  // for example: "The saved state at /…/counter.json is not valid JSON …"
/// }
/// ```
public enum PersistenceError: Error, Equatable, Sendable, CustomStringConvertible {
  /// No file yet: normal on first launch.
  case fileNotFound(URL)
  /// The file exists but could not be read (permissions, I/O). Saving is paused until a later
  /// ``StatePersistence/load()`` reads it or ``StatePersistence/moveUnreadableFileAside()``
  /// moves it aside.
  case unreadable(URL, reason: String)
  /// The file is not a state this app wrote (invalid JSON, or a different shape); it was moved
  /// to `keptAt`.
  case corrupt(URL, keptAt: URL, reason: String)
  /// The file has this app's schema version but not the state's shape (a field was added,
  /// renamed or changed type, and `schemaVersion` was not raised); it was moved to `keptAt`.
  case shapeChanged(URL, schemaVersion: Int, keptAt: URL, change: String)
  /// The file was written by an older schema and no migration was given; it was moved to
  /// `keptAt`.
  case outdatedSchema(URL, found: Int, expected: Int, keptAt: URL)
  /// The file was written by a newer version of the app; it was moved to `keptAt`.
  case newerSchema(URL, found: Int, expected: Int, keptAt: URL)
  /// The migration from an older schema threw; the file was moved to `keptAt`.
  case migrationFailed(URL, from: Int, keptAt: URL, reason: String)
  /// The state could not be written; the save is retried later, by itself.
  case writeFailed(URL, reason: String)
  /// A save was skipped because the file could not be read when it was loaded, and saving
  /// would overwrite it.
  case savingPaused(URL, reason: String)
  /// Another writer (another ``StatePersistence``, in this process or another) holds the lock
  /// on the file; this one does not save, and tries again later.
  case lockedByAnotherWriter(URL, lockFile: URL)
  /// The file is not the one this writer last read or wrote: another writer (another process)
  /// saved it in between. Saving waits until the app calls ``StatePersistence/reload()`` (and
  /// merges) or ``StatePersistence/overwrite()``.
  case changedByAnotherWriter(URL)
  /// The file this writer last read or wrote was removed from outside (the app's data cleared,
  /// a test cleaning up); there was no other writer's change to keep, so the state was written
  /// again. Reported once per store, for the log: nothing is lost and saving goes on.
  case removedFromOutside(URL)

  /// Where the unreadable file now is, for the cases that moved it aside.
  public var keptAt: URL? {
    switch self {
    case .corrupt(_, let kept, _), .outdatedSchema(_, _, _, let kept), .newerSchema(_, _, _, let kept),
      .migrationFailed(_, _, let kept, _), .shapeChanged(_, _, let kept, _):
      kept
    case .fileNotFound, .unreadable, .writeFailed, .savingPaused, .lockedByAnotherWriter,
      .changedByAnotherWriter, .removedFromOutside:
      nil
    }
  }

  /// What went wrong, and how to fix it.
  public var description: String {
    switch self {
    case .fileNotFound(let url):
      "No saved state at \(url.path) yet; the store starts from its initial state."
    case .unreadable(let url, let reason):
      "The saved state at \(url.path) could not be read (\(reason)). The store starts from its "
        + "initial state, and saving is paused so that nothing overwrites the file: fix its "
        + "permissions and call load() again, or call moveUnreadableFileAside() to keep it aside "
        + "and save anew."
    case .corrupt(let url, let kept, let reason):
      "The saved state at \(url.path) could not be decoded (\(reason)). It was moved to "
        + "\(kept.path) so nothing overwrites it; the store starts from its initial state."
    case .shapeChanged(let url, let version, let kept, let change):
      "The saved state at \(url.path) has schema version \(version), the version this app reads, "
        + "but not the state's shape: \(change). The state's shape changed without a new schema "
        + "version. Raise `schemaVersion` to \(version + 1) and add a migration that reads the old "
        + "files, `migrations: [.from(\(version), decoding: OldState.self) { old in … }]` (OldState: "
        + "the state as it was); or, for a new field, give it a default in a custom "
        + "`init(from:)`. The file was moved to \(kept.path); the store starts from its initial state."
    case .outdatedSchema(let url, let found, let expected, let kept):
      "The saved state at \(url.path) has schema version \(found), but this app reads version "
        + "\(expected) and was given no migration for it. It was moved to \(kept.path); to read such "
        + "files, add `migrations: [.from(\(found), decoding: OldState.self) { old in … }]` to "
        + "StatePersistence (OldState: the state as version \(found) had it)."
    case .newerSchema(let url, let found, let expected, let kept):
      "The saved state at \(url.path) has schema version \(found), newer than this app's "
        + "\(expected): it was written by a newer version of the app. It was moved to "
        + "\(kept.path); the store starts from its initial state."
    case .migrationFailed(let url, let from, let kept, let reason):
      "Migrating the saved state at \(url.path) from schema version \(from) failed (\(reason)). "
        + "It was moved to \(kept.path); the store starts from its initial state."
    case .writeFailed(let url, let reason):
      "The state could not be saved to \(url.path) (\(reason)); check that its folder is "
        + "writable and the disk has room. The store keeps running, and the save is retried by "
        + "itself."
    case .savingPaused(let url, let reason):
      "The state was not saved to \(url.path), because that file could not be read when it was "
        + "loaded and saving would overwrite it (\(reason)). Fix the file and call load() again, "
        + "or call moveUnreadableFileAside() to keep it aside and save anew."
    case .lockedByAnotherWriter(let url, let lockFile):
      "The state was not saved to \(url.path): another writer, in this process or another, holds "
        + "its lock (\(lockFile.path)), and two writers on one file would overwrite each other. "
        + "Give each store its own file, or stop the other writer; this one tries again later."
    case .changedByAnotherWriter(let url):
      "The state was not saved to \(url.path): another writer (another process, or another "
        + "StatePersistence) saved that file since this one last read or wrote it, and saving "
        + "would overwrite its change. Call reload() to read the newer state and merge it into "
        + "the store (saving resumes with the merged state), or overwrite() to replace the file "
        + "with this store's state."
    case .removedFromOutside(let url):
      "The saved state at \(url.path) was removed from outside the app since it was last read "
        + "or written; nothing else had saved there, so the store's state was written again. "
        + "Nothing to do: this is said once, and saving goes on."
    }
  }
}
