/// Applies a form's changes to the state: TCA's `BindingReducer()`, so that a feature's own
/// reducer needs no `case .binding` to write the field, only to react to it.
///
/// Listed before the feature's logic in `body`, it writes the field first, so that the logic
/// sees the new value:
///
/// ```swift
/// struct Signup: Reducer {
///   struct State: Equatable, Sendable {
///     var email = ""
///     var canSubmit = false
///   }
///   enum Action: Equatable, Sendable, BindableAction {
///     case binding(BindingAction<State>)
///     case submit
///
///     var binding: BindingAction<State>? {
///       if case .binding(let change) = self { change } else { nil }
///     }
///   }
///
///   var body: some Reducer<State, Action> {
///     BindingReducer()
///     Reduce { state, action in
///       if case .binding(\State.email) = action { state.canSubmit = state.email.contains("@") }
///       return .none
///     }
///   }
/// }
///
/// let store = FeatureStore(initialState: Signup.State(), reducer: Signup())
/// store.send(.binding(.set(\.email, "ada@example.com")))  // email set, canSubmit true
/// ```
public struct BindingReducer<State, Action>: Reducer {
  @usableFromInline let change: (Action) -> BindingAction<State>?

  /// Applies the change each ``BindableAction/binding(_:)`` action carries.
  ///
  /// ```swift
  /// let form = BindingReducer<Profile.State, Profile.Action>()
  /// ```
  @inlinable
  public init() where Action: BindableAction, Action.State == State {
    change = { $0.binding }
  }

  /// Applies the change that `change` finds in an action: for an action whose form's changes
  /// come in another case (a view's actions nested in the feature's).
  ///
  /// ```swift
  /// let form = BindingReducer<Profile.State, Profile.Action> {
  ///   if case .binding(let change) = $0 { change } else { nil }
  /// }
  /// ```
  /// - Parameter change: The change an action carries, or `nil`.
  @inlinable
  public init(change: @escaping (Action) -> BindingAction<State>?) {
    self.change = change
  }

  /// Writes the field the action's change sets; no effect.
  ///
  /// ```swift
  /// var state = Profile.State()
  /// _ = BindingReducer<Profile.State, Profile.Action>()
  ///   .reduce(into: &state, action: .binding(.set(\.name, "Ada")))  // state.name == "Ada"
  /// ```
  /// - Parameters:
  ///   - state: The feature's state.
  ///   - action: The action.
  /// - Returns: `.none`.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    change(action)?.apply(to: &state)
    return .none
  }
}
