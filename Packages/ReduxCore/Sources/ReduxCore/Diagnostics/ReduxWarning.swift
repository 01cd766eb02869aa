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

  /// An action reached a store after its `dispose()`: dropped.
  static func sentAfterDispose(_ action: Any, in style: StoreStyle) {
    warn(
      "sent-after-dispose",
      """
      \(style.module) warning: \(action) was sent to a store after its dispose(), and was \
      dropped. Work that may outlive the store (a task, an async method) should end with it, or \
      check `store.isDisposed` before it sends.
      """)
  }

  /// Tokens made and ended so far, in the whole process.
  private static let tokenEvents = Locked<UInt64>(0)

  /// Counts a token made; what it returns is given back to ``isFirstEventSince(_:)``.
  @usableFromInline
  static func tokenMade() -> UInt64 {
    tokenEvents.withLock {
      $0 &+= 1
      return $0
    }
  }

  /// Counts a token ended, and says whether it is the first token event since `made`: nothing
  /// else made or ended a token in between, the mark of `_ = store.subscribe…` (a token kept by
  /// a screen is released long after others were made and ended).
  @usableFromInline
  static func isFirstEventSince(_ made: UInt64) -> Bool {
    tokenEvents.withLock {
      $0 &+= 1
      return $0 == made &+ 1
    }
  }

  /// Rows read through a key path subscript so far (`store.state(\.todos[id: id])`), in the
  /// whole process, until the warning below is printed.
  private static let rowsReadBySubscript = Locked(0)

  /// How many such rows a process reads before it is told of the faster spelling: a screen's
  /// worth, more than a detail view or two.
  static let rowsReadBySubscriptBeforeWarning = 20

  /// Counts a row first read through a key path subscript, and warns once there are many: each
  /// such read is a key path the runtime applies after every action, 10 to 50 times what the
  /// same row read with `state(_:id:)` costs.
  @usableFromInline
  static func noteRowReadBySubscript() {
    let count = rowsReadBySubscript.withLock {
      $0 += 1
      return $0
    }
    guard count == rowsReadBySubscriptBeforeWarning else { return }
    warn(
      "rows-read-by-subscript",
      """
      ReduxCore warning: \(count) rows are watched through key paths with a subscript, such as \
      store.state(\\.todos[id: id]). Each is applied by the runtime and compared after every \
      action, 10 to 50 times the cost of the same row read with store.state(\\.todos, id: id), \
      which tracks the same changes: write that instead (Observation.md, "Rows of a list").
      """)
  }

  static func warn(_ kind: String, _ message: String) {
    let isNew = printed.withLock { $0.insert(kind).inserted }
    guard isNew else { return }
    var line = message + "\n"
    line.withUTF8 { bytes in _ = write(STDERR_FILENO, bytes.baseAddress, bytes.count) }
  }
}

/// What a style other than the engine's own needs to warn of a token dropped at once (a
/// class store's action hook): the count of tokens made and ended, and the warning.
package enum TokenWarnings {
  /// Counts a token made; what it returns is given back to ``isFirstEventSince(_:)``.
  package static func tokenMade() -> UInt64 { ReduxWarning.tokenMade() }

  /// Counts a token ended, and says whether nothing else made or ended a token since `made`.
  package static func isFirstEventSince(_ made: UInt64) -> Bool { ReduxWarning.isFirstEventSince(made) }

  /// An action hook's token was released before anything else happened.
  package static func actionHookReleasedAtOnce() {
    ReduxWarning.warn(
      "action-hook-released",
      """
      ClassStore warning: an action hook's token was released as soon as it was made, so the \
      hook will never be called. Keep the token while you want the hook: in a property \
      (`hook = store.onAction { … }`) or a set (`.store(in: &subscriptions)`); \
      `_ = store.onAction { … }` removes the hook at once.
      """)
  }
}
