/// An async request declared once with its lifecycle (Redux Toolkit's `createAsyncThunk`):
/// dispatching a call dispatches ``pending`` at once, runs the work, then dispatches
/// ``fulfilled`` with its value or ``rejected`` with its error; slices react to the three with
/// ``ExtraReducers/addCase(_:_:)``. Make one with
/// ``createAsyncThunk(_:state:condition:dispatchConditionRejection:idGenerator:_:)``.
///
/// ```swift
/// let request = titlesStore.dispatch(fetchTitles("milk"))
/// request.cancel()  // dispatches `rejected` (cancelled); the work's result is never applied
/// let titles = try await titlesStore.dispatch(fetchTitles("tea")).value
/// ```
public struct AsyncThunkCreator<State, Argument: Sendable, Value: Sendable>: Sendable {
  /// The first part of the lifecycle's type names: `"todos/fetch"` makes
  /// `"todos/fetch/pending"`, `"todos/fetch/fulfilled"` and `"todos/fetch/rejected"`.
  public let typePrefix: String
  /// Dispatched when a call starts, with its request id and argument.
  public let pending: ActionCreator<AsyncThunkPending<Argument>>
  /// Dispatched when the work returns, with its value.
  public let fulfilled: ActionCreator<AsyncThunkFulfilled<Argument, Value>>
  /// Dispatched when the work throws or the call is cancelled, with the error.
  public let rejected: ActionCreator<AsyncThunkRejected<Argument>>
  let condition: (@Sendable (Argument, AsyncThunkConditionAPI<State>) -> Bool)?
  /// A condition that awaits (Redux Toolkit's condition returning a promise): checked in the
  /// call's task, before `pending`.
  var asyncCondition: AsyncThunkCondition<State, Argument>? = nil
  /// Whether a call its condition skips dispatches `rejected` (Redux Toolkit's
  /// `dispatchConditionRejection`).
  let dispatchesSkippedCalls: Bool
  /// Makes each call's request id from its argument, in place of the process's sequence.
  let idGenerator: (@Sendable (Argument) -> Int)?
  let work: AsyncThunkWork<State, Argument, Value>

  /// A call of the request with `argument`, to dispatch.
  ///
  /// ```swift
  /// let request = titlesStore.dispatch(fetchTitles("milk"))
  /// ```
  /// - Parameter argument: What the work gets.
  /// - Returns: The call.
  public func callAsFunction(_ argument: Argument) -> AsyncThunkCall<State, Argument, Value> {
    AsyncThunkCall(creator: self, argument: argument)
  }
}

extension AsyncThunkCreator {
  /// Matches this thunk's `fulfilled` and `rejected` actions: a call that has ended, either way
  /// (Redux Toolkit's `thunk.settled`).
  ///
  /// ```swift
  /// let done = fetchTitles.settled.matches(action)
  /// ```
  public var settled: ActionMatcher {
    isAnyOf(fulfilled, rejected)
  }
}

extension AsyncThunkCreator where Argument == Void {
  /// A call of a request that takes no argument, to dispatch.
  ///
  /// ```swift
  /// titlesStore.dispatch(refreshTitles())
  /// ```
  /// - Returns: The call.
  public func callAsFunction() -> AsyncThunkCall<State, Argument, Value> {
    AsyncThunkCall(creator: self, argument: ())
  }
}

/// The work of an async thunk: run where the store lives, so it may dispatch and read the state
/// between its `await`s.
typealias AsyncThunkWork<State, Argument, Value> =
  nonisolated(nonsending) @Sendable (Argument, AsyncThunkAPI<State>) async throws -> Value

/// Declares an async request with its lifecycle actions (Redux Toolkit's `createAsyncThunk`).
///
/// ```swift
/// let fetchTitles = createAsyncThunk("titles/fetch", state: TitlesState.self) { (query: String, _) in
///   try await TitlesAPI.search(query)
/// }
/// ```
///
/// The work runs on the store's actor, coming back to it after each `await`; it is cancelled
/// (Swift task cancellation) when the request is. With `condition`, a call whose condition is
/// false does no work (its `value` throws ``AsyncThunkSkipped``) and dispatches nothing, or
/// `rejected` with that error with `dispatchConditionRejection` (Redux Toolkit's option of that
/// name; ``AsyncThunkRejected/wasSkippedByCondition`` tells it apart). The condition reads the
/// thunk's dependencies too (Redux Toolkit's `condition(arg, { getState, extra })`):
/// `condition: { (_: String, api) in api.extra(as: TitlesService.self).isOnline }`.
///
/// ```swift
/// let loadOnce = createAsyncThunk(
///   "titles/load", state: TitlesState.self, condition: { (_: String, state) in state.titles.isEmpty },
///   dispatchConditionRejection: true, idGenerator: { query in query.count }
/// ) { query, _ in try await TitlesAPI.search(query) }
/// ```
/// - Parameters:
///   - typePrefix: The first part of the lifecycle's type names.
///   - state: The store's state type, when the closures do not say it.
///   - condition: Whether to run a call, given its argument and what the call's dispatch sees:
///     an ``AsyncThunkConditionAPI``, which reads as the state (`state.titles`), and has
///     `getState()` and the thunk's dependencies (`extra(as:)`). Checked when the call is
///     dispatched.
///   - dispatchConditionRejection: Whether a call its condition skips dispatches `rejected`.
///   - idGenerator: Makes a call's request id from its argument (Redux Toolkit's
///     `idGenerator`); by default, ids are numbered for the whole process, so no two calls
///     share one.
///   - work: The request: it gets the argument and an ``AsyncThunkAPI`` (dispatch, state,
///     request id) and returns the value `fulfilled` carries, or throws the error `rejected`
///     carries.
/// - Returns: The creator: call it with an argument to get what you dispatch.
public func createAsyncThunk<State, Argument: Sendable, Value: Sendable>(
  _ typePrefix: String,
  state: State.Type = State.self,
  condition: (@Sendable (Argument, AsyncThunkConditionAPI<State>) -> Bool)? = nil,
  dispatchConditionRejection: Bool = false,
  idGenerator: (@Sendable (Argument) -> Int)? = nil,
  _ work:
    nonisolated(nonsending) @escaping @Sendable (Argument, AsyncThunkAPI<State>) async throws -> Value
) -> AsyncThunkCreator<State, Argument, Value> {
  AsyncThunkCreator(
    typePrefix: typePrefix,
    pending: ActionCreator("\(typePrefix)/pending"),
    fulfilled: ActionCreator("\(typePrefix)/fulfilled"),
    rejected: ActionCreator("\(typePrefix)/rejected"),
    condition: condition, dispatchesSkippedCalls: dispatchConditionRejection, idGenerator: idGenerator,
    work: work)
}

/// A condition that awaits before a call's work may begin.
typealias AsyncThunkCondition<State, Argument> =
  nonisolated(nonsending) @Sendable (Argument, AsyncThunkConditionAPI<State>) async throws -> Bool

/// Declares an async request whose condition awaits (Redux Toolkit's `condition` returning a
/// promise): a call's `pending` is dispatched once the condition has said yes, in the call's
/// task, not inside `dispatch`.
///
/// ```swift
/// let fetchIfOnline = createAsyncThunk(
///   "titles/fetchIfOnline", state: TitlesState.self,
///   asyncCondition: { (_: String, api) in await api.extra(as: TitlesService.self).isReachable() }
/// ) { query, _ in try await TitlesAPI.search(query) }
/// ```
///
/// A condition that says no skips the call as a synchronous one does (no work, nothing
/// dispatched, or `rejected` with `dispatchConditionRejection`); one that throws rejects the
/// call with its error, without `pending`; a call cancelled while its condition runs is
/// rejected as cancelled, and its work never runs.
/// - Parameters:
///   - typePrefix: The first part of the lifecycle's type names.
///   - state: The store's state type, when the closures do not say it.
///   - asyncCondition: Whether to run a call, awaited on the store's actor: its argument, and
///     an ``AsyncThunkConditionAPI`` that reads the state and the thunk's dependencies.
///   - dispatchConditionRejection: Whether a call its condition skips dispatches `rejected`.
///   - idGenerator: Makes a call's request id from its argument.
///   - work: The request, as for ``createAsyncThunk(_:state:condition:dispatchConditionRejection:idGenerator:_:)``.
/// - Returns: The creator: call it with an argument to get what you dispatch.
public func createAsyncThunk<State, Argument: Sendable, Value: Sendable>(
  _ typePrefix: String,
  state: State.Type = State.self,
  asyncCondition:
    nonisolated(nonsending) @escaping @Sendable (Argument, AsyncThunkConditionAPI<State>) async throws -> Bool,
  dispatchConditionRejection: Bool = false,
  idGenerator: (@Sendable (Argument) -> Int)? = nil,
  _ work:
    nonisolated(nonsending) @escaping @Sendable (Argument, AsyncThunkAPI<State>) async throws -> Value
) -> AsyncThunkCreator<State, Argument, Value> {
  var creator = createAsyncThunk(
    typePrefix, state: state, dispatchConditionRejection: dispatchConditionRejection,
    idGenerator: idGenerator,
    work)
  creator.asyncCondition = asyncCondition
  return creator
}

/// One call of an async thunk, to dispatch: `titlesStore.dispatch(fetchTitles("milk"))`.
public struct AsyncThunkCall<State, Argument: Sendable, Value: Sendable>: Sendable {
  /// The request's declaration.
  public let creator: AsyncThunkCreator<State, Argument, Value>
  /// The argument the work gets.
  public let argument: Argument
}
