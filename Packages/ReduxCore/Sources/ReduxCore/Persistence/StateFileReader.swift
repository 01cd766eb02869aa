#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// Reads a state file that a ``StatePersistence`` in another process writes, without taking its
/// lock or ever changing the file: a widget or an extension following its app's state, a
/// dashboard following a service.
///
/// Every save replaces the file in one rename, so a read sees a whole save, never part of one.
///
/// ```swift
/// let reader = StateFileReader<Counter>(fileURL: folder.appendingPathComponent("counter.json"))
/// let current = try reader.read()
/// for await counter in reader.changes(checkingEvery: .milliseconds(250)) {
///   print(counter.count)
/// }
/// ```
public struct StateFileReader<State: Codable & Sendable>: Sendable {
  /// The file a writer saves.
  public let fileURL: URL
  /// The schema version the writer saves; a file of another version is not read.
  public let schemaVersion: Int

  /// A reader of `fileURL`.
  ///
  /// ```swift
  /// let reader = StateFileReader<Counter>(fileURL: url, schemaVersion: 2)
  /// ```
  /// - Parameters:
  ///   - fileURL: The file, as the writer names it.
  ///   - schemaVersion: The version of the state's shape the writer saves.
  public init(fileURL: URL, schemaVersion: Int = 1) {
    self.fileURL = fileURL
    self.schemaVersion = schemaVersion
  }

  /// The state in the file now.
  ///
  /// ```swift
  /// let counter = try reader.read()
  /// ```
  /// - Returns: The state the writer last saved.
  /// - Throws: ``PersistenceError/fileNotFound(_:)`` before the first save;
  ///   ``PersistenceError/unreadable(_:reason:)`` for a file that cannot be read or decoded, or
  ///   is of another schema version (the reader never moves or changes it).
  public func read() throws(PersistenceError) -> State {
    guard let contents = try FileOperations.readSavedFile(fileURL) else { throw .fileNotFound(fileURL) }
    return try decode(contents)
  }

  /// The file's state now and after each save, checked every `interval`; a save the writer
  /// replaced before a check is skipped. It ends when the reading task is cancelled.
  ///
  /// ```swift
  /// for await counter in reader.changes(checkingEvery: .milliseconds(250)) { print(counter.count) }
  /// ```
  /// - Parameter interval: How often the file is looked at.
  /// - Returns: The states, oldest first; a file that cannot be read or decoded is skipped.
  public func changes(checkingEvery interval: Duration = .milliseconds(250)) -> AsyncStream<State> {
    let reader = self
    return AsyncStream { continuation in
      let task = Task {
        var last: Data?
        while !Task.isCancelled {
          if let contents = try? FileOperations.readContents(of: reader.fileURL), contents != last {
            last = contents
            if let state = try? reader.decode(contents) { continuation.yield(state) }
          }
          try? await Task.sleep(for: interval)
        }
        continuation.finish()
      }
      continuation.onTermination = { _ in task.cancel() }
    }
  }

  private func decode(_ contents: Data) throws(PersistenceError) -> State {
    do {
      let file = try JSONDecoder().decode(PersistedState<State>.self, from: contents)
      guard file.schemaVersion == schemaVersion else {
        throw PersistenceError.unreadable(
          fileURL,
          reason: "it has schema version \(file.schemaVersion), and this reader reads \(schemaVersion)")
      }
      return file.state
    } catch let error as PersistenceError {
      throw error
    } catch {
      throw .unreadable(fileURL, reason: "it could not be decoded: \(error)")
    }
  }
}
