import Dispatch

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Encodes and writes states on its own serial queue, away from the store: one write at a time,
/// only the newest waiting state, identical bytes never written twice, failed writes retried
/// with a growing delay, and never a save over a file that could not be read.
///
/// It is the state machine behind ``StatePersistence``; the store side only hands it states.
final class PersistenceWriter<State: Codable & Sendable>: @unchecked Sendable {
  // Unchecked: every `var` below is read and written only on `queue`, a serial queue (entered
  // with `async` or `sync`, never `sync` from the queue itself); the `let`s never change.
  let fileURL: URL
  let lockURL: URL
  let schemaVersion: Int
  let retryDelay: Duration
  /// The fields saved as a fixed value rather than their own (``TransientField``).
  let transientFields: [TransientField<State>]
  /// The permissions of the file, its temporary file and its lock file.
  let fileMode: Int
  /// The data protection of the saved file, where the platform has it.
  let fileProtection: FileProtectionType?
  private let queue = DispatchQueue(label: "ReduxCore.StatePersistence")

  /// The newest state not yet on disk.
  private var pending: State?
  private var drainQueued = false
  private var retryQueued = false
  /// Failed attempts in a row, for the retry delay.
  private var failures = 0
  /// What the last attempt threw; `nil` once a state reached the disk.
  private var lastError: PersistenceError?
  /// Set while the file could not be read: saving would overwrite data the app never saw.
  private var pausedBy: PersistenceError?
  private var reportedPause = false
  private var lastWritten: Data?
  /// The file as this writer last read or wrote it: a save replaces only that file, so it never
  /// overwrites what another writer (another process) saved in between.
  private var knownFile: KnownFile = .unknown
  /// Set when the file changed under this writer: saving waits for `reload` or `overwrite`.
  private var conflict: PersistenceError?
  private var lockDescriptor: Int32?
  private var reportedConflict = false
  /// Whether the file this writer last read or wrote was found removed since, and is being
  /// written again; and whether that was reported, which is done once per writer.
  private var rewritingRemovedFile = false
  private var reportedRemoval = false
  /// The newest state this writer tried to save, kept for an overwrite after a conflict.
  private var lastWrittenState: State?
  private var report: (@Sendable (PersistenceError) -> Void)?
  private var writes = 0

  init(
    fileURL: URL, schemaVersion: Int, retryDelay: Duration, transientFields: [TransientField<State>],
    fileMode: Int, fileProtection: FileProtectionType?
  ) {
    self.fileMode = fileMode
    self.fileProtection = fileProtection
    self.fileURL = fileURL
    self.lockURL = fileURL.appendingPathExtension("lock")
    self.schemaVersion = schemaVersion
    self.retryDelay = retryDelay
    self.transientFields = transientFields
  }

  deinit {
    if let lockDescriptor { FileOperations.unlock(lockDescriptor) }
  }

  /// How many times the file was written.
  var writeCount: Int { queue.sync { writes } }

  /// Where failed saves are reported (on the writer's queue; hop to your own actor).
  func setReporter(_ report: @escaping @Sendable (PersistenceError) -> Void) {
    queue.sync { self.report = report }
  }

  /// Queues a state for writing; a newer state submitted before the write starts replaces it.
  func submit(_ state: State) {
    queue.async {
      self.pending = state
      self.queueDrain()
    }
  }

  /// Writes the waiting state now, on the caller's thread's behalf, and waits for it.
  /// - Returns: Why the newest state is not on disk, or `nil` when it is.
  func flushNow() -> PersistenceError? {
    queue.sync {
      drain()
      return outcome
    }
  }

  /// Writes the waiting state now and returns once it is written (or failed).
  /// - Returns: Why the newest state is not on disk, or `nil` when it is.
  func flush() async -> PersistenceError? {
    await withCheckedContinuation { continuation in
      queue.async {
        self.drain()
        continuation.resume(returning: self.outcome)
      }
    }
  }

  /// Writes `state` now and waits, throwing what went wrong instead of reporting it.
  func write(now state: State) throws(PersistenceError) {
    let error: PersistenceError? = queue.sync {
      do throws(PersistenceError) {
        try write(state)
        return nil
      } catch {
        return error
      }
    }
    if let error { throw error }
  }

  /// Takes the lock (if free) and removes what interrupted writes left; for a store's start.
  /// - Returns: ``PersistenceError/lockedByAnotherWriter(_:lockFile:)`` when another writer,
  ///   in this process or another, holds the lock: this one's saves wait until it is free.
  func prepare() -> PersistenceError? {
    queue.sync {
      do throws(PersistenceError) {
        try takeLock()
        return nil
      } catch {
        return error
      }
    }
  }

  /// Records the file as the app just read it (`nil`: there is none), so that a later save
  /// replaces only that file.
  func saw(_ contents: Data?) {
    queue.sync { knownFile = contents.map(KnownFile.contents) ?? .absent }
  }

  /// After the app read the newer file (``StatePersistence/reload()``, which recorded it with
  /// ``saw(_:)``): the state waiting to be saved was made from the older one, so it is dropped,
  /// and saving resumes.
  func acceptReload() {
    queue.sync {
      conflict = nil
      reportedConflict = false
      pending = nil
    }
  }

  /// Saves the newest state over whatever the file holds now, as the app decided.
  /// - Returns: Why it is not on disk, or `nil` when it is.
  func overwrite() async -> PersistenceError? {
    await withCheckedContinuation { continuation in
      queue.async {
        self.knownFile = .unknown
        self.conflict = nil
        self.reportedConflict = false
        if self.pending == nil, let lastWritten = self.lastWrittenState { self.pending = lastWritten }
        self.drain()
        continuation.resume(returning: self.outcome)
      }
    }
  }

  /// Stops saving: the file could not be read, and saving would overwrite it.
  func pause(because error: PersistenceError) {
    queue.sync {
      pausedBy = error
      reportedPause = false
    }
  }

  /// Saves again (the file was read, moved aside, or is gone), starting with any waiting state.
  func resume() {
    queue.sync {
      pausedBy = nil
      reportedPause = false
      if pending != nil { queueDrain() }
    }
  }

  private var outcome: PersistenceError? { pending == nil ? nil : lastError }

  private func queueDrain() {
    if drainQueued { return }
    drainQueued = true
    queue.async {
      self.drainQueued = false
      self.drain()
    }
  }

  private func drain() {
    guard let state = pending else { return }
    do throws(PersistenceError) {
      try write(state)
      pending = nil
      failures = 0
      lastError = nil
    } catch {
      lastError = error
      if case .savingPaused = error {
        // No retry: only the app can decide (see `StatePersistence.moveUnreadableFileAside`).
        if !reportedPause { report?(error) }
        reportedPause = true
        return
      }
      if case .changedByAnotherWriter = error {
        // No retry either: the app reloads and merges, or overwrites.
        if !reportedConflict { report?(error) }
        reportedConflict = true
        return
      }
      report?(error)
      failures += 1
      queueRetry()
    }
  }

  private func queueRetry() {
    if retryQueued { return }
    retryQueued = true
    let delay = retryDelay * (1 << min(failures - 1, 5))
    queue.asyncAfter(deadline: .now() + delay.dispatchInterval) { [weak self] in
      guard let self else { return }
      self.retryQueued = false
      self.drain()
    }
  }

  private func write(_ state: State) throws(PersistenceError) {
    if let pausedBy { throw .savingPaused(fileURL, reason: pausedBy.description) }
    lastWrittenState = state
    if let conflict { throw conflict }
    try takeLock()
    // Under the lock, so no writer that takes it too can change the file until the rename.
    try checkFileUnchanged()
    var saved = state
    for field in transientFields { field.reset(&saved) }
    let data: Data
    do {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys]
      data = try encoder.encode(PersistedState(schemaVersion: schemaVersion, state: saved))
    } catch {
      throw .writeFailed(fileURL, reason: "the state could not be encoded: \(error)")
    }
    if data == lastWritten { return }
    do throws(POSIXFailure) {
      try FileOperations.createFolder(for: fileURL)
      try FileOperations.writeAtomically(data, to: fileURL, mode: fileMode, protection: fileProtection)
    } catch {
      throw .writeFailed(fileURL, reason: error.description)
    }
    lastWritten = data
    knownFile = .contents(data)
    writes += 1
    if rewritingRemovedFile {
      rewritingRemovedFile = false
      if !reportedRemoval { report?(.removedFromOutside(fileURL)) }
      reportedRemoval = true
    }
  }

  /// Refuses to save when the file is not the one this writer last read or wrote.
  private func checkFileUnchanged() throws(PersistenceError) {
    let expected: Data?
    switch knownFile {
    case .unknown: return
    case .absent: expected = nil
    case .contents(let data): expected = data
    }
    let current: Data?
    do throws(POSIXFailure) {
      current = try FileOperations.readContents(of: fileURL)
    } catch {
      throw .writeFailed(fileURL, reason: error.description)
    }
    guard current != expected else { return }
    if current == nil {
      // Removed from outside (the app's data cleared, a test cleaning up): no other writer's
      // change is there to keep, so the state is written again, even if it is the last written.
      rewritingRemovedFile = true
      lastWritten = nil
      return
    }
    let error = PersistenceError.changedByAnotherWriter(fileURL)
    conflict = error
    throw error
  }

  /// Takes the advisory lock once; on success, removes what interrupted writes left behind.
  private func takeLock() throws(PersistenceError) {
    if lockDescriptor != nil { return }
    let descriptor: Int32?
    do throws(POSIXFailure) {
      try FileOperations.createFolder(for: fileURL)
      descriptor = try FileOperations.lock(lockURL, mode: fileMode)
    } catch {
      throw .writeFailed(fileURL, reason: error.description)
    }
    guard let descriptor else { throw .lockedByAnotherWriter(fileURL, lockFile: lockURL) }
    lockDescriptor = descriptor
    FileOperations.removeLeftovers(of: fileURL)
  }
}

/// What a writer knows of its file.
enum KnownFile {
  /// Nothing yet: the app saved without loading first.
  case unknown
  /// There was no file.
  case absent
  /// The file held these bytes.
  case contents(Data)
}

extension Duration {
  /// The same length, for Dispatch.
  var dispatchInterval: DispatchTimeInterval {
    let (seconds, attoseconds) = components
    return .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
  }
}
