#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A value behind a lock, for the few things that cross threads (an effect's tasks, a stream's
/// end, a save waiting for its turn, a test store's wake-ups).
///
/// The standard library's `Mutex` and `Atomic` (the Synchronization module) would do, but they
/// need macOS 15 and iOS 18, and the package supports macOS 14 and iOS 17, where Observation
/// starts; CI builds on Linux, where they have no such limit, so `.ci/check-platforms` keeps
/// them out of the sources. The lock is the platform's own: `os_unfair_lock` on Apple platforms,
/// a `pthread_mutex_t` elsewhere, allocated once so that it never moves.
///
/// ```swift
/// let tasks = Locked([Task<Void, Never>]())
/// tasks.withLock { $0.append(task) }
/// ```
package final class Locked<Value>: @unchecked Sendable {
  // Unchecked: `value` is only touched inside `withLock`, with the lock held.
  private var value: Value
  #if canImport(Darwin)
    private let lock: UnsafeMutablePointer<os_unfair_lock>
  #else
    private let lock: UnsafeMutablePointer<pthread_mutex_t>
  #endif

  /// A lock around `value`.
  package init(_ value: Value) {
    self.value = value
    lock = .allocate(capacity: 1)
    #if canImport(Darwin)
      lock.initialize(to: os_unfair_lock())
    #else
      lock.initialize(to: pthread_mutex_t())
      pthread_mutex_init(lock, nil)
    #endif
  }

  deinit {
    #if !canImport(Darwin)
      pthread_mutex_destroy(lock)
    #endif
    lock.deinitialize(count: 1)
    lock.deallocate()
  }

  /// Runs `body` on the value with the lock held; `body` must not take the lock again.
  package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    #if canImport(Darwin)
      os_unfair_lock_lock(lock)
      defer { os_unfair_lock_unlock(lock) }
    #else
      pthread_mutex_lock(lock)
      defer { pthread_mutex_unlock(lock) }
    #endif
    return try body(&value)
  }
}
