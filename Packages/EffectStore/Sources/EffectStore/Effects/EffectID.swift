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
