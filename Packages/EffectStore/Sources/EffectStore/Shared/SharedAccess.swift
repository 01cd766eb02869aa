import Observation
import ReduxCore

/// How a ``Shared`` value is read and written: its root (where the value lives), or a part of
/// another shared value (a member, an element by id, an unwrapped optional). A class, so that
/// every copy of a `Shared` reaches the same value; the parts compose, each reading and writing
/// through its parent, so every write ends at one root, under its lock.
@usableFromInline
// Safe to share across threads: this base class has no stored property at all, so there is
// nothing here to race on. Each subclass restates the conformance with its own proof: the
// root keeps every mutable field inside a `Locked`, a member holds only `let`s, and an
// unwrapped value keeps its one mutable field inside a `Locked`.
class SharedAccess<Value>: @unchecked Sendable {
  /// The value where it lives, told to Observation as read.
  func read() -> Value { fatalError("a subclass reads") }
  /// Changes the value where it lives, under its root's lock; observers are told.
  func modify<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    fatalError("a subclass writes")
  }
  /// The value as it is, without telling Observation (for a comparison, a dump, a save).
  func peek() -> Value { fatalError("a subclass peeks") }
  /// Where the value lives: what a test store's log and a view's observation follow.
  var root: any SharedRootProtocol { fatalError("a subclass has a root") }
}

/// What a test store needs of a shared value's root without knowing its type.
package protocol SharedRootProtocol: AnyObject, Sendable {
  /// The value now, untracked.
  var currentValue: Any { get }
  /// How a failure names it (`.inMemory("count")`, `.file(…/syncUps.json)`).
  var keyDescription: String { get }
  /// A test store's log starts or stops holding a snapshot of this value: reads check the
  /// assertion in progress only while one does.
  func heldByLog(_ delta: Int)
  /// Waits until what was written is saved; returns at once for a value in memory.
  func save() async throws(PersistenceError)
}

/// The root of a shared value: the value, its lock, its observers, and what saves it.
//
// Safe to share across threads: the value and its log count live in `stored`, a `Locked`, and
// are read and written only inside `withLock`; the release work lives in another `Locked`;
// every other field is a `let` of a `Sendable` type (`ObservationRegistrar` is `Sendable` and
// locks its own state; the key path and the closures are immutable and `@Sendable`). `Value`
// is `Sendable`, so a value handed out of the lock may cross threads.
final class SharedRoot<Value: Sendable>: SharedAccess<Value>, SharedRootProtocol, Observable,
  // Safe: every mutable field is behind a lock (`stored`'s reentrant one: a change may read
  // the value through another view of it, a row of it); the rest are `let`s of `Sendable` types.
  @unchecked Sendable
{
  private struct Stored {
    var value: Value
    /// How many test-store logs hold a snapshot of it (0 outside tests).
    var logHolds = 0
  }
  private let stored: ReentrantLocked<Stored>
  private let registrar = ObservationRegistrar()
  let keyDescription: String
  /// Called after each write with the new value, off the lock (a file key's save).
  private let didWrite: (@Sendable (Value) -> Void)?
  /// Waits until what was written is saved (a file key's); `nil` for a value in memory.
  let flush: (@Sendable () async throws(PersistenceError) -> Void)?

  init(
    _ value: Value, keyDescription: String, didWrite: (@Sendable (Value) -> Void)? = nil,
    flush: (@Sendable () async throws(PersistenceError) -> Void)? = nil
  ) {
    stored = ReentrantLocked(Stored(value: value))
    observedKeyPath = \SharedRoot.observedValue
    self.keyDescription = keyDescription
    self.didWrite = didWrite
    self.flush = flush
  }

  /// The property Observation knows the value by.
  var observedValue: Value { peek() }
  /// Its key path, made once: a key path into a generic class is instantiated each time its
  /// literal is evaluated, which costs more than the whole write.
  private let observedKeyPath: KeyPath<SharedRoot, Value>

  override var root: any SharedRootProtocol { self }
  var currentValue: Any { peek() }

  override func peek() -> Value {
    // No tuple in or out of the lock: a generic tuple's type is looked up at run time.
    var isHeld = false
    let value = stored.withLock { stored in
      isHeld = stored.logHolds > 0
      return stored.value
    }
    // In a test store's assertion closure, the value as of the last assertion, with what the
    // closure changed: the test describes the change, the store made it.
    if _slowPath(isHeld), let log = SharedChangeLog.asserting, let expected = log.expectedValue(of: self) {
      return expected as! Value
    }
    return value
  }

  override func read() -> Value {
    registrar.access(self, keyPath: observedKeyPath)
    return peek()
  }

  override func modify<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    if let log = SharedChangeLog.asserting {
      return try log.modifyExpected(of: self, current: stored.withLock { $0.value }, body)
    }
    // A test store's reducer or effect: the value before the first change since the last
    // assertion is kept, for the test to describe the change against.
    let log = DependencyValues.current.sharedChanges
    // A diff being made (the logging middleware, a recording) is told what changed here.
    if let writes = ReferenceWrites.current {
      writes.wrote(
        ObjectIdentifier(self), name: "shared \(keyDescription)", before: String(describing: peek()),
        now: { [self] in String(describing: peek()) })
    }
    registrar.willSet(self, keyPath: observedKeyPath)
    defer { registrar.didSet(self, keyPath: observedKeyPath) }
    let result = try stored.withLock { stored in
      if let log, log.keepsBefore(self, value: stored.value) { stored.logHolds += 1 }
      return try body(&stored.value)
    }
    if let didWrite { didWrite(stored.withLock { $0.value }) }
    return result
  }

  /// Sets the value from outside the app's writes (another process saved the file): observers
  /// are told, nothing is saved back.
  func replaceFromOutside(_ value: Value) {
    registrar.willSet(self, keyPath: observedKeyPath)
    stored.withLock { $0.value = value }
    registrar.didSet(self, keyPath: observedKeyPath)
  }

  func heldByLog(_ delta: Int) { stored.withLock { $0.logHolds += delta } }

  /// Work to end when the value goes (a file follower's task).
  private let endedWithIt = Locked<[@Sendable () -> Void]>([])

  /// Runs `end` when the value is released.
  func whenReleased(_ end: @escaping @Sendable () -> Void) { endedWithIt.withLock { $0.append(end) } }

  deinit {
    for end in endedWithIt.withLock({ $0 }) { end() }
  }

  func save() async throws(PersistenceError) { try await flush?() }
}

/// A member of another shared value, reached by a key path (`$syncUp.title`,
/// `$syncUps[id: id]`).
//
// Safe to share across threads: both fields are `let`s. The parent is itself `Sendable`, and
// the key path is an immutable object. Each read and write goes through the parent, and so
// under the root's lock.
final class SharedMember<Parent, Value>: SharedAccess<Value>, @unchecked Sendable {
  let parent: SharedAccess<Parent>
  // A key path is an immutable object that is never mutated after it is made, so reading it
  // from any thread is safe; the standard library does not mark every key path `Sendable`.
  nonisolated(unsafe) let path: WritableKeyPath<Parent, Value>

  init(_ parent: SharedAccess<Parent>, _ path: WritableKeyPath<Parent, Value>) {
    self.parent = parent
    self.path = path
  }

  override var root: any SharedRootProtocol { parent.root }
  override func read() -> Value { parent.read()[keyPath: path] }
  override func peek() -> Value { parent.peek()[keyPath: path] }
  override func modify<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    try parent.modify { try body(&$0[keyPath: path]) }
  }
}

/// An optional shared value known to hold a value: it reads as its last value once the
/// optional becomes `nil` (a view still on screen while its row is deleted), and a write then
/// changes nothing.
//
// Safe to share across threads: the parent is a `Sendable` `let`, and the one mutable field,
// the last value, lives in a `Locked` and is touched only inside `withLock`.
final class SharedUnwrapped<Value: Sendable>: SharedAccess<Value>, @unchecked Sendable {
  let parent: SharedAccess<Value?>
  private let lastValue: Locked<Value>

  init(_ parent: SharedAccess<Value?>, value: Value) {
    self.parent = parent
    lastValue = Locked(value)
  }

  override var root: any SharedRootProtocol { parent.root }
  override func read() -> Value { remember(parent.read()) }
  override func peek() -> Value { remember(parent.peek()) }
  override func modify<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    try parent.modify { optional in
      var value = optional ?? lastValue.withLock { $0 }
      let result = try body(&value)
      if optional != nil { optional = value }
      return result
    }
  }

  private func remember(_ value: Value?) -> Value {
    guard let value else { return lastValue.withLock { $0 } }
    // An assertion closure reads the value as the test last asserted it: not the last one.
    if SharedChangeLog.asserting == nil { lastValue.withLock { $0 = value } }
    return value
  }
}
