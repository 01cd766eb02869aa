/// The payload of an async thunk's `pending` action.
///
/// ```swift
/// let titles = StateSlice<TitlesState>(name: "titles") { extra in
///   extra.addCase(fetchTitles.pending) { state, pending in state.loadingQuery = pending.argument }
/// }
/// ```
public struct AsyncThunkPending<Argument: Sendable>: Sendable {
  /// The call's id, the same in its `fulfilled` or `rejected`: tell concurrent calls apart.
  public let requestID: Int
  /// The call's argument.
  public let argument: Argument
}

/// The payload of an async thunk's `fulfilled` action.
///
/// ```swift
/// let titles = StateSlice<TitlesState>(name: "titles") { extra in
///   extra.addCase(fetchTitles.fulfilled) { state, done in state.titles = done.value }
/// }
/// ```
public struct AsyncThunkFulfilled<Argument: Sendable, Value: Sendable>: Sendable {
  /// The call's id.
  public let requestID: Int
  /// The call's argument.
  public let argument: Argument
  /// What the work returned.
  public let value: Value
}

/// The payload of an async thunk's `rejected` action.
///
/// ```swift
/// let titles = StateSlice<TitlesState>(name: "titles") { extra in
///   extra.addCase(fetchTitles.rejected) { state, failure in
///     if !failure.wasCancelled { state.error = "\(failure.error)" }
///   }
/// }
/// ```
public struct AsyncThunkRejected<Argument: Sendable>: Sendable {
  /// The call's id.
  public let requestID: Int
  /// The call's argument.
  public let argument: Argument
  /// What the work threw; a `CancellationError` when the call was cancelled.
  public let error: any Error
  /// Whether the call was cancelled (``AsyncThunkRequest/cancel()``) rather than failed.
  public let wasCancelled: Bool
}

extension AsyncThunkPending: Equatable where Argument: Equatable {}
extension AsyncThunkFulfilled: Equatable where Argument: Equatable, Value: Equatable {}

/// Thrown by ``AsyncThunkRequest/value`` of a call its condition skipped: nothing was
/// dispatched and no work ran.
///
/// ```swift
/// do { _ = try await titlesStore.dispatch(fetchTitles("milk")).value } catch is AsyncThunkSkipped {}
/// ```
public struct AsyncThunkSkipped: Error, CustomStringConvertible {
  /// The thunk's type prefix.
  public let typePrefix: String

  /// Says which thunk's condition skipped the call.
  public var description: String {
    "\(typePrefix): skipped, its condition was false when the call was dispatched"
  }
}
