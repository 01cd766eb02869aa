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
///
/// The two words are one vector, so that a dispatch compares them with one load, one `and`, one
/// exclusive or and one `or` (four instructions a pair where two scalar words took nine).
@usableFromInline
struct WatchedWords {
  @usableFromInline var mask: SIMD2<UInt64>
  @usableFromInline var kept: SIMD2<UInt64>
  @usableFromInline var offset: Int

  /// One word, in the first lane.
  @inlinable
  init(offset: Int, mask: UInt64, kept: UInt64) {
    self.init(offset: offset, mask: SIMD2(mask, 0), kept: SIMD2(kept, 0))
  }

  @inlinable
  init(offset: Int, mask: SIMD2<UInt64>, kept: SIMD2<UInt64>) {
    self.offset = offset
    self.mask = mask
    self.kept = kept
  }
}
