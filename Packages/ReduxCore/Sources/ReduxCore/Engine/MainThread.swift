import Dispatch

/// Whether code runs on the main actor's executor, the main queue: how a store made where Swift
/// reports no actor (`#isolation` is `nil` in a property's default value, a `lazy var` or a
/// plain function, even on the main actor) finds its home.
///
/// The main thread is not the test: on Linux, once a program's async `main` starts, the main
/// queue (and with it the main actor) is served by another thread.
@usableFromInline
enum MainThread {
  /// A mark set on the main queue once, read back by code that runs on it.
  private static let mark: DispatchSpecificKey<Bool> = {
    let mark = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: mark, value: true)
    return mark
  }()

  /// Whether the caller runs on the main queue, where the main actor runs.
  @usableFromInline
  static var isCurrent: Bool {
    DispatchQueue.getSpecific(key: mark) == true
  }
}
