/// Sends actions back into the store from an effect's async work.
///
/// ```swift
/// return .run { send in
///   let facts = await api.fetchFacts()
///   await send(.factsLoaded(facts))
/// }
/// ```
///
/// Sending after the store has gone does nothing.
public struct Send<Action>: Sendable {
  @usableFromInline let deliver: @MainActor @Sendable (Action) -> Void

  /// Makes a `Send` from a function; stores make their own, tests may make one.
  ///
  /// ```swift
  /// let send = Send<CounterAction> { action in print(action) }
  /// ```
  /// - Parameter deliver: Receives each action on the main actor.
  public init(_ deliver: @escaping @MainActor @Sendable (Action) -> Void) {
    self.deliver = deliver
  }

  /// Sends an action to the store, on the main actor.
  ///
  /// ```swift
  /// await send(.loaded)
  /// ```
  /// - Parameter action: The action.
  @MainActor
  public func callAsFunction(_ action: Action) {
    deliver(action)
  }
}
