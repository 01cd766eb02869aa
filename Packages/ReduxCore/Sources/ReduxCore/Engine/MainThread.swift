#if canImport(Darwin)
  import Darwin
#else
  import Dispatch
  import Foundation
#endif

/// Whether code runs where the main actor runs: how a store made where Swift reports no actor
/// (`#isolation` is `nil` in a property's default value, a `lazy var` or a plain function, even
/// on the main actor) finds its home.
@usableFromInline
package enum MainThread {
  #if !canImport(Darwin)
    /// A mark set on the main queue once, read back by code that runs on it.
    private static let mark: DispatchSpecificKey<Bool> = {
      let mark = DispatchSpecificKey<Bool>()
      DispatchQueue.main.setSpecific(key: mark, value: true)
      return mark
    }()
  #endif

  /// Whether the caller runs on the main actor's executor.
  ///
  /// On Apple platforms that is the main thread. On Linux it is the main thread until a
  /// program's async `main` starts, and the main queue after: from then on that queue is served
  /// by another thread, so the thread alone would say no.
  @usableFromInline
  package static var isCurrent: Bool {
    #if canImport(Darwin)
      pthread_main_np() != 0
    #else
      DispatchQueue.getSpecific(key: mark) == true || Thread.isMainThread
    #endif
  }
}
