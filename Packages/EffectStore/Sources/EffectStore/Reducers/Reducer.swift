/// Applies an action to the state in place and returns the effects to run next.
///
/// A feature is written one of two ways. Compose it in `body`, as TCA features are: the other
/// reducers it runs, in order (``Scope``, ``ForEachElement``, ``Reduce`` for its own logic),
/// and `reduce(into:action:)` comes with it:
///
/// ```swift
/// struct Board: Reducer {
///   var body: some Reducer<BoardState, BoardAction> {
///     Scope(state: \.timer, action: BoardAction.timer) {
///       if case .timer(let action) = $0 { action } else { nil }
///     } child: {
///       TimerFeature()
///     }
///     Reduce { state, action in
///       if case .reset = action { state.timer = TimerState() }
///       return .none
///     }
///   }
/// }
/// ```
///
/// Or write `reduce(into:action:)` yourself, for a feature that composes nothing:
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
///     default:
///       return .none
///     }
///   }
/// }
/// ```
///
/// `body` is built again for every action, as a SwiftUI view's is: keep what it makes cheap
/// (value types, closures that capture nothing); a feature on a hot path can keep its composed
/// reducer in a stored property (`let body = Scope(…)`) instead.
///
/// A reducer must not dispatch, read its store or subscribe: return an effect instead. The
/// store stops with a message if it does.
public protocol Reducer<State, Action> {
  /// The state it changes.
  associatedtype State
  /// The actions it handles.
  associatedtype Action
  /// The reducer `body` composes; `Never` for a reducer that writes `reduce(into:action:)`.
  associatedtype Body

  /// Applies `action` to `state` and returns what to do next.
  /// - Parameters:
  ///   - state: The state, changed in place.
  ///   - action: The action.
  /// - Returns: The effects to run once the change is applied (`.none` for nothing).
  func reduce(into state: inout State, action: Action) -> Effect<Action>

  /// The reducers this feature runs, in order, for a feature that composes others; it gives
  /// the feature its `reduce(into:action:)`.
  @ReducerBuilder<State, Action>
  var body: Body { get }
}

extension Reducer where Body == Never {
  /// A reducer that writes `reduce(into:action:)` has no body; nothing calls this.
  @_documentation(visibility: private)
  public var body: Body {
    fatalError(
      "EffectStore: \(Self.self) has no body: it writes reduce(into:action:), which the store calls.")
  }
}

extension Reducer where Body: Reducer, Body.State == State, Body.Action == Action {
  /// Runs `body`: what a feature that composes others gets for free.
  ///
  /// ```swift
  /// var state = BoardState()
  /// let effect = Board().reduce(into: &state, action: .reset)
  /// ```
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    body.reduce(into: &state, action: action)
  }
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
  @usableFromInline let apply: (inout State, Action) -> Effect<Action>

  /// Makes a reducer from a closure.
  ///
  /// ```swift
  /// Reduce<CounterState, CounterAction> { state, _ in state.count += 1; return .none }
  /// ```
  /// - Parameter body: Applies an action and returns the effects.
  @inlinable
  public init(_ body: @escaping (inout State, Action) -> Effect<Action>) {
    apply = body
  }

  /// Runs the closure.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    apply(&state, action)
  }
}
