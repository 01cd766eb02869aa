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
  /// Ends the subscription; told whether the token was released rather than cancelled.
  private var onCancel: ((_ released: Bool) -> Void)?

  /// Makes a token that runs `onCancel` once, on the first ``cancel()`` or when released.
  ///
  /// ```swift
  /// let token = Subscription { print("stopped") }
  /// ```
  /// - Parameter onCancel: Ends the subscription.
  public init(_ onCancel: @escaping () -> Void) {
    self.onCancel = { _ in onCancel() }
  }

  /// A store's token, whose end can tell a release from a `cancel()` (a token released before
  /// the store's next action was most likely dropped by mistake: `_ = store.subscribe…`).
  ///
  /// ```swift
  /// Subscription(ending: { released in engine.removeSubscriber(id) })
  /// ```
  /// - Parameter onEnd: Ends the subscription; `released` is `true` when the token went away.
  @usableFromInline
  package init(ending onEnd: @escaping (_ released: Bool) -> Void) {
    self.onCancel = onEnd
  }

  deinit {
    end(released: true)
  }

  /// Ends the subscription; later calls do nothing.
  ///
  /// ```swift
  /// token.cancel()
  /// ```
  public func cancel() {
    end(released: false)
  }

  private func end(released: Bool) {
    guard let onCancel else { return }
    self.onCancel = nil
    onCancel(released)
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
