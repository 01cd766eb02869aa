/// A cancellation id of any type, kept for the runner's bookkeeping.
@usableFromInline
struct EffectID: Hashable {
  let value: AnyHashable

  init(_ value: some Hashable & Sendable) {
    self.value = AnyHashable(value)
  }
}

// `AnyHashable` is not `Sendable`, but the only initializer takes a value that is, so the
// wrapped value is always safe to share across isolation domains.
extension EffectID: @unchecked Sendable {}

/// An id inside a namespace (a list element's), so that equal ids of two elements differ.
struct NamespacedID: Hashable, Sendable {
  let namespace: EffectID
  let id: EffectID
}

/// Where a list element's effects belong: the namespace of their ids, and how to tell from the
/// parent's state that the element is still there.
@usableFromInline
struct EffectScope {
  let id: EffectID
  /// Given the store's state (as `Any`), whether the element is still in it.
  let isAlive: (Any) -> Bool
}

// `isAlive` is a pure function of its argument: it captures only a key path (an immutable
// object) and an element id (`Sendable`), and reads the state it is given; nothing it touches
// can change or be shared, so the scope is safe to send.
extension EffectScope: @unchecked Sendable {}

/// The id of a list element, for ``EffectScope``: the collection's key path and the element's id.
struct ElementKey<ID: Hashable & Sendable>: Hashable {
  let collection: AnyKeyPath
  let id: ID
}

// The key path is an immutable object and the id is `Sendable`.
extension ElementKey: @unchecked Sendable {}
