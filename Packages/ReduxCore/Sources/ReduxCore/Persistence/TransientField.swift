/// A field of the state that is not saved: what redux-persist calls a blacklist. A loading flag,
/// an error banner, a search being typed: restored at the next launch, they would show a state
/// that is no longer true.
///
/// The file holds the value given here instead of the field's current one, so the field comes
/// back as that value when the state is loaded, and what it held never reaches the disk.
///
/// ```swift
/// let persistence = StatePersistence<Counter>(
///   fileURL: folder.appendingPathComponent("counter.json"),
///   transient: [.reset(\.isLoading, to: false), .reset(\.draftPassword, to: "")])
/// ```
public struct TransientField<State>: Sendable {
  /// Puts the saved value in place of the field's current one, in a copy about to be written.
  let reset: @Sendable (inout State) -> Void

  /// A field saved as `value`, whatever it holds.
  ///
  /// ```swift
  /// let notSaved = TransientField<Counter>.reset(\.isLoading, to: false)
  /// ```
  /// - Parameters:
  ///   - field: The field, at any depth.
  ///   - value: What the file holds for it, and so what it is after a load.
  /// - Returns: The transient field.
  public static func reset<Value: Sendable>(
    _ field: WritableKeyPath<State, Value>, to value: Value
  ) -> TransientField {
    // Safe: a key path is an immutable value; this one is only read, to write into a copy.
    nonisolated(unsafe) let field = field
    return TransientField { state in state[keyPath: field] = value }
  }
}
