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

  /// A `pending` payload made by hand, to test a reducer alone (a store makes its own).
  ///
  /// ```swift
  /// let started = fetchTitles.pending(AsyncThunkPending(requestID: 1, argument: "milk"))
  /// ```
  /// - Parameters:
  ///   - requestID: The call's id.
  ///   - argument: The call's argument.
  public init(requestID: Int, argument: Argument) {
    self.requestID = requestID
    self.argument = argument
  }
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

  /// A `fulfilled` payload made by hand, to test a reducer alone.
  ///
  /// ```swift
  /// let done = fetchTitles.fulfilled(AsyncThunkFulfilled(requestID: 1, argument: "milk", value: ["milk"]))
  /// ```
  /// - Parameters:
  ///   - requestID: The call's id.
  ///   - argument: The call's argument.
  ///   - value: What the work returned.
  public init(requestID: Int, argument: Argument, value: Value) {
    self.requestID = requestID
    self.argument = argument
    self.value = value
  }
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
  /// Why the call was cancelled, when ``AsyncThunkRequest/cancel(reason:)`` said (Redux
  /// Toolkit's `abort(reason)`, its rejected action's `error.message`); `nil` otherwise.
  public let abortReason: String?

  /// Whether the call's condition skipped it: no work ran (Redux Toolkit's `meta.condition`,
  /// dispatched only by a thunk made with `dispatchConditionRejection: true`).
  ///
  /// ```swift
  /// let failure = AsyncThunkRejected(requestID: 1, argument: "milk", error: CancellationError())
  /// print(failure.wasSkippedByCondition)  // false
  /// ```
  public var wasSkippedByCondition: Bool { error is AsyncThunkSkipped }

  /// A `rejected` payload made by hand, to test a reducer alone.
  ///
  /// ```swift
  /// let failed = fetchTitles.rejected(
  ///   AsyncThunkRejected(requestID: 1, argument: "milk", error: CancellationError(), wasCancelled: true))
  /// ```
  /// - Parameters:
  ///   - requestID: The call's id.
  ///   - argument: The call's argument.
  ///   - error: What the work threw.
  ///   - wasCancelled: Whether the call was cancelled rather than failed.
  public init(requestID: Int, argument: Argument, error: any Error, wasCancelled: Bool = false) {
    self.init(
      requestID: requestID, argument: argument, error: error, wasCancelled: wasCancelled, abortReason: nil)
  }

  init(requestID: Int, argument: Argument, error: any Error, wasCancelled: Bool, abortReason: String?) {
    self.requestID = requestID
    self.argument = argument
    self.error = error
    self.wasCancelled = wasCancelled
    self.abortReason = abortReason
  }
}

extension AsyncThunkPending: Equatable where Argument: Equatable {}
extension AsyncThunkFulfilled: Equatable where Argument: Equatable, Value: Equatable {}

/// Thrown by ``AsyncThunkRequest/value`` of a call its condition skipped: no work ran, and
/// nothing was dispatched unless the thunk was made with `dispatchConditionRejection: true`.
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

/// The argument as a log line shows it: nothing for a call that takes none.
private func argumentPart<Argument>(_ argument: Argument) -> String {
  Argument.self == Void.self ? "" : ", argument: \(String(reflecting: argument))"
}

extension AsyncThunkPending: CustomStringConvertible {
  /// The call's id and argument, as logs, recordings and the inspector show them after the
  /// action's type (`todos/fetch/pending(requestID: 1, argument: "milk")`).
  public var description: String { "requestID: \(requestID)\(argumentPart(argument))" }
}

extension AsyncThunkFulfilled: CustomStringConvertible {
  /// The call's id, argument and value (`todos/fetch/fulfilled(requestID: 1, value: [...])`).
  public var description: String {
    "requestID: \(requestID)\(argumentPart(argument)), value: \(String(reflecting: value))"
  }
}

extension AsyncThunkRejected: CustomStringConvertible {
  /// The call's id, argument and error, or that it was cancelled.
  public var description: String {
    let end =
      wasCancelled
      ? "cancelled" + (abortReason.map { ": \(String(reflecting: $0))" } ?? "") : "error: \(error)"
    return "requestID: \(requestID)\(argumentPart(argument)), \(end)"
  }
}
