/// ``ClosureSelection`` for an `Equatable` value, compared with `==` directly.
@usableFromInline
final class EquatableSelection<State, Value: Equatable> {
  @usableFromInline let select: (State) -> Value
  // Exclusivity: as for `KeyPathSelection`.
  @exclusivity(unchecked) @usableFromInline var lastValue: Value
  @usableFromInline let flag = ChangeFlag()

  @inlinable
  init(select: @escaping (State) -> Value, state: State) {
    self.select = select
    self.lastValue = select(state)
  }

  /// Selects the value from the new state and records whether it changed.
  @inlinable
  func evaluate(_ state: inout State) {
    let value = select(state)
    if value == lastValue {
      flag.changed = false
    } else {
      lastValue = value
      flag.changed = true
    }
  }
}
