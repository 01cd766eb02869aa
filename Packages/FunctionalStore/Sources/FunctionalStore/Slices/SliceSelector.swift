/// A selector declared with its slice, on the slice's own state (Redux Toolkit's
/// `createSlice({ selectors })`): the slice does not know where the app keeps it, so a selector
/// is placed at the slice's field with ``at(_:)`` (Redux Toolkit's `getSelectors(selectState)`),
/// and a slice moved to another field changes one line.
///
/// ```swift
/// let twice = Counter.slice.selector { state in state.value * 2 }
/// let twiceInApp = twice.at(\CounterAppState.counter)
/// print(twice(CounterState()), twiceInApp(CounterAppState()))  // 0 0
/// ```
public struct SliceSelector<SliceState, Output>: Sendable {
  let select: @Sendable (SliceState) -> Output

  /// The output for the slice's own state.
  ///
  /// ```swift
  /// let value = doubledCount(CounterState())
  /// ```
  /// - Parameter state: The slice's state.
  /// - Returns: The output.
  public func callAsFunction(_ state: SliceState) -> Output { select(state) }

  /// The selector for a state that keeps the slice at `location` (Redux Toolkit's
  /// `slice.getSelectors(state => state.counter)`).
  ///
  /// ```swift
  /// let doubledInApp = doubledCount.at(\CounterAppState.counter)
  /// ```
  /// - Parameter location: Where the slice's state is.
  /// - Returns: A function of that state.
  public func at<Root>(_ location: any KeyPath<Root, SliceState> & Sendable) -> @Sendable (Root) -> Output {
    let select = select
    return { root in select(root[keyPath: location]) }
  }
}

/// A selector declared with its slice that takes an argument besides the slice's state (Redux
/// Toolkit's `selectors: { selectMultiple: (state, multiplier) => … }`).
///
/// ```swift
/// let times = Counter.slice.selector { (state, factor: Int) in state.value * factor }
/// print(times(CounterState(), 3), times.at(\CounterAppState.counter)(CounterAppState(), 3))  // 0 0
/// ```
public struct SliceArgumentSelector<SliceState, Argument, Output>: Sendable {
  let select: @Sendable (SliceState, Argument) -> Output

  /// The output for the slice's own state and `argument`.
  ///
  /// ```swift
  /// let value = multipliedCount(CounterState(), 3)
  /// ```
  /// - Parameters:
  ///   - state: The slice's state.
  ///   - argument: The argument.
  /// - Returns: The output.
  public func callAsFunction(_ state: SliceState, _ argument: Argument) -> Output { select(state, argument) }

  /// The selector for a state that keeps the slice at `location`.
  ///
  /// ```swift
  /// let multipliedInApp = multipliedCount.at(\CounterAppState.counter)
  /// ```
  /// - Parameter location: Where the slice's state is.
  /// - Returns: A function of that state and the argument.
  public func at<Root>(
    _ location: any KeyPath<Root, SliceState> & Sendable
  ) -> @Sendable (Root, Argument) -> Output {
    let select = select
    return { root, argument in select(root[keyPath: location], argument) }
  }
}

extension StateSlice {
  /// Declares a selector of the slice's state (Redux Toolkit's `selectors` of `createSlice`).
  ///
  /// ```swift
  /// let twice = Counter.slice.selector { state in state.value * 2 }
  /// ```
  /// - Parameter select: Computes the output from the slice's state.
  /// - Returns: The selector; place it in the app's state with `at(_:)`.
  public func selector<Output>(
    _ select: @escaping @Sendable (State) -> Output
  ) -> SliceSelector<State, Output> {
    SliceSelector(select: select)
  }

  /// Declares a selector of the slice's state and an argument.
  ///
  /// ```swift
  /// let times = Counter.slice.selector { (state, factor: Int) in state.value * factor }
  /// ```
  /// - Parameter select: Computes the output from the slice's state and the argument.
  /// - Returns: The selector; place it in the app's state with `at(_:)`.
  public func selector<Argument, Output>(
    _ select: @escaping @Sendable (State, Argument) -> Output
  ) -> SliceArgumentSelector<State, Argument, Output> {
    SliceArgumentSelector(select: select)
  }

  /// The slice's whole state in a state that keeps it at `location` (Redux Toolkit's
  /// `slice.selectSlice`).
  ///
  /// ```swift
  /// let counterOf = Counter.slice.selectSlice(at: \CounterAppState.counter)
  /// print(counterOf(CounterAppState()).value)  // 0
  /// ```
  /// - Parameter location: Where the slice's state is.
  /// - Returns: A function of that state.
  public func selectSlice<Root>(at location: any KeyPath<Root, State> & Sendable) -> @Sendable (Root) -> State
  {
    { root in root[keyPath: location] }
  }
}
