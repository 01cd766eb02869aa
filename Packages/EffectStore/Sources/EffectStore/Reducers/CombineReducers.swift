/// Builds the reducers written in a block into one reducer of concrete types: each pair of
/// reducers becomes a ``ReducerPair``, an `if` an ``OptionalReducer``, an `if`/`else` an
/// ``EitherReducer``. Nothing is boxed in an existential, and running them allocates nothing
/// unless two of them return work at once.
@resultBuilder
public enum ReducerBuilder<State, Action> {
  /// Takes a reducer as it is.
  @inlinable
  public static func buildExpression<R: Reducer>(_ reducer: R) -> R
  where R.State == State, R.Action == Action {
    reducer
  }

  /// An empty block: a reducer that does nothing.
  @inlinable
  public static func buildBlock() -> EmptyReducer<State, Action> { EmptyReducer() }

  /// The first reducer of a block.
  @inlinable
  public static func buildPartialBlock<R: Reducer>(first: R) -> R
  where R.State == State, R.Action == Action {
    first
  }

  /// The reducers so far, then the next one.
  @inlinable
  public static func buildPartialBlock<First: Reducer, Second: Reducer>(
    accumulated: First, next: Second
  ) -> ReducerPair<First, Second>
  where First.State == State, First.Action == Action, Second.State == State, Second.Action == Action {
    ReducerPair(first: accumulated, second: next)
  }

  /// A reducer that an `if` includes.
  @inlinable
  public static func buildOptional<R: Reducer>(_ reducer: R?) -> OptionalReducer<R>
  where R.State == State, R.Action == Action {
    OptionalReducer(wrapped: reducer)
  }

  /// The branch an `if`/`else` took.
  @inlinable
  public static func buildEither<First: Reducer, Second: Reducer>(first reducer: First)
    -> EitherReducer<First, Second>
  where First.State == State, First.Action == Action, Second.State == State, Second.Action == Action {
    EitherReducer(choice: .first(reducer))
  }

  /// The branch an `if`/`else` took.
  @inlinable
  public static func buildEither<First: Reducer, Second: Reducer>(second reducer: Second)
    -> EitherReducer<First, Second>
  where First.State == State, First.Action == Action, Second.State == State, Second.Action == Action {
    EitherReducer(choice: .second(reducer))
  }
}

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

/// A reducer that does nothing: an empty ``ReducerBuilder`` block.
public struct EmptyReducer<State, Action>: Reducer {
  /// Makes it.
  @inlinable public init() {}

  /// Does nothing.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
}

/// Runs several reducers in order for every action and merges their effects: how a feature is
/// built from its parts.
///
/// ```swift
/// let app = CombineReducers<AppState, AppAction> {
///   Scope(state: \.counter, action: AppAction.counter) {
///     if case .counter(let action) = $0 { action } else { nil }
///   } child: {
///     Counter()
///   }
///   Reduce { state, action in
///     if case .counter(.increment) = action { state.log.append("incremented") }
///     return .none
///   }
/// }
/// ```
public struct CombineReducers<State, Action>: Reducer {
  /// The built reducers, behind one function: one call per action, no existential.
  @usableFromInline let run: (inout State, Action) -> Effect<Action>

  /// Combines the reducers written in the block, run in that order.
  ///
  /// ```swift
  /// CombineReducers<AppState, AppAction> { first; second }
  /// ```
  /// - Parameter build: The reducers.
  @inlinable
  public init<Body: Reducer>(@ReducerBuilder<State, Action> _ build: () -> Body)
  where Body.State == State, Body.Action == Action {
    let body = build()
    run = { state, action in body.reduce(into: &state, action: action) }
  }

  /// Runs each reducer in order and merges their effects.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    run(&state, action)
  }
}
