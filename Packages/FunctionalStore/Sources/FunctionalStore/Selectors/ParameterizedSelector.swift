/// A memoized selector that takes an argument besides the state: Reselect's selectors with
/// arguments (`selectTodoByID(state, id)`), whose input selectors receive the state and the
/// argument. Make one with `createSelector`, its inputs functions of both.
///
/// ```swift
/// let todoTitle = createSelector(
///   { (state: TodoState, _: Int) in state.todos }, { (_: TodoState, index: Int) in index }
/// ) { todos, index in todos.indices.contains(index) ? todos[index].title : nil }
/// let state = TodoState(todos: [Todo(title: "Write")])
/// print(todoTitle(state, 0) ?? "none")  // Write
/// ```
///
/// It keeps the outputs of the last `cacheSize` sets of inputs (one by default): a selector
/// read with several arguments in turn, a row's id for each row, keeps each row's output with
/// a `cacheSize` of at least the number of rows, or is made once per row.
public final class ParameterizedSelector<State, Argument, Output> {
  /// Computes the output from a state and an argument, or returns a kept one; says which.
  @usableFromInline let evaluate: (State, Argument) -> (output: Output, recomputed: Bool)

  /// How many times the output was computed.
  public private(set) var recomputations = 0

  /// The output of the last call, `nil` before the first (Reselect's `lastResult()`).
  ///
  /// ```swift
  /// _ = todoTitle(TodoState(todos: [Todo(title: "Write")]), 0)
  /// print(todoTitle.lastResult ?? nil ?? "none")  // Write
  /// ```
  public private(set) var lastResult: Output?

  /// Inlinable, so that the inputs' `==` and the result are compiled for the app's types.
  @inlinable
  init<Inputs>(
    inputs: @escaping (State, Argument) -> Inputs,
    same: @escaping (Inputs, Inputs) -> Bool,
    result: @escaping (Inputs) -> Output,
    cacheSize: Int
  ) {
    var cache = SelectorCache<Inputs, Output>(size: cacheSize)
    evaluate = { state, argument in cache.output(for: inputs(state, argument), same: same, compute: result) }
  }

  /// The output for `state` and `argument`: a kept one if the inputs are equal to kept ones.
  ///
  /// ```swift
  /// let title = todoTitle(TodoState(todos: [Todo(title: "Write")]), 0)
  /// ```
  /// - Parameters:
  ///   - state: The state.
  ///   - argument: The argument the inputs receive with the state.
  /// - Returns: The derived value.
  public func callAsFunction(_ state: State, _ argument: Argument) -> Output {
    let (output, recomputed) = evaluate(state, argument)
    if recomputed { recomputations += 1 }
    lastResult = output
    return output
  }

  /// Starts counting ``recomputations`` again from zero.
  ///
  /// ```swift
  /// todoTitle.resetRecomputations()
  /// ```
  public func resetRecomputations() {
    recomputations = 0
  }
}

/// A selector with an argument, of any number of inputs, each a function of the state and the
/// argument (Reselect's input selectors called with `(state, ...args)`); computed again only
/// when one input's value changed, compared with `==`.
///
/// ```swift
/// let todoTitle = createSelector(
///   { (state: TodoState, _: Int) in state.todos }, { (_: TodoState, index: Int) in index }
/// ) { todos, index in todos.indices.contains(index) ? todos[index].title : nil }
/// ```
/// - Parameters:
///   - inputs: The inputs, functions of the state and the argument.
///   - cacheSize: How many sets of inputs and their outputs to keep, the most recently used;
///     at least 1 (Reselect's `lruMemoize` `maxSize`).
///   - result: Computes the output from the inputs' values.
/// - Returns: The selector, called as `selector(state, argument)`.
@inlinable
public func createSelector<State, Argument, each Input: Equatable, Output>(
  _ inputs: repeat @escaping (State, Argument) -> each Input, cacheSize: Int = 1,
  result: @escaping (repeat each Input) -> Output
) -> ParameterizedSelector<State, Argument, Output> {
  let values: (State, Argument) -> (repeat each Input) = { state, argument in
    (repeat (each inputs)(state, argument))
  }
  let same: ((repeat each Input), (repeat each Input)) -> Bool = { last, now in
    for (one, other) in repeat (each last, each now) {
      if one != other { return false }
    }
    return true
  }
  let output: ((repeat each Input)) -> Output = { inputs in result(repeat each inputs) }
  return ParameterizedSelector(inputs: values, same: same, result: output, cacheSize: cacheSize)
}
