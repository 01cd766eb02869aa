/// A token that keeps a subscription alive: release it, or call ``cancel()``, to stop it.
///
/// Keep it in a property, or in a set with ``store(in:)``. Cancelling is idempotent; cancelling
/// during a notification takes effect from the next dispatch.
///
/// ```swift
/// var subscriptions = Set<Subscription>()
/// store.subscribe(\.count) { count in print(count) }.store(in: &subscriptions)
/// subscriptions.removeAll()  // stops it
/// ```
///
/// > Note: Runs on the main actor; released elsewhere, it cancels on the main actor.
@MainActor
public final class Subscription {
  private var onCancel: (@MainActor () -> Void)?

  /// Makes a token that runs `onCancel` once, on the first ``cancel()`` or when released.
  ///
  /// ```swift
  /// let token = Subscription { engine.removeSubscriber(id) }
  /// ```
  /// - Parameter onCancel: Ends the subscription.
  public init(_ onCancel: @escaping @MainActor () -> Void) {
    self.onCancel = onCancel
  }

  isolated deinit {
    cancel()
  }

  /// Ends the subscription; later calls do nothing.
  ///
  /// ```swift
  /// token.cancel()
  /// ```
  public func cancel() {
    guard let onCancel else { return }
    self.onCancel = nil
    onCancel()
  }

  /// Cancels, so a token reads like Redux's unsubscribe function.
  ///
  /// ```swift
  /// let unsubscribe = store.subscribe(\.count) { count in print(count) }
  /// unsubscribe()
  /// ```
  public func callAsFunction() { cancel() }

  /// Whether ``cancel()`` has run.
  public var isCancelled: Bool { onCancel == nil }

  /// Keeps this token in `set`, so the subscription lives as long as the set holds it.
  ///
  /// ```swift
  /// store.subscribe { state in print(state) }.store(in: &subscriptions)
  /// ```
  /// - Parameter set: Where to keep it.
  public func store(in set: inout Set<Subscription>) {
    set.insert(self)
  }
}

extension Subscription: Hashable {
  /// Tokens are equal only to themselves.
  nonisolated public static func == (lhs: Subscription, rhs: Subscription) -> Bool { lhs === rhs }

  /// Hashes the token's identity.
  nonisolated public func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(self))
  }
}
