/// A middleware added to a live store: remove it with ``remove()``. Keeping or releasing this
/// value changes nothing: the middleware stays until it is removed or the store goes.
///
/// ```swift
/// let debugLog = store.addMiddleware(.logging(label: "debug"))
/// // …
/// debugLog.remove()
/// ```
///
/// > Note: It belongs to its store's isolation domain, like the store.
public final class AddedMiddleware {
  private var onRemove: (() -> Void)?

  @usableFromInline
  init(onRemove: @escaping () -> Void) {
    self.onRemove = onRemove
  }

  /// Takes the middleware out of the store's chain, from the next action on; later calls do
  /// nothing.
  ///
  /// ```swift
  /// let debugLog = store.addMiddleware(.logging(label: "debug"))
  /// debugLog.remove()
  /// ```
  public func remove() {
    guard let onRemove else { return }
    self.onRemove = nil
    onRemove()
  }

  /// Whether the middleware is still in the store's chain (``remove()`` has not run).
  public var isActive: Bool { onRemove != nil }
}
