/// Observation of one field of a store's state: what lets a view that read `store.count` be
/// told when `count` changed, and only then.
///
/// Every reader of the same key path shares one of these. While it is armed (someone read the
/// field since it was last reported), the store remembers the field's value before each action
/// and compares it after; only a field whose value changed is reported to the Observation
/// registrar, under its own key path. Reporting disarms it, as Observation's own tracking fires
/// once and is re-armed by the next read.
///
/// The closures are made where the field's type is known, so they run specialized code: the
/// store's loop calls them without knowing that type.
@usableFromInline
final class FieldObservation<State> {
  // Exclusivity: read and written only on the main actor, by the store's read path and its
  // dispatch, never during each other (a read during the reducer stops with a message).

  /// Whether someone read the field since it was last reported changed.
  @exclusivity(unchecked) @usableFromInline var isArmed = false
  /// Set between the comparison after an action and the report of that change.
  @exclusivity(unchecked) @usableFromInline var isChanged = false
  /// The key path the registrar knows this field by: the store's state followed by the field.
  @usableFromInline let observedKeyPath: AnyKeyPath
  /// Tells the registrar that the field changed (its `willSet` and `didSet`).
  @usableFromInline let report: () -> Void
  /// Keeps the field's value before an action.
  @usableFromInline let rememberValue: (State) -> Void
  /// Whether the field differs from the value remembered before the action; forgets that value,
  /// so that nothing keeps a second reference to it (which would make the next in-place change
  /// of a collection copy it).
  @usableFromInline let valueChanged: (State) -> Bool

  @inlinable
  init<Value>(
    field keyPath: KeyPath<State, Value>, observedAs observedKeyPath: AnyKeyPath,
    isDuplicate: ((Value, Value) -> Bool)?, report: @escaping () -> Void
  ) {
    self.observedKeyPath = observedKeyPath
    self.report = report
    guard let isDuplicate else {
      // Nothing to compare with: reported after every action while armed, like the whole state.
      rememberValue = { _ in }
      valueChanged = { _ in true }
      return
    }
    let field = FieldReader(keyPath)
    let before = ValueBox<Value>()
    rememberValue = { state in before.value = field.read(state) }
    valueChanged = { state in
      guard let old = before.value.take() else { return true }
      return !isDuplicate(old, field.read(state))
    }
  }
}

/// A value remembered between two calls of a field observation's closures.
@usableFromInline
final class ValueBox<Value> {
  @exclusivity(unchecked) @usableFromInline var value: Value?
  @inlinable init() {}
}
