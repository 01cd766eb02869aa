#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A value behind a lock that the thread holding it may take again: for a value whose change
/// may read the value itself, as a shared value's `withLock` closure reads another view of the
/// same value (`$syncUps.withLock { $0.remove(id: state.syncUp.id) }`, where `syncUp` is a row
/// of `syncUps`). ``Locked`` would deadlock there.
///
/// The value is kept in memory of its own, reached through a pointer: a read made while the
/// same thread changes it (inside `withLock`) sees the value as the change has left it so far,
/// with no exclusivity trap, as a class's stored property would raise.
///
/// ```swift
/// let total = ReentrantLocked(1)
/// total.withLock { $0 += total.withLock { $0 } }  // takes the lock again: 2, no deadlock
/// ```
package final class ReentrantLocked<Value>: @unchecked Sendable {
  // Unchecked: `value` is only touched inside `withLock`, with the lock held.
  private let value: UnsafeMutablePointer<Value>
  private let lock: UnsafeMutablePointer<pthread_mutex_t>

  /// A reentrant lock around `value`.
  package init(_ value: Value) {
    self.value = .allocate(capacity: 1)
    self.value.initialize(to: value)
    lock = .allocate(capacity: 1)
    lock.initialize(to: pthread_mutex_t())
    var attributes = pthread_mutexattr_t()
    pthread_mutexattr_init(&attributes)
    pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
    pthread_mutex_init(lock, &attributes)
    pthread_mutexattr_destroy(&attributes)
  }

  deinit {
    pthread_mutex_destroy(lock)
    lock.deinitialize(count: 1)
    lock.deallocate()
    value.deinitialize(count: 1)
    value.deallocate()
  }

  /// Runs `body` on the value with the lock held; `body` may take it again on this thread.
  package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    pthread_mutex_lock(lock)
    defer { pthread_mutex_unlock(lock) }
    return try body(&value.pointee)
  }
}
