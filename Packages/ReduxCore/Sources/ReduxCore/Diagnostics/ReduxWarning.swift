#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Messages for code that runs but most likely does not do what its author meant: printed to
/// standard error, once per kind, and the program goes on.
@usableFromInline
enum ReduxWarning {
  /// Kinds already printed: each is said once per process, however often it happens.
  private static let printed = Locked<Set<String>>([])

  @usableFromInline
  static func subscriptionReleasedAtOnce() {
    warn(
      "subscription-released",
      """
      ReduxCore warning: a subscription's token was released before the store's next action, so \
      its observer will never be told anything. Keep the token while you want to be told: in a \
      property (`token = store.subscribe…`) or a set (`.store(in: &subscriptions)`); \
      `_ = store.subscribe…` ends the subscription at once.
      """)
  }

  private static func warn(_ kind: String, _ message: String) {
    let isNew = printed.withLock { $0.insert(kind).inserted }
    guard isNew else { return }
    var line = message + "\n"
    line.withUTF8 { bytes in _ = write(STDERR_FILENO, bytes.baseAddress, bytes.count) }
  }
}
