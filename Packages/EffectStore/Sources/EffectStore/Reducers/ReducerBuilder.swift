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
