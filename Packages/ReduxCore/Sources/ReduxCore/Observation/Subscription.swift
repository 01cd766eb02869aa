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
/// > Note: It belongs to its store's isolation domain, like the store.
public final class Subscription {
  private var onCancel: (() -> Void)?

  /// Makes a token that runs `onCancel` once, on the first ``cancel()`` or when released.
  ///
  /// ```swift
  /// let token = Subscription { engine.removeSubscriber(id) }
  /// ```
  /// - Parameter onCancel: Ends the subscription.
  public init(_ onCancel: @escaping () -> Void) {
    self.onCancel = onCancel
  }

  deinit {
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
  public static func == (lhs: Subscription, rhs: Subscription) -> Bool { lhs === rhs }

  /// Hashes the token's identity.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(self))
  }
}
