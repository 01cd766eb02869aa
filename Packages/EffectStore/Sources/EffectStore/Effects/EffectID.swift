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

/// Where a part's effects belong (a list element's, a sheet's, an enum case's): the namespace of
/// their ids, and how to tell from the state that the part is still there.
@usableFromInline
struct EffectScope {
  let id: EffectID
  /// Given the store's state (as `Any`), whether the part is still in it. A state of another
  /// type than the one the scope was made for (a scope nested in a child no reducer lifted it
  /// from) counts as alive: its effects then end with the store or their id.
  let isAlive: (Any) -> Bool

  /// The same scope, checked against a state `lift` takes the part's parent out of: a parent
  /// reducer makes its child's scopes answer for its own state.
  func lifted(by lift: @escaping (Any) -> Any?) -> EffectScope {
    let isAlive = isAlive
    return EffectScope(id: id) { state in lift(state).map(isAlive) ?? true }
  }
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

/// How a throttled effect is started: at most once per `interval` on `clock` under `id`, the
/// first at once, then the first (or the latest) of those asked for meanwhile when the window
/// ends.
@usableFromInline
struct EffectThrottle: Sendable {
  let id: EffectID
  let interval: Duration
  let clock: any Clock<Duration>
  let latest: Bool
}
