/// Whether a shared key path's value changed in the current notification round.
///
/// Grouped subscribers hold this (a plain, non-generic object) so that the notification loop can
/// skip every subscriber of an unchanged key path with one load and one branch, without a call.
@usableFromInline
final class ChangeFlag {
  // Exclusivity: written only by its group's evaluation, read only by the notification loop,
  // one after the other in the store's domain; no access can overlap another.
  @exclusivity(unchecked) @usableFromInline var changed = false
  /// For a field compared by its bytes: its bytes after the last round.
  @exclusivity(unchecked) @usableFromInline var lastBits = FieldBits()

  @inlinable init() {}

  /// The flag of a removed subscriber: nothing ever sets it, so the loop skips that entry.
  // Unchecked: shared by every store, but only ever read (`changed` stays `false`); only a
  // group's own flag is written, and this one belongs to no group.
  @usableFromInline nonisolated(unsafe) static let neverChanged = ChangeFlag()
}
