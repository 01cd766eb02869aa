/// Two reducers run in order, their effects merged; ``ReducerBuilder`` makes these.
public struct ReducerPair<First: Reducer, Second: Reducer>: Reducer
where First.State == Second.State, First.Action == Second.Action {
  @usableFromInline let first: First
  @usableFromInline let second: Second

  @inlinable init(first: First, second: Second) {
    self.first = first
    self.second = second
  }

  /// Runs the first, then the second, on the state the first left.
  @inlinable
  public func reduce(into state: inout First.State, action: First.Action) -> Effect<First.Action> {
    let firstEffect = first.reduce(into: &state, action: action)
    let secondEffect = second.reduce(into: &state, action: action)
    if firstEffect.isNone { return secondEffect }
    if secondEffect.isNone { return firstEffect }
    return Effect(.work(.merge([firstEffect, secondEffect])))
  }
}

/// A reducer that an `if` in a ``ReducerBuilder`` block included, or nothing.
public struct OptionalReducer<Wrapped: Reducer>: Reducer {
  @usableFromInline let wrapped: Wrapped?

  @inlinable init(wrapped: Wrapped?) { self.wrapped = wrapped }

  /// Runs the wrapped reducer, if there is one.
  @inlinable
  public func reduce(into state: inout Wrapped.State, action: Wrapped.Action) -> Effect<Wrapped.Action> {
    wrapped?.reduce(into: &state, action: action) ?? .none
  }
}

/// The branch an `if`/`else` in a ``ReducerBuilder`` block took.
public struct EitherReducer<First: Reducer, Second: Reducer>: Reducer
where First.State == Second.State, First.Action == Second.Action {
  @usableFromInline enum Choice {
    case first(First)
    case second(Second)
  }

  @usableFromInline let choice: Choice

  @inlinable init(choice: Choice) { self.choice = choice }

  /// Runs the chosen branch.
  @inlinable
  public func reduce(into state: inout First.State, action: First.Action) -> Effect<First.Action> {
    switch choice {
    case .first(let reducer): reducer.reduce(into: &state, action: action)
    case .second(let reducer): reducer.reduce(into: &state, action: action)
    }
  }
}
