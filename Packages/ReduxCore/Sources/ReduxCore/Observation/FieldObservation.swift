/// Observation of one field of a store's state: what lets a view that read `store.count` be
/// told when `count` changed, and only then.
///
/// Every reader of the same key path shares one of these. When it is armed (a first read since
/// the field was last reported), it keeps the value that was read; after each action the store
/// compares the field with that value, and only a field that differs is reported to the
/// Observation registrar, under its own key path. Reporting disarms it and lets the kept value
/// go, as Observation's own tracking fires once and is re-armed by the next read. Nothing has to
/// be done before an action: an armed field's kept value is its value before every action until
/// one changes it.
///
/// Two ways to keep and compare:
/// - **Bits**, for a stored field of a plain type (no references, at most 16 bytes: numbers,
///   `Bool`, enums without payloads, small structs of those): its bytes are kept, and compared
///   after each action with no call. Only when they differ is `==` asked, to confirm.
/// - **Closures**, for everything else (strings, collections, computed paths): made where the
///   field's type is known, so they run specialized code.
@usableFromInline
final class FieldObservation<State> {
  // Exclusivity: read and written only in the store's domain, by the store's read path and its
  // dispatch, never during each other (a read during the reducer stops with a message).

  /// Whether someone read the field since it was last reported changed.
  @exclusivity(unchecked) @usableFromInline var isArmed = false
  /// The field's bytes when it was armed, when it is compared by its bits.
  @exclusivity(unchecked) @usableFromInline var keptBits = FieldBits()
  /// Where a stored field lies in the state (`MemoryLayout.offset(of:)`); `nil` for a path
  /// that is not made of stored properties only.
  @usableFromInline let fieldOffset: Int?
  /// Where the field's bytes lie in the state, when it is compared by its bits.
  @usableFromInline let bitsLocation: FieldBits.Location?
  /// The key path the registrar knows this field by: the field's own, on the state (see
  /// ``EngineCore/registrarKeyPath(_:)``).
  @usableFromInline let observedKeyPath: AnyKeyPath
  /// What reports a change that is not this field's alone (a list's rows); `nil` for a field,
  /// which the store reports under ``observedKeyPath`` itself.
  @usableFromInline let report: (() -> Void)?
  /// Keeps the field's value, when it is not compared by its bits. The state is `inout` only so
  /// that it is read where it lies, not copied; it is not changed.
  @usableFromInline let keepValue: (inout State) -> Void
  /// Whether the field differs (`!=`) from the value kept when it was armed; a field compared
  /// by its bits passes them in. Once it differs, the kept value is let go, so that nothing
  /// holds a second reference to it (which would make the next in-place change of a
  /// collection copy it).
  @usableFromInline let valueChanged: (inout State, FieldBits) -> Bool
  /// For a row of a list read through a key path subscript (`\.todos[id: id]`): the row's
  /// reader by id (a ``RowReadByID``), which a read goes through instead of this observation,
  /// so that the row is compared with its list's rows; `nil` for everything else.
  @exclusivity(unchecked) @usableFromInline var rowRead: RowReadState?

  /// Observes the field `keyPath` names.
  @inlinable
  init<Value>(
    field keyPath: KeyPath<State, Value>, observedAs observedKeyPath: AnyKeyPath,
    isDuplicate: ((Value, Value) -> Bool)?
  ) {
    self.observedKeyPath = observedKeyPath
    report = nil
    rowRead = nil
    let field = FieldReader(keyPath)
    fieldOffset = field.offset
    guard let isDuplicate else {
      // Nothing to compare with: reported after every action while armed, like the whole state.
      bitsLocation = nil
      keepValue = { _ in }
      valueChanged = { _, _ in true }
      return
    }
    if let location = FieldBits.Location.of(Value.self, at: field.offset, in: State.self) {
      bitsLocation = location
      keepValue = { _ in }
      valueChanged = { state, kept in
        !isDuplicate(kept.load(as: Value.self, from: location), field.read(inPlace: &state))
      }
      return
    }
    bitsLocation = nil
    let kept = ValueBox<Value>()
    keepValue = { state in kept.value = field.read(inPlace: &state) }
    valueChanged = { state, _ in
      guard let old = kept.value, isDuplicate(old, field.read(inPlace: &state)) else {
        kept.value = nil
        return true
      }
      return false
    }
  }

  /// Observes what is not one field, read, kept and compared by the closures given: a list's
  /// watched rows, checked together (``ElementObservations``).
  @inlinable
  init(
    observedAs observedKeyPath: AnyKeyPath, report: @escaping () -> Void,
    keepValue: @escaping (inout State) -> Void,
    valueChanged: @escaping (inout State, FieldBits) -> Bool
  ) {
    self.observedKeyPath = observedKeyPath
    self.report = report
    rowRead = nil
    fieldOffset = nil
    bitsLocation = nil
    self.keepValue = keepValue
    self.valueChanged = valueChanged
  }

  /// Arms the observation: keeps the field's current value to compare with after each action.
  @inlinable
  func arm(_ state: inout State) {
    isArmed = true
    if let bitsLocation {
      keptBits = FieldBits(at: bitsLocation, in: &state)
    } else {
      keepValue(&state)
    }
  }
}

/// A value remembered between two calls of a field observation's closures.
@usableFromInline
final class ValueBox<Value> {
  @exclusivity(unchecked) @usableFromInline var value: Value?
  @inlinable init() {}
}
