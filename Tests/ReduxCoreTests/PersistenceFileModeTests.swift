import Foundation
import ReduxCore
import Testing

/// The permissions of a path, as `0o…`.
func permissions(of url: URL) throws -> Int {
  try (FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
}

@Suite struct PersistenceFileModeTests {
  /// With the usual umask (`022`, which would leave new files world-readable), the save file,
  /// its lock file and a temporary file are the owner's only; a folder it makes too.
  @Test func theFilesAreTheOwnersOnly() async {
    await #expect(processExitsWith: .success) {
      umask(0o022)
      do {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
          "redux-modes-\(UUID().uuidString)/nested")
        let url = folder.appendingPathComponent("state.json")
        try StatePersistence<Counter>(fileURL: url).save(Counter(count: 1))
        guard try permissions(of: url) == 0o600 else { modeFailure("file \(try permissions(of: url))") }
        let lock = url.appendingPathExtension("lock")
        guard try permissions(of: lock) == 0o600 else { modeFailure("lock \(try permissions(of: lock))") }
        guard try permissions(of: folder) == 0o700 else { modeFailure("folder") }
      } catch {
        modeFailure("\(error)")
      }
    }
  }

  /// A mode given for a shared folder is honoured exactly, whatever the umask.
  @Test func aConfiguredModeIsHonoured() async {
    await #expect(processExitsWith: .success) {
      umask(0o077)
      do {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
          "redux-modes-\(UUID().uuidString)")
        let url = folder.appendingPathComponent("state.json")
        try StatePersistence<Counter>(fileURL: url, fileMode: 0o640).save(Counter(count: 2))
        guard try permissions(of: url) == 0o640 else { modeFailure("file \(try permissions(of: url))") }
        guard try permissions(of: url.appendingPathExtension("lock")) == 0o640 else {
          modeFailure("lock")
        }
      } catch {
        modeFailure("\(error)")
      }
    }
  }

  /// A lock file planted as a symbolic link is refused, with its path, and nothing is created
  /// where it points.
  /// A data protection class is taken on every platform, applied where the platform has one (the
  /// iOS family), and the file saved and loaded as without it.
  @Test func aFileProtectionIsTakenEverywhereAndTheFileSaved() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "redux-protection-\(UUID().uuidString)/state.json")
    let persistence = StatePersistence<Counter>(
      fileURL: url, fileProtection: .completeUntilFirstUserAuthentication)
    try persistence.save(Counter(count: 3))
    #expect(try persistence.load() == Counter(count: 3))
    #expect(try permissions(of: url) == 0o600)
    #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
      let protection =
        try FileManager.default.attributesOfItem(atPath: url.path)[.protectionKey] as? FileProtectionType
      #expect(protection == .completeUntilFirstUserAuthentication)
    #endif
  }

  @Test func aSymlinkedLockFileIsRefusedAndNothingIsCreatedAtItsTarget() throws {
    let folder = try TemporaryFolder()
    let url = folder.file("state.json")
    let target = folder.file("elsewhere")
    try FileManager.default.createSymbolicLink(
      at: url.appendingPathExtension("lock"), withDestinationURL: target)
    let persistence = StatePersistence<Counter>(fileURL: url)
    #expect {
      try persistence.save(Counter(count: 1))
    } throws: { error in
      let message = "\(error)"
      return message.contains(url.appendingPathExtension("lock").path)
        && message.contains("symbolic link")
    }
    #expect(!FileManager.default.fileExists(atPath: target.path))
    #expect(!FileManager.default.fileExists(atPath: url.path))
  }
}

/// Ends a child process with a message when a mode is not what it should be.
func modeFailure(_ message: String) -> Never {
  FileHandle.standardError.write(Data("file modes: \(message)\n".utf8))
  exit(1)
}
