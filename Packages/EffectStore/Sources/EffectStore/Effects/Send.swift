/// Sends actions back into the store from an effect's async work.
///
/// ```swift
/// let effect: Effect<CounterAction> = .run { send in
///   let facts = await api.fetchFacts()
///   await send(.factsLoaded(facts))
/// }
/// ```
///
/// The action is applied where the store lives (the main actor, or the actor that owns the
/// store), whatever thread the work runs on. Sending after the store has gone, or after the work
/// was cancelled (by its id, by cancelling the task `send` returned, by its element leaving the
/// state), does nothing, even for an action already on its way to the store.
public struct Send<Action>: Sendable {
  @usableFromInline let deliver: @Sendable (sending Action) async -> Void

  /// Makes a `Send` from a function; stores make their own, tests may make one.
  ///
  /// ```swift
  /// let send = Send<CounterAction> { action in print(action) }
  /// ```
  /// - Parameter deliver: Receives each action.
  public init(_ deliver: @escaping @Sendable (sending Action) async -> Void) {
    self.deliver = deliver
  }

  /// Sends an action to the store, and returns once it has been applied there.
  ///
  /// ```swift
  /// let send = Send<CounterAction> { action in print(action) }
  /// await send(.loaded(3))
  /// ```
  /// - Parameter action: The action.
  nonisolated(nonsending) public func callAsFunction(_ action: sending Action) async {
    await deliver(action)
  }
}
