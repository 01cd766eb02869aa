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

/// One word of the state that watched fields lie in: where it is, which of its bits belong to
/// a field, and what those bits were when the field was armed.
@usableFromInline
struct WatchedWord {
  @usableFromInline let offset: Int
  @usableFromInline let mask: UInt64
  @usableFromInline let kept: UInt64

  @inlinable
  init(offset: Int, mask: UInt64, kept: UInt64) {
    self.offset = offset
    self.mask = mask
    self.kept = kept
  }
}
