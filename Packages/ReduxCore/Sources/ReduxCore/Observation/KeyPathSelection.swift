/// Whether a shared key path's value changed in the current notification round.
///
/// Grouped subscribers hold this (a plain, non-generic object) so that the notification loop can
/// skip every subscriber of an unchanged key path with one load and one branch, without a call.
@usableFromInline
final class ChangeFlag {
  // Exclusivity: written only by its group's evaluation, read only by the notification loop,
  // one after the other on the main actor; no access can overlap another.
  @exclusivity(unchecked) @usableFromInline var changed = false

  @inlinable init() {}

  /// The flag of a removed subscriber: nothing ever sets it, so the loop skips that entry.
  // Unchecked: shared by every store, but only ever read (`changed` stays `false`); only a
  // group's own flag is written, and this one belongs to no group.
  @usableFromInline nonisolated(unsafe) static let neverChanged = ChangeFlag()
}

/// The shared comparison for every subscriber of one key path.
///
/// Once per notification round, before any subscriber is called, the store reads the value and
/// compares it with the last one; every subscriber of that key path reuses the answer. A hundred
/// subscribers of an unchanged field therefore cost one read and one comparison per dispatch,
/// plus a branch each.
@usableFromInline
final class KeyPathSelection<State, Value: Equatable> {
  @usableFromInline let field: FieldReader<State, Value>
  // Exclusivity: read and written only on the main actor, by `evaluate` and by the group's
  // subscribers after it, never during each other.
  @exclusivity(unchecked) @usableFromInline var lastValue: Value
  @usableFromInline let flag = ChangeFlag()

  @inlinable
  init(keyPath: KeyPath<State, Value>, state: State) {
    self.field = FieldReader(keyPath)
    self.lastValue = state[keyPath: keyPath]
  }

  /// Reads the value from the new state and records whether it changed.
  @inlinable
  func evaluate(_ state: State) {
    let value = field.read(state)
    if value == lastValue {
      flag.changed = false
    } else {
      lastValue = value
      flag.changed = true
    }
  }
}
