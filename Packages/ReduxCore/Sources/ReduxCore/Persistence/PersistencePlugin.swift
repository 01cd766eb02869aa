#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// Saves every store an app makes, whose state is `Codable` and `Sendable`, to a file of its own,
/// and starts each from what it saved: a ``StatePersistence`` per store, from one
/// ``StorePlugin`` (Pinia's persisted-state plugin).
///
/// ```swift
/// let plugins = StorePlugins(PersistencePlugin(folder: folder))
/// let store = plugins.makingStores {
///   createStore(reducer: counterReducer, initialState: Counter())
/// }
/// store.dispatch(.increment)  // saved to folder/Counter.json
/// ```
///
/// Each store's file is `<folder>/<store name>.json` (``StoreSetup/name``: the class of a
/// class-based store, the state's type otherwise), written and read as ``StatePersistence``
/// does: atomically, locked against a second writer, a file it cannot read moved aside and
/// reported, never overwritten. Stores whose state is not `Codable & Sendable` are left alone.
/// Two stores of one name in one app share a file: the second is refused the file's lock and
/// reported (``PersistenceError/lockedByAnotherWriter(_:lockFile:)``); give one of them a
/// ``StatePersistence`` of its own instead. For migrations, transient fields or a save delay of
/// one store, do the same.
public struct PersistencePlugin: StorePlugin {
  /// The folder the files go in; created on the first save.
  public let folder: URL
  /// The version of the states' shape this app writes and reads (see
  /// ``StatePersistence/schemaVersion``).
  public let schemaVersion: Int
  /// The names of the stores to save; `nil` for every store.
  public let storeNames: Set<String>?
  /// Told why a file could not be read or written (not of a first launch's missing file).
  public let onError: @Sendable (PersistenceError) -> Void

  /// Saves the stores named in `storeNames` (all by default) into `folder`.
  ///
  /// ```swift
  /// let persistence = PersistencePlugin(folder: folder, storeNames: ["Counter"]) { problem in
  ///   print(problem)
  /// }
  /// ```
  /// - Parameters:
  ///   - folder: Where the files go.
  ///   - schemaVersion: The version of the states' shape.
  ///   - storeNames: The names of the stores to save (``StoreSetup/name``); `nil` for all.
  ///   - onError: Told why a file could not be read or written.
  public init(
    folder: URL,
    schemaVersion: Int = 1,
    storeNames: Set<String>? = nil,
    onError: @escaping @Sendable (PersistenceError) -> Void = { print($0) }
  ) {
    self.folder = folder
    self.schemaVersion = schemaVersion
    self.storeNames = storeNames
    self.onError = onError
  }

  /// Starts the store from its file, if there is one, and saves it after each change.
  ///
  /// ```swift
  /// let saved = StorePlugins(PersistencePlugin(folder: folder)).makingStores {
  ///   createStore(reducer: counterReducer, initialState: Counter())  // starts from Counter.json
  /// }
  /// ```
  /// - Parameter store: The store being made.
  public func prepare<State, Action>(_ store: inout StoreSetup<State, Action>) {
    guard let savable = State.self as? any (Codable & Sendable).Type, storeNames?.contains(store.name) ?? true
    else {
      return
    }
    persist(&store, as: savable)
  }

  /// The work of ``prepare(_:)`` once `State` is known to be `Saved`, its `Codable` self.
  private func persist<State, Action, Saved: Codable & Sendable>(
    _ store: inout StoreSetup<State, Action>, as _: Saved.Type
  ) {
    let persistence = StatePersistence<Saved>(
      fileURL: folder.appendingPathComponent("\(store.name).json"), schemaVersion: schemaVersion)
    let onError = onError
    // `Saved` is `State` (the cast in `prepare` found it): these casts only tell the compiler.
    guard let initial = store.state as? Saved else { return }
    let restored = persistence.load(orInitial: initial) { problem in
      if case .fileNotFound = problem { return }
      onError(problem)
    }
    let saving: Middleware<Saved, Action> = persistence.middleware(onError: { onError($0) })
    guard let state = restored as? State, let saving = saving as? Middleware<State, Action> else {
      return
    }
    store.state = state
    store.add(saving)
  }
}
