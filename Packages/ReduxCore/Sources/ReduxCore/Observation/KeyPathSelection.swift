/// The shared comparison for every subscriber of one key path.
///
/// The first subscriber of a key path to be notified in a round reads the value and compares it
/// with the last one; every other subscriber of that key path reuses the answer. A hundred
/// subscribers of an unchanged field therefore cost one read and one comparison per dispatch.
@usableFromInline
final class KeyPathSelection<State, Value: Equatable> {
  @usableFromInline let keyPath: KeyPath<State, Value>
  @usableFromInline var lastValue: Value
  @usableFromInline var evaluatedRound: UInt64
  @usableFromInline var changedInRound = false

  @inlinable
  init(keyPath: KeyPath<State, Value>, state: State, round: UInt64) {
    self.keyPath = keyPath
    self.lastValue = state[keyPath: keyPath]
    self.evaluatedRound = round
  }

  /// Whether the value changed in this notification round; reads the state once per round.
  @inlinable
  func changed(in state: State, round: UInt64) -> Bool {
    if evaluatedRound != round {
      evaluatedRound = round
      let value = state[keyPath: keyPath]
      changedInRound = value != lastValue
      if changedInRound { lastValue = value }
    }
    return changedInRound
  }
}
