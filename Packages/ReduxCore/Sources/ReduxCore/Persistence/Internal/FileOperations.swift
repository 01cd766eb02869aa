#if canImport(FoundationEssentials)
  package import FoundationEssentials
#else
  package import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The file-system steps persistence needs, in POSIX terms, so that each one is exactly what it
/// says: a write that is durable before it is visible, an advisory lock, and the removal of what
/// an interrupted write left behind. The devtools write their files (recordings, inspector
/// pages) through the same steps, so that everything the package writes is private.
package enum FileOperations {
  /// The prefix of the temporary files a save writes before renaming them over the real file.
  static func temporaryPrefix(for file: URL) -> String { file.lastPathComponent + ".saving-" }

  /// Writes `data` to `file` so that a reader (or a crash) sees the old file or the new one,
  /// never a mix: the bytes go to a temporary file in the same folder, are flushed to disk, and
  /// the temporary file is renamed over `file`; then the folder itself is flushed, so the rename
  /// survives a power cut.
  /// The file gets `mode` exactly (the process's umask does not narrow or widen it), and
  /// `protection` where the platform has data protection, before any byte is written to it.
  package static func writeAtomically(
    _ data: Data, to file: URL, mode: Int, protection: FileProtectionType? = nil
  ) throws(POSIXFailure) {
    let mode = mode_t(mode)
    let folder = file.deletingLastPathComponent()
    let temporary = folder.appendingPathComponent(
      temporaryPrefix(for: file) + String(UInt64.random(in: 0...UInt64.max), radix: 16))
    let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
    guard descriptor >= 0 else { throw POSIXFailure("create \(temporary.path)") }
    guard fchmod(descriptor, mode) == 0 else {
      let failure = POSIXFailure("set the permissions of \(temporary.path)")
      close(descriptor)
      unlink(temporary.path)
      throw failure
    }
    if let protection, appliesFileProtection {
      do {
        try FileManager.default.setAttributes([.protectionKey: protection], ofItemAtPath: temporary.path)
      } catch {
        close(descriptor)
        unlink(temporary.path)
        throw POSIXFailure(
          description: "could not protect \(temporary.path) (\(protection.rawValue)): \(error)")
      }
    }
    var result: POSIXFailure?
    do throws(POSIXFailure) {
      try writeAll(data, to: descriptor, path: temporary.path)
      if fsync(descriptor) != 0 { result = POSIXFailure("flush \(temporary.path)") }
    } catch {
      result = error
    }
    close(descriptor)
    if let result {
      unlink(temporary.path)
      throw result
    }
    guard rename(temporary.path, file.path) == 0 else {
      let failure = POSIXFailure("rename \(temporary.path) to \(file.path)")
      unlink(temporary.path)
      throw failure
    }
    let folderDescriptor = open(folder.path, O_RDONLY | O_CLOEXEC)
    if folderDescriptor >= 0 {
      _ = fsync(folderDescriptor)
      close(folderDescriptor)
    }
  }

  /// Reads a whole file.
  ///
  /// With plain POSIX calls rather than `Data(contentsOf:)`, whose Linux implementation leaks
  /// its read buffer for an empty file (a corrupt file can be empty).
  /// - Returns: The bytes, or `nil` when there is no such file.
  package static func readContents(of file: URL) throws(POSIXFailure) -> Data? {
    let descriptor = open(file.path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      if errno == ENOENT { return nil }
      throw POSIXFailure("open \(file.path)")
    }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw POSIXFailure("read \(file.path)")
      }
      if count == 0 { return Data(bytes) }
      bytes.append(contentsOf: chunk[..<count])
    }
  }

  /// Reads a saved state's file for a loader: its bytes, or `nil` when there is none; a file
  /// that exists but cannot be read is ``PersistenceError/unreadable(_:reason:)``.
  static func readSavedFile(_ file: URL) throws(PersistenceError) -> Data? {
    do throws(POSIXFailure) {
      return try readContents(of: file)
    } catch {
      throw .unreadable(file, reason: error.description)
    }
  }

  /// Takes the advisory lock on `lockFile` (created if missing) without waiting.
  /// - Returns: The open descriptor that holds the lock (closing it releases the lock), or
  ///   `nil` when another writer holds it.
  ///
  /// A lock file that is a symbolic link is refused, never followed: in a folder others can
  /// write to, a planted link would make the app create or open a file elsewhere.
  static func lock(_ lockFile: URL, mode: Int) throws(POSIXFailure) -> Int32? {
    let mode = mode_t(mode)
    // Read-only is enough for `flock`, and works on a lock file another user created.
    let descriptor = open(lockFile.path, O_RDONLY | O_CREAT | O_CLOEXEC | O_NOFOLLOW, mode)
    guard descriptor >= 0 else {
      if errno == ELOOP {
        throw POSIXFailure(
          description: "use the lock file \(lockFile.path): it is a symbolic link, which "
            + "StatePersistence never follows (a link there could point the app at another file); "
            + "remove the link")
      }
      throw POSIXFailure("open the lock file \(lockFile.path)")
    }
    // Narrowed to `mode` only if this process owns it (one another user made stays as it is).
    _ = fchmod(descriptor, mode)
    if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { return descriptor }
    let failure = errno
    close(descriptor)
    if failure == EWOULDBLOCK { return nil }
    errno = failure
    throw POSIXFailure("lock \(lockFile.path)")
  }

  /// Releases a lock taken with ``lock(_:)``.
  static func unlock(_ descriptor: Int32) {
    close(descriptor)
  }

  /// Removes the temporary files of saves that were interrupted (a crash, `kill -9`) before
  /// their rename. Call it only while holding the lock, so no live save loses its file.
  /// - Returns: How many were removed.
  @discardableResult
  static func removeLeftovers(of file: URL) -> Int {
    let folder = file.deletingLastPathComponent()
    let prefix = temporaryPrefix(for: file)
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else {
      return 0
    }
    var removed = 0
    for name in names where name.hasPrefix(prefix) {
      if unlink(folder.appendingPathComponent(name).path) == 0 { removed += 1 }
    }
    return removed
  }

  /// Whether this platform has data protection for files (`FileProtectionType`): the iOS family.
  package static var appliesFileProtection: Bool {
    #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
      true
    #else
      false
    #endif
  }

  /// Opens `file` for writing from its start, created (or emptied) with `mode` exactly; a
  /// symbolic link at `file` is refused rather than followed.
  package static func openForWriting(_ file: URL, mode: Int) throws(POSIXFailure) -> Int32 {
    let mode = mode_t(mode)
    let descriptor = open(file.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, mode)
    guard descriptor >= 0 else {
      if errno == ELOOP {
        throw POSIXFailure(
          description: "could not open \(file.path): it is a symbolic link, which is not followed")
      }
      throw POSIXFailure("open \(file.path)")
    }
    guard fchmod(descriptor, mode) == 0 else {
      let failure = POSIXFailure("set the permissions of \(file.path)")
      close(descriptor)
      throw failure
    }
    return descriptor
  }

  /// Writes all of `data` at the descriptor's position, whatever the system writes per call.
  package static func writeAll(_ data: Data, to descriptor: Int32, path: String) throws(POSIXFailure) {
    var written = 0
    let failure: POSIXFailure? = data.withUnsafeBytes { bytes in
      while written < bytes.count {
        let count = write(descriptor, bytes.baseAddress! + written, bytes.count - written)
        if count < 0 {
          if errno == EINTR { continue }
          return POSIXFailure("write \(path)")
        }
        written += count
      }
      return nil
    }
    if let failure { throw failure }
  }

  /// Creates the folder that will hold `file`, if needed, readable by its owner only (`0700`);
  /// a folder that exists keeps its permissions.
  package static func createFolder(for file: URL) throws(POSIXFailure) {
    let folder = file.deletingLastPathComponent()
    if FileManager.default.fileExists(atPath: folder.path) { return }
    do {
      try FileManager.default.createDirectory(
        at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    } catch {
      throw POSIXFailure(description: "create the folder \(file.deletingLastPathComponent().path): \(error)")
    }
  }
}

/// A failed system call, with what it was doing and the system's reason.
package struct POSIXFailure: Error, CustomStringConvertible {
  package let description: String

  package init(description: String) { self.description = description }

  /// Reads `errno` now, so call it right after the failing call.
  package init(_ doing: String) {
    description = "could not \(doing): \(String(cString: strerror(errno)))"
  }
}
