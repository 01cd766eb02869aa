/// What a `.run` effect's work reaches to cancel effects by id from inside it (TCA's
/// `Task.cancel(id:)`): its store's cancellation, in the namespace of the part that returned the
/// effect (a list element's ids are its own). Bound for the work of each `.run` effect.
struct EffectCancellation: Sendable {
  /// Cancels the effects with this id, at the store's home.
  let cancel: @Sendable (EffectID) async -> Void
  /// Registers a cancellation under this id (and the ids of the scopes around the effect's),
  /// from any thread; returns what unregisters it.
  let register: @Sendable (EffectID, _ cancel: @escaping @Sendable () -> Void) -> @Sendable () -> Void

  @TaskLocal static var current: EffectCancellation?
}

/// Work inside effects that `.cancel(id:)` cancels (``withTaskCancellation(id:cancelInFlight:operation:)``),
/// by id, behind a lock: registered from the effects' tasks, cancelled at the store's home.
struct TaskCancellers {
  private var next = 0
  private var byID: [EffectID: [Int: @Sendable () -> Void]] = [:]

  /// Adds `cancel` under each id; returns its token.
  mutating func add(_ cancel: @escaping @Sendable () -> Void, under ids: [EffectID]) -> Int {
    next += 1
    for id in ids { byID[id, default: [:]][next] = cancel }
    return next
  }

  /// Removes the token's cancellation from each id.
  mutating func remove(_ token: Int, under ids: [EffectID]) {
    for id in ids {
      byID[id]?[token] = nil
      if byID[id]?.isEmpty == true { byID[id] = nil }
    }
  }

  /// Takes out every cancellation registered under `id`, for the caller to call.
  mutating func take(_ id: EffectID) -> [@Sendable () -> Void] {
    byID.removeValue(forKey: id).map { Array($0.values) } ?? []
  }
}

/// Runs `operation` as work that the `.cancel(id:)` effect, or `Task.cancel(id:)`, cancels:
/// TCA's `withTaskCancellation(id:cancelInFlight:)`, inside an effect's work, in the namespace of
/// the feature that returned the effect. With `cancelInFlight`, the work under that id is
/// cancelled first: a search typed again cancels the one it replaces. Outside an effect's work
/// it runs `operation` as it is.
///
/// ```swift
/// let search = Effect<CounterAction>.run { send in
///   try await withTaskCancellation(id: CancelID.search, cancelInFlight: true) {
///     try await Task.sleep(for: .milliseconds(300))
///     await send(.results(["a", "b"]))
///   }
/// }
/// ```
/// - Parameters:
///   - id: The cancellation id.
///   - cancelInFlight: Whether to cancel the work running under `id` first.
///   - operation: The work; it runs in a task of its own, which the id cancels.
/// - Returns: What `operation` returned.
/// - Throws: What `operation` threw; `CancellationError` when it was cancelled and checked it.
public func withTaskCancellation<Result: Sendable>(
  id: some Hashable & Sendable, cancelInFlight: Bool = false,
  operation: @escaping @Sendable () async throws -> Result
) async throws -> Result {
  guard let cancellation = EffectCancellation.current else { return try await operation() }
  let effectID = EffectID(id)
  if cancelInFlight { await cancellation.cancel(effectID) }
  let task = Task { try await operation() }
  let unregister = cancellation.register(effectID) { task.cancel() }
  defer { unregister() }
  return try await withTaskCancellationHandler {
    try await task.value
  } onCancel: {
    task.cancel()
  }
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
