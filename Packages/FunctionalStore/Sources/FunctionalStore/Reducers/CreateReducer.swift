/// A reducer declared case by case, with no slice (Redux Toolkit's `createReducer` with its
/// builder): the same `addCase`, `addMatcher`, `addAsyncThunk` and `addDefaultCase` a slice's
/// extra reducers take. Each action runs its case, then every matcher that matches it; the
/// default case runs when neither did.
///
/// ```swift
/// let counter = createReducer(CounterState.self) { builder in
///   builder.addCase(Counter.added) { state, amount in state.value += amount }
///   builder.addDefaultCase { state, _ in state.value = max(state.value, 0) }
/// }
/// let store = createStore(reducer: counter, initialState: CounterState())
/// ```
/// - Parameters:
///   - state: The state's type (Redux Toolkit's reducer takes its initial state here; a store
///     takes it when it is made).
///   - declare: Declares the cases on the builder.
/// - Returns: The reducer.
public func createReducer<State>(
  _ state: State.Type, _ declare: (inout ExtraReducers<State>) -> Void
) -> ReduxReducer<State, PayloadAction> {
  var builder = ExtraReducers<State>()
  declare(&builder)
  let reduce = builder.makeReducer()
  return ReduxReducer { state, action in reduce(&state, action, false) }
}

extension ExtraReducers {
  /// Reduces an async thunk's lifecycle in one place (Redux Toolkit's `builder.addAsyncThunk`):
  /// `pending`, `fulfilled` and `rejected` each with its payload, and `settled` after either
  /// of the last two.
  ///
  /// ```swift
  /// let titles = createReducer(TitlesState.self) { builder in
  ///   builder.addAsyncThunk(
  ///     fetchTitles, pending: { state, _ in state.isLoading = true },
  ///     fulfilled: { state, done in state.titles = done.value },
  ///     settled: { state in state.isLoading = false })
  /// }
  /// ```
  /// - Parameters:
  ///   - thunk: The async thunk.
  ///   - pending: Runs on its `pending` action.
  ///   - fulfilled: Runs on its `fulfilled` action.
  ///   - rejected: Runs on its `rejected` action (a cancelled call included).
  ///   - settled: Runs after `fulfilled` or `rejected`.
  public mutating func addAsyncThunk<ThunkState, Argument, Value>(
    _ thunk: AsyncThunkCreator<ThunkState, Argument, Value>,
    pending: (@Sendable (inout State, AsyncThunkPending<Argument>) -> Void)? = nil,
    fulfilled: (@Sendable (inout State, AsyncThunkFulfilled<Argument, Value>) -> Void)? = nil,
    rejected: (@Sendable (inout State, AsyncThunkRejected<Argument>) -> Void)? = nil,
    settled: (@Sendable (inout State) -> Void)? = nil
  ) {
    if let pending { addCase(thunk.pending, pending) }
    if fulfilled != nil || settled != nil {
      addCase(thunk.fulfilled) { state, done in
        fulfilled?(&state, done)
        settled?(&state)
      }
    }
    if rejected != nil || settled != nil {
      addCase(thunk.rejected) { state, failure in
        rejected?(&state, failure)
        settled?(&state)
      }
    }
  }
}
