import ReduxCore

/// The dependencies in force where a reducer or an effect runs: the live values, with what the
/// store, a parent feature or a test replaced. Extend it with a property per dependency (see
/// ``DependencyKey``).
///
/// There is no global: the values in force are a task-local value each store binds while its
/// reducer runs and gives the tasks its effects run in, so two stores on two actors, or two
/// tests at once, each see their own.
///
/// ```swift
/// var values = DependencyValues()
/// values.numberFacts = NumberFacts { _ in "a test fact" }
/// ```
public struct DependencyValues: Sendable {
  /// The values set, by key.
  private var storage: [ObjectIdentifier: any Sendable] = [:]
  /// Told the name of a key read but never set, in a test store's values; `nil` elsewhere.
  package var reportUnprovided: (@Sendable (_ key: String) -> Void)?
  /// While ``update(_:)`` runs: the keys read unprovided, reported only if the update does not
  /// set them (`$0.apiClient.fetch = …` reads `apiClient` to write into it).
  private var readsWhileUpdating: UnprovidedReads?
  /// What `dismiss()` does in an effect of the root feature, which nothing presents: a test
  /// store's own dismissal (TCA's dismissed test store); `nil` elsewhere, where it is reported.
  package var rootDismissal: (@Sendable () async -> Void)?
  /// A test store's record of the shared values its store changed (see ``Shared``); `nil`
  /// outside test stores.
  package var sharedChanges: SharedChangeLog?

  /// The values in force here: bound by the store whose reducer or effect is running.
  @TaskLocal public static var current = DependencyValues()

  /// No value set: every dependency reads as its live value.
  ///
  /// ```swift
  /// let values = DependencyValues()
  /// ```
  public init() {}

  /// The dependency of `key`: the value set, else its live value (in a test store, its test
  /// value, or the test fails).
  ///
  /// ```swift
  /// let facts = DependencyValues.current[NumberFactsKey.self]
  /// ```
  public subscript<Key: DependencyKey>(key: Key.Type) -> Key.Value {
    get {
      if let value = storage[ObjectIdentifier(key)] as? Key.Value { return value }
      if let reportUnprovided {
        if let test = Key.testValue { return test }
        let name = String(describing: Key.self)
        if let readsWhileUpdating { readsWhileUpdating.read(name) } else { reportUnprovided(name) }
      }
      return Key.liveValue
    }
    set {
      storage[ObjectIdentifier(key)] = newValue
      readsWhileUpdating?.written(String(describing: Key.self))
    }
  }

  /// Applies `change`, reporting a key it read unprovided only if it did not also set it: a
  /// dependency overridden by writing into it (`$0.apiClient.fetch = …`, which reads
  /// `apiClient` first) is provided, not missing.
  ///
  /// ```swift
  /// values.update { $0.numberFacts.fetch = { _ in "a test fact" } }
  /// ```
  /// - Parameter change: Sets dependencies.
  package mutating func update(_ change: (inout DependencyValues) -> Void) {
    startUpdating()
    change(&self)
    finishUpdating()
  }

  /// Starts an update made of several steps (a test store's `dependencies.apiClient.fetch = …`):
  /// from here to ``finishUpdating()``, a key read unprovided is reported only if it is not set.
  package mutating func startUpdating() {
    if reportUnprovided != nil { readsWhileUpdating = UnprovidedReads() }
  }

  /// Ends the update ``startUpdating()`` began: reports the keys it read unprovided and left unset.
  package mutating func finishUpdating() {
    guard let reads = readsWhileUpdating else { return }
    readsWhileUpdating = nil
    for key in reads.unwritten { reportUnprovided?(key) }
  }

  /// Whether nothing is set and nothing is reported: binding these changes nothing.
  @usableFromInline var isEmpty: Bool {
    storage.isEmpty && reportUnprovided == nil && sharedChanges == nil && rootDismissal == nil
  }

  /// These values with `update` applied.
  @usableFromInline func with(_ change: (inout DependencyValues) -> Void) -> DependencyValues {
    var values = self
    values.update(change)
    return values
  }
}

/// The keys an update of a test store's values read unprovided, less those it then set.
//
// Safe to share: its one field is behind a lock. It is `Sendable` only because
// `DependencyValues` is; one update uses it, on one thread, while it runs.
final class UnprovidedReads: Sendable {
  private let keys = Locked<[String]>([])

  func read(_ key: String) { keys.withLock { if !$0.contains(key) { $0.append(key) } } }
  func written(_ key: String) { keys.withLock { $0.removeAll { $0 == key } } }
  var unwritten: [String] { keys.withLock { $0 } }
}
