/// Applies an action to the state in place and returns the effects to run next.
///
/// Conform a type when the feature has dependencies or helpers of its own; use ``Reduce`` for a
/// closure. Compose reducers with ``CombineReducers``, ``Scope`` and ``ForEachElement``.
///
/// ```swift
/// struct Counter: Reducer {
///   func reduce(into state: inout CounterState, action: CounterAction) -> Effect<CounterAction> {
///     switch action {
///     case .increment:
///       state.count += 1
///       return .none
///     case .incrementLater:
///       return .run { send in await send(.increment) }
///     }
///   }
/// }
/// ```
///
/// A reducer must not dispatch, read its store or subscribe: return an effect instead. The
/// store stops with a message if it does.
public protocol Reducer<State, Action> {
  /// The state it changes.
  associatedtype State
  /// The actions it handles.
  associatedtype Action

  /// Applies `action` to `state` and returns what to do next.
  /// - Parameters:
  ///   - state: The state, changed in place.
  ///   - action: The action.
  /// - Returns: The effects to run once the change is applied (`.none` for nothing).
  func reduce(into state: inout State, action: Action) -> Effect<Action>
}

/// A reducer from a closure.
///
/// ```swift
/// let counter = Reduce<CounterState, CounterAction> { state, action in
///   state.count += 1
///   return .none
/// }
/// ```
public struct Reduce<State, Action>: Reducer {
  @usableFromInline let body: (inout State, Action) -> Effect<Action>

  /// Makes a reducer from a closure.
  ///
  /// ```swift
  /// Reduce<CounterState, CounterAction> { state, _ in state.count += 1; return .none }
  /// ```
  /// - Parameter body: Applies an action and returns the effects.
  @inlinable
  public init(_ body: @escaping (inout State, Action) -> Effect<Action>) {
    self.body = body
  }

  /// Runs the closure.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    body(&state, action)
  }
}
