/// An armed field observation as the dispatch loop reads it: where its bytes lie is in the
/// array's own storage, so a field compared by its bits costs no call and no retain.
@usableFromInline
struct ArmedField<State> {
  @usableFromInline let observation: FieldObservation<State>
  @usableFromInline let bitsLocation: FieldBits.Location?

  @inlinable
  init(_ observation: FieldObservation<State>) {
    self.observation = observation
    bitsLocation = observation.bitsLocation
  }
}

/// Sixteen bytes of the state that watched fields lie in, read as two words in one step: where they
/// are, which of their bits belong to a field, and what those bits were when the field was armed.
/// Two fields in adjacent words share one (ten `Int` fields in a row are five).
@usableFromInline
struct WatchedWords {
  @usableFromInline var offset: Int
  @usableFromInline var mask: (UInt64, UInt64)
  @usableFromInline var kept: (UInt64, UInt64)

  /// One word, in the first lane.
  @inlinable
  init(offset: Int, mask: UInt64, kept: UInt64) {
    self.init(offset: offset, mask: (mask, 0), kept: (kept, 0))
  }

  @inlinable
  init(offset: Int, mask: (UInt64, UInt64), kept: (UInt64, UInt64)) {
    self.offset = offset
    self.mask = mask
    self.kept = kept
  }
}
