/// The comparison for one subscriber's selector closure: evaluated with the key-path groups,
/// before any subscriber is called, so that the state is handed to it by address.
@usableFromInline
final class ClosureSelection<State, Value> {
  @usableFromInline let select: (State) -> Value
  @usableFromInline let isDuplicate: (Value, Value) -> Bool
  // Exclusivity: as for `KeyPathSelection`.
  @exclusivity(unchecked) @usableFromInline var lastValue: Value
  @usableFromInline let flag = ChangeFlag()

  @inlinable
  init(select: @escaping (State) -> Value, isDuplicate: @escaping (Value, Value) -> Bool, state: State) {
    self.select = select
    self.isDuplicate = isDuplicate
    self.lastValue = select(state)
  }

  /// Selects the value from the new state and records whether it changed.
  @inlinable
  func evaluate(_ state: inout State) {
    let value = select(state)
    if isDuplicate(lastValue, value) {
      flag.changed = false
    } else {
      lastValue = value
      flag.changed = true
    }
  }
}
