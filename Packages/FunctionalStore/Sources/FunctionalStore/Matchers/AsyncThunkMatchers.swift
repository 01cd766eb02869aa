/// Where an async thunk's call is, as its lifecycle action says (Redux Toolkit's
/// `meta.requestStatus`).
///
/// ```swift
/// if (action.payload as? any AsyncThunkLifecyclePayload)?.requestStatus == .pending { print("loading") }
/// ```
public enum AsyncThunkRequestStatus: Sendable {
  /// The call started (`pending`).
  case pending
  /// The work returned (`fulfilled`).
  case fulfilled
  /// The work threw, or the call was cancelled (`rejected`).
  case rejected
}

/// The payload of any async thunk's lifecycle action, whatever its argument and value types:
/// what the matchers below read to tell one from any other action.
///
/// ```swift
/// let requestID = (action.payload as? any AsyncThunkLifecyclePayload)?.requestID
/// ```
public protocol AsyncThunkLifecyclePayload: Sendable {
  /// The call's id, the same in its three actions.
  var requestID: Int { get }
  /// Which of the three actions this is.
  var requestStatus: AsyncThunkRequestStatus { get }
}

extension AsyncThunkPending: AsyncThunkLifecyclePayload {
  /// `.pending`.
  public var requestStatus: AsyncThunkRequestStatus { .pending }
}

extension AsyncThunkFulfilled: AsyncThunkLifecyclePayload {
  /// `.fulfilled`.
  public var requestStatus: AsyncThunkRequestStatus { .fulfilled }
}

extension AsyncThunkRejected: AsyncThunkLifecyclePayload {
  /// `.rejected`.
  public var requestStatus: AsyncThunkRequestStatus { .rejected }
}

/// The status of `action` if an async thunk made it.
@usableFromInline
func requestStatus(of action: PayloadAction) -> AsyncThunkRequestStatus? {
  (action.payload as? any AsyncThunkLifecyclePayload)?.requestStatus
}

/// Matches any async thunk's `pending` action (Redux Toolkit's `isPending()`): the usual way to
/// drive one loading flag for every request.
///
/// ```swift
/// let loading = StateSlice<StatsState>(name: "loading") { extra in
///   extra.addMatcher(isPending()) { stats, _ in stats.counterActions += 1 }
/// }
/// ```
/// - Returns: The matcher.
public func isPending() -> ActionMatcher {
  ActionMatcher { requestStatus(of: $0) == .pending }
}

/// Matches the `pending` action of any of `thunks` (Redux Toolkit's `isPending(a, b)`).
///
/// ```swift
/// let loading = isPending(fetchTitles, refreshTitles)
/// ```
/// - Parameter thunks: The async thunks.
/// - Returns: The matcher.
@inlinable
public func isPending<each State, each Argument, each Value>(
  _ thunks: repeat AsyncThunkCreator<each State, each Argument, each Value>
) -> ActionMatcher {
  isAnyOf(repeat (each thunks).pending)
}

/// Matches any async thunk's `fulfilled` action (Redux Toolkit's `isFulfilled()`).
///
/// ```swift
/// let loading = StateSlice<StatsState>(name: "loading") { extra in
///   extra.addMatcher(isFulfilled()) { stats, _ in stats.counterActions -= 1 }
/// }
/// ```
/// - Returns: The matcher.
public func isFulfilled() -> ActionMatcher {
  ActionMatcher { requestStatus(of: $0) == .fulfilled }
}

/// Matches the `fulfilled` action of any of `thunks` (Redux Toolkit's `isFulfilled(a, b)`).
///
/// ```swift
/// let loaded = isFulfilled(fetchTitles, refreshTitles)
/// ```
/// - Parameter thunks: The async thunks.
/// - Returns: The matcher.
@inlinable
public func isFulfilled<each State, each Argument, each Value>(
  _ thunks: repeat AsyncThunkCreator<each State, each Argument, each Value>
) -> ActionMatcher {
  isAnyOf(repeat (each thunks).fulfilled)
}

/// Matches any async thunk's `rejected` action (Redux Toolkit's `isRejected()`), cancelled
/// calls included (their payload's `wasCancelled`).
///
/// ```swift
/// let loading = StateSlice<StatsState>(name: "loading") { extra in
///   extra.addMatcher(isRejected()) { stats, _ in stats.counterActions -= 1 }
/// }
/// ```
/// - Returns: The matcher.
public func isRejected() -> ActionMatcher {
  ActionMatcher { requestStatus(of: $0) == .rejected }
}

/// Matches the `rejected` action of any of `thunks` (Redux Toolkit's `isRejected(a, b)`).
///
/// ```swift
/// let failed = isRejected(fetchTitles, refreshTitles)
/// ```
/// - Parameter thunks: The async thunks.
/// - Returns: The matcher.
@inlinable
public func isRejected<each State, each Argument, each Value>(
  _ thunks: repeat AsyncThunkCreator<each State, each Argument, each Value>
) -> ActionMatcher {
  isAnyOf(repeat (each thunks).rejected)
}

/// Matches any async thunk's lifecycle action (Redux Toolkit's `isAsyncThunkAction()`).
///
/// ```swift
/// let fromAThunk = isAsyncThunkAction()
/// ```
/// - Returns: The matcher.
public func isAsyncThunkAction() -> ActionMatcher {
  ActionMatcher { requestStatus(of: $0) != nil }
}

/// Matches any lifecycle action of any of `thunks` (Redux Toolkit's `isAsyncThunkAction(a, b)`).
///
/// ```swift
/// let todosTraffic = isAsyncThunkAction(fetchTitles, refreshTitles)
/// ```
/// - Parameter thunks: The async thunks.
/// - Returns: The matcher.
@inlinable
public func isAsyncThunkAction<each State, each Argument, each Value>(
  _ thunks: repeat AsyncThunkCreator<each State, each Argument, each Value>
) -> ActionMatcher {
  isAnyOf(repeat each thunks)
}
