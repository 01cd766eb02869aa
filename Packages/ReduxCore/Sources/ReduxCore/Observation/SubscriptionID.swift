/// Names one subscriber of one store, so that it can be removed later.
///
/// Styles whose subscriptions end only when asked (like Redux's `subscribe`, which returns an
/// unsubscribe function) keep this; ``Subscription`` tokens wrap it and end when released.
///
/// ```swift
/// let id = store.engine.addSubscriber { print("changed") }
/// store.engine.removeSubscriber(id)
/// ```
@usableFromInline package struct SubscriptionID: Hashable, Sendable {
  @usableFromInline let rawValue: UInt64

  @inlinable init(rawValue: UInt64) { self.rawValue = rawValue }
}
