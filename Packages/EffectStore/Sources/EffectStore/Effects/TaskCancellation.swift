/// What a `.run` effect's work reaches to cancel effects by id from inside it (TCA's
/// `Task.cancel(id:)`): its store's cancellation, in the namespace of the part that returned the
/// effect (a list element's ids are its own). Bound for the work of each `.run` effect.
struct EffectCancellation: Sendable {
  /// Cancels the effects with this id, at the store's home.
  let cancel: @Sendable (EffectID) async -> Void

  @TaskLocal static var current: EffectCancellation?
}

extension Task where Success == Never, Failure == Never {
  /// Cancels the effects running under `id`, from inside an effect's work, as the `.cancel(id:)`
  /// effect does from a reducer: in the namespace of the feature that returned the effect (a
  /// list element's ids are its own). Outside an effect's work it does nothing.
  ///
  /// ```swift
  /// let stopSearching = Effect<CounterAction>.run { _ in
  ///   await Task.cancel(id: CancelID.search)
  /// }
  /// ```
  /// - Parameter id: The cancellation id.
  public static func cancel<ID: Hashable & Sendable>(id: ID) async {
    await EffectCancellation.current?.cancel(EffectID(id))
  }
}
