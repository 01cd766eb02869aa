import ReduxCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The file behind a ``SharedKey/file(_:schemaVersion:checkingEvery:onError:)`` value: loads
/// it once, saves after each write through `StatePersistence` (atomic, private, the lock that
/// refuses a second writer), and follows another writer's saves when asked.
struct SharedFile<Value: Codable & Sendable> {
  let persistence: StatePersistence<Value>
  let onError: @Sendable (PersistenceError) -> Void

  init(url: URL, schemaVersion: Int, onError: @escaping @Sendable (PersistenceError) -> Void) {
    persistence = StatePersistence(fileURL: url, schemaVersion: schemaVersion)
    self.onError = onError
  }

  func root(initial: Value, description: String, checkingEvery interval: Duration?) -> SharedRoot<Value> {
    var anotherWriterHoldsTheFile = false
    // Read before the load: a save that lands in between is then a change the follower takes.
    let contentsBeforeLoad = interval == nil ? nil : try? FileOperations.readContents(of: persistence.fileURL)
    let loaded = persistence.load(orInitial: initial) { problem in
      if case .fileNotFound = problem { return }
      if case .lockedByAnotherWriter = problem { anotherWriterHoldsTheFile = true }
      onError(problem)
    }
    persistence.reportSaveErrors(to: onError)
    let persistence = persistence
    let root = SharedRoot(
      loaded, keyDescription: description, didWrite: { persistence.submit($0) },
      flush: { () async throws(PersistenceError) in try await persistence.flush() })
    if anotherWriterHoldsTheFile, let interval {
      follow(into: root, checkingEvery: interval, from: contentsBeforeLoad)
    }
    return root
  }

  /// Reads the file again every `interval` while the root lives, and takes each save of the
  /// other writer into it; the loop ends once the root is gone.
  private func follow(into root: SharedRoot<Value>, checkingEvery interval: Duration, from contents: Data?) {
    let persistence = persistence
    // Detached: a task made here would inherit the task-local values in force, among them the
    // `SharedStorage` that holds this root, and so keep the root (and itself) alive for ever.
    let follower = Task.detached { [weak root] in
      var last = contents
      while !Task.isCancelled {
        try? await Task.sleep(for: interval)
        guard let root else { return }
        let contents = try? FileOperations.readContents(of: persistence.fileURL)
        guard contents != last else { continue }
        last = contents
        // Read through the persistence, so that its writer knows the file as it is now.
        guard let saved = try? persistence.reload() else { continue }
        if equalIfEquatable(saved, root.peek()) != true { root.replaceFromOutside(saved) }
      }
    }
    // The loop ends with the value, at once rather than at its next look.
    root.whenReleased { follower.cancel() }
  }
}
