public import IdentifiedCollections
public import ReduxCore

/// A value several features hold at once: when one writes it, every holder sees the new
/// value, and every view that reads it is told. TCA's `@Shared`, for the reducer/effect style.
///
/// Declare it in each feature's state that holds it. A key says where it lives (``SharedKey``:
/// in memory by name, in a file); without a key, a parent hands its own to the child:
///
/// ```swift
/// struct CounterList: Reducer {
///   struct State: Equatable {
///     @Shared(.inMemory("count")) var count = 0
///   }
///   enum Action { case increment }
///   func reduce(into state: inout State, action: Action) -> Effect<Action> {
///     state.$count.withLock { $0 += 1 }
///     return .none
///   }
/// }
/// ```
///
/// Reads are plain (`state.count`); a write goes through ``withLock(_:)``, in a reducer or an
/// effect, and is one change under the value's lock, whoever else holds it. A part of a shared
/// value is a shared value too: `state.$syncUp.title`, `$syncUps[id: id]`, and
/// ``init(_:)-(Shared<Value?>)`` for an optional one.
///
/// Everywhere else it is a value: `==` compares the values, a test store describes its change
/// in the assertion closure as any other (`$0.$count.withLock { $0 = 1 }`) and fails when it
/// changed and the test did not say so, and a recording or a file holds the value.
@propertyWrapper
@dynamicMemberLookup
public struct Shared<Value: Sendable>: Sendable {
  let access: SharedAccess<Value>

  init(access: SharedAccess<Value>) { self.access = access }

  /// A shared value of its own, in no storage: what a parent hands to its children, or a test
  /// to the state it starts from.
  ///
  /// ```swift
  /// let count = Shared(value: 0)
  /// ```
  /// - Parameter value: The value.
  public init(value: Value) {
    access = SharedRoot(value, keyDescription: "Shared(value:)")
  }

  /// The value `key` names: the one its storage holds, else `wrappedValue`, which becomes the
  /// stored one.
  ///
  /// ```swift
  /// struct Session: Equatable, Sendable {
  ///   @Shared(.inMemory("count")) var count = 0
  /// }
  /// ```
  /// - Parameters:
  ///   - wrappedValue: The value when the storage has none (read only then).
  ///   - key: Where the value lives.
  public init(wrappedValue: @autoclosure () -> Value, _ key: SharedKey<Value>) {
    access = SharedStorage.inForce.root(for: key, initial: wrappedValue)
  }

  /// The value `key` names: the one its storage holds, else the key's default.
  ///
  /// ```swift
  /// struct SyncUpsList: Equatable, Sendable {
  ///   @Shared(.syncUps) var syncUps: IdentifiedArrayOf<SyncUp>
  /// }
  /// ```
  /// - Parameter key: Where the value lives, with its default.
  public init(_ key: SharedKey<Value>.Default) {
    access = SharedStorage.inForce.root(for: key.key, initial: key.defaultValue)
  }

  /// The value `key` names: the one its storage holds, else `wrappedValue` (not the key's
  /// default), which becomes the stored one: how a test starts from a value of its own.
  ///
  /// ```swift
  /// struct SyncUpsList: Equatable, Sendable {
  ///   @Shared(.syncUps) var syncUps = [SyncUp(id: 1, title: "Design")]
  /// }
  /// ```
  /// - Parameters:
  ///   - wrappedValue: The value when the storage has none (read only then).
  ///   - key: Where the value lives, with its default.
  public init(wrappedValue: @autoclosure () -> Value, _ key: SharedKey<Value>.Default) {
    access = SharedStorage.inForce.root(for: key.key, initial: wrappedValue)
  }

  /// The shared value `projectedValue` is: what `@Shared var count: Int` takes as `$count`.
  ///
  /// ```swift
  /// let count = Shared(projectedValue: Shared(value: 0))
  /// ```
  /// - Parameter projectedValue: The shared value.
  public init(projectedValue: Shared<Value>) {
    self = projectedValue
  }

  /// The shared value that `optional` holds while it is not `nil`; `nil` when it is now.
  /// Once the optional becomes `nil`, it reads as its last value, and writes change nothing.
  ///
  /// ```swift
  /// let first: Shared<Int>? = Shared(Shared<Int?>(value: 1))
  /// ```
  /// - Parameter optional: A shared optional value.
  public init?(_ optional: Shared<Value?>) {
    guard let value = optional.access.peek() else { return nil }
    access = SharedUnwrapped(optional.access, value: value)
  }

  /// The value now; a view that reads it is told when any holder writes it.
  ///
  /// ```swift
  /// let value = Shared(value: 3).wrappedValue
  /// ```
  public var wrappedValue: Value { access.read() }

  /// This shared value itself, for ``withLock(_:)`` and for its parts: `state.$count`.
  ///
  /// ```swift
  /// let count = Shared(value: 0)
  /// count.projectedValue.withLock { $0 += 1 }
  /// ```
  public var projectedValue: Shared<Value> {
    get { self }
    set { self = newValue }
  }

  /// Changes the value under its lock, as one write that every holder sees, and returns what
  /// `body` returns.
  ///
  /// ```swift
  /// let count = Shared(value: 0)
  /// count.withLock { $0 += 1 }
  /// ```
  /// - Parameter body: Changes the value; it must not read or write this shared value again.
  /// - Returns: What `body` returns.
  @discardableResult
  public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    try access.modify(body)
  }

  /// A member of the value, as a shared value: reads and writes go to this one.
  ///
  /// ```swift
  /// let theme = Shared(value: ThemeState())
  /// let isDark: Shared<Bool> = theme.isDark
  /// ```
  public subscript<Member: Sendable>(dynamicMember path: WritableKeyPath<Value, Member>) -> Shared<Member> {
    Shared<Member>(access: SharedMember(access, path))
  }

  /// Waits until every write so far is saved, for a value in a file (``SharedKey/file(_:schemaVersion:checkingEvery:onError:)``);
  /// returns at once for one in memory.
  ///
  /// ```swift
  /// let syncUps = Shared<[SyncUp]>(wrappedValue: [], .file(syncUpsURL))
  /// try await syncUps.save()
  /// ```
  /// - Throws: Why the newest value is not on disk (the writer keeps retrying).
  public func save() async throws(PersistenceError) {
    try await access.root.save()
  }
}

extension Shared {
  /// The element of id `id`, as a shared optional: `nil` once no element has the id.
  /// ``init(_:)-(Shared<Value?>)`` makes it a shared element.
  ///
  /// ```swift
  /// let syncUps = Shared(value: IdentifiedArrayOf<SyncUp>(uniqueElements: [SyncUp(id: 1, title: "Design")]))
  /// let first: Shared<SyncUp>? = Shared(syncUps[id: 1])
  /// ```
  public subscript<ID: Hashable & Sendable, Element: Sendable>(id id: ID) -> Shared<Element?>
  where Value == IdentifiedArray<ID, Element> {
    Shared<Element?>(access: SharedMember(access, \.[id: id]))
  }
}
