/// The shared comparison for every subscriber of one key path.
///
/// Once per notification round, before any subscriber is called, the store reads the value and
/// compares it with the last one; every subscriber of that key path reuses the answer. A hundred
/// subscribers of an unchanged field therefore cost one read and one comparison per dispatch,
/// plus a branch each.
@usableFromInline
final class KeyPathSelection<State, Value: Equatable> {
  @usableFromInline let field: FieldReader<State, Value>
  /// Where the field's bytes lie, when it can be compared by them (see ``FieldBits``).
  @usableFromInline let bitsLocation: FieldBits.Location?
  // Exclusivity: read and written only in the store's domain, by `evaluate` and by the group's
  // subscribers after it, never during each other.
  @exclusivity(unchecked) @usableFromInline var lastValue: Value
  @usableFromInline let flag = ChangeFlag()

  @inlinable
  init(keyPath: KeyPath<State, Value>, state: State) {
    self.field = FieldReader(keyPath)
    self.lastValue = state[keyPath: keyPath]
    // Any small stored field: this keeps `lastValue`, which the bytes come from.
    bitsLocation = FieldBits.Location.of(Value.self, at: field.offset, in: State.self, plainOnly: false)
    if let bitsLocation {
      var state = state
      flag.lastBits = FieldBits(at: bitsLocation, in: &state)
    }
  }

  /// Reads the value from the new state and records whether it changed. The state is `inout`
  /// only to be read where it lies; it is not changed.
  ///
  /// The new value is kept even when it equals the last one: the loop compared the field's
  /// bytes with ``ChangeFlag/lastBits`` and has set them to the new value's, so the value kept
  /// must be the one those bytes describe (an equal array in other storage, say).
  @inlinable
  func evaluate(_ state: inout State) {
    // A stored field too large for the loop's bytes (a collection of several references, such
    // as an `IdentifiedArrayOf`) is compared by its bytes here, against the kept value, before
    // it is copied: equal bytes are the same storage, unchanged (see `FieldBits.Location.of`).
    // Copying it first would retain and release each of its references on every dispatch.
    if bitsLocation == nil, let offset = field.offset,
      FieldBits.sameBytes(at: offset, in: &state, as: &lastValue)
    {
      flag.changed = false
      return
    }
    let value = field.read(inPlace: &state)
    flag.changed = value != lastValue
    lastValue = value
  }
}
