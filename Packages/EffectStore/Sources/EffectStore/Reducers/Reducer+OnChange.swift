/// TCA's `.onChange(of:)`: logic that runs when an action changed a value of the state, whoever
/// changed it (this reducer, a child it composes, a form's binding), so that the reaction is
/// written once rather than in every case that may change the value.
extension Reducer {
  /// Runs `perform` after this reducer whenever an action changed the value `value` reads.
  ///
  /// ```swift
  /// let counter = Reduce<CounterState, CounterAction> { state, action in
  ///   state.count += 1
  ///   return .none
  /// }
  /// .onChange(of: \.count) { oldCount, state in
  ///   state.facts.append("\(oldCount) -> \(state.count)")
  ///   return .none
  /// }
  /// ```
  /// - Parameters:
  ///   - value: The value watched, read before and after each action.
  ///   - perform: Gets the value before the action and the state after it; its effect is
  ///     merged with this reducer's.
  /// - Returns: This reducer, followed by `perform` when the value changed.
  @inlinable
  public func onChange<Value: Equatable>(
    of value: @escaping (State) -> Value,
    _ perform: @escaping (_ oldValue: Value, _ state: inout State) -> Effect<Action>
  ) -> OnChange<Self, Value, Reduce<State, Action>> {
    OnChange(base: self, value: value, isDuplicate: ==) { oldValue, _ in
      Reduce { state, _ in perform(oldValue, &state) }
    }
  }

  /// Runs the reducer `reaction` makes after this reducer whenever an action changed the value
  /// `value` reads; it gets that action.
  ///
  /// ```swift
  /// let counter = Reduce<CounterState, CounterAction> { state, action in
  ///   state.count += 1
  ///   return .none
  /// }
  /// .onChange(of: \.count) { _, newCount in
  ///   Reduce { state, _ in
  ///     state.facts.append(String(repeating: "!", count: newCount))
  ///     return .none
  ///   }
  /// }
  /// ```
  /// - Parameters:
  ///   - value: The value watched, read before and after each action.
  ///   - reaction: Makes, from the value before and after the action, the reducer that runs.
  /// - Returns: This reducer, followed by `reaction`'s reducer when the value changed.
  @inlinable
  public func onChange<Value: Equatable, Reaction: Reducer>(
    of value: @escaping (State) -> Value,
    @ReducerBuilder<State, Action> _ reaction: @escaping (_ oldValue: Value, _ newValue: Value) -> Reaction
  ) -> OnChange<Self, Value, Reaction> {
    OnChange(base: self, value: value, isDuplicate: ==, reaction: reaction)
  }

  /// Runs the reducer `reaction` makes after this reducer whenever an action changed the value
  /// `value` reads, as `isDuplicate` tells: for a value that is not `Equatable`, or whose
  /// change is narrower than `==` (a list whose ids changed, not its rows).
  ///
  /// ```swift
  /// let list = Reduce<ListState, ListAction> { state, action in
  ///   state.items.append(ListItem(id: state.items.count))
  ///   return .none
  /// }
  /// .onChange(of: \.items, removeDuplicates: { $0.map(\.id) == $1.map(\.id) }) { _, _ in
  ///   Reduce { state, _ in
  ///     state.reorders += 1
  ///     return .none
  ///   }
  /// }
  /// ```
  /// - Parameters:
  ///   - value: The value watched, read before and after each action.
  ///   - isDuplicate: Whether the value after the action counts as the one before.
  ///   - reaction: Makes, from the value before and after the action, the reducer that runs.
  /// - Returns: This reducer, followed by `reaction`'s reducer when the value changed.
  @inlinable
  public func onChange<Value, Reaction: Reducer>(
    of value: @escaping (State) -> Value,
    removeDuplicates isDuplicate: @escaping (Value, Value) -> Bool,
    @ReducerBuilder<State, Action> _ reaction: @escaping (_ oldValue: Value, _ newValue: Value) -> Reaction
  ) -> OnChange<Self, Value, Reaction> {
    OnChange(base: self, value: value, isDuplicate: isDuplicate, reaction: reaction)
  }
}

/// A reducer followed by a reaction to a change of one value: what `onChange(of:)`
/// and its variants return.
///
/// The value is read before and after `base` runs; the reaction runs on the same action, after
/// `base`, only when the two differ, and the two effects are merged.
///
/// ```swift
/// let watched: OnChange<Reduce<CounterState, CounterAction>, Int, Reduce<CounterState, CounterAction>> =
///   Reduce { state, _ in
///     state.count += 1
///     return .none
///   }
///   .onChange(of: \.count) { _, _ in .none }
/// ```
public struct OnChange<Base: Reducer, Value, Reaction: Reducer>: Reducer
where Base.State == Reaction.State, Base.Action == Reaction.Action {
  @usableFromInline let base: Base
  @usableFromInline let value: (Base.State) -> Value
  @usableFromInline let isDuplicate: (Value, Value) -> Bool
  @usableFromInline let reaction: (Value, Value) -> Reaction

  @inlinable
  init(
    base: Base, value: @escaping (Base.State) -> Value, isDuplicate: @escaping (Value, Value) -> Bool,
    reaction: @escaping (Value, Value) -> Reaction
  ) {
    self.base = base
    self.value = value
    self.isDuplicate = isDuplicate
    self.reaction = reaction
  }

  /// Runs `base`, then the reaction if the value changed.
  ///
  /// ```swift
  /// var state = CounterState()
  /// let effect = Reduce<CounterState, CounterAction> { state, _ in
  ///   state.count += 1
  ///   return .none
  /// }
  /// .onChange(of: \.count) { _, _ in .none }
  /// .reduce(into: &state, action: .increment)
  /// ```
  /// - Parameters:
  ///   - state: The feature's state.
  ///   - action: The action.
  /// - Returns: `base`'s effect, merged with the reaction's when it ran.
  @inlinable
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let oldValue = value(state)
    let effect = base.reduce(into: &state, action: action)
    let newValue = value(state)
    if isDuplicate(oldValue, newValue) { return effect }
    let reacted = reaction(oldValue, newValue).reduce(into: &state, action: action)
    if effect.isNone { return reacted }
    if reacted.isNone { return effect }
    return .merge(effect, reacted)
  }
}
