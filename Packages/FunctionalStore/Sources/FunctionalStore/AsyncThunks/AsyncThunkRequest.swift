import ReduxCore

/// A dispatched call of an async thunk: wait for its value, or cancel it.
///
/// ```swift
/// let request = titlesStore.dispatch(fetchTitles("milk"))
/// request.cancel()
/// do { _ = try await request.value } catch is CancellationError { print("cancelled") }
/// ```
///
/// It belongs to the store's actor, like the store.
public final class AsyncThunkRequest<Argument: Sendable, Value: Sendable> {
  /// The call's id, the one its lifecycle actions carry.
  public let requestID: Int
  /// The call's argument.
  public let argument: Argument
  /// How the call ended, once it has: set by the first of the work's end and `cancel()`.
  private var outcome: Result<Value, any Error>?
  /// The task running the work; `nil` for a call its condition skipped.
  private var task: Task<Result<Value, any Error>, Never>?
  /// Dispatches the call's `rejected` action for a cancellation, with its reason if given.
  private var rejectCancelled: ((String?) -> Void)?

  init(requestID: Int, argument: Argument) {
    self.requestID = requestID
    self.argument = argument
  }

  /// A request that ends at once with `error`, having dispatched nothing: one its condition
  /// skipped (``AsyncThunkSkipped``), or one a cancelled listener run made.
  static func ended(_ requestID: Int, _ argument: Argument, with error: any Error) -> AsyncThunkRequest {
    let request = AsyncThunkRequest(requestID: requestID, argument: argument)
    request.outcome = .failure(error)
    return request
  }

  /// What the work returned (Redux Toolkit's `unwrap()`); it throws what the work threw,
  /// `CancellationError` for a cancelled call (once its work has stopped), or
  /// ``AsyncThunkSkipped``.
  ///
  /// ```swift
  /// let titles = try await titlesStore.dispatch(fetchTitles("milk")).value
  /// ```
  nonisolated(nonsending) public var value: Value {
    get async throws {
      if let outcome { return try outcome.get() }
      guard let task else { throw CancellationError() }
      let ended = await task.value
      return try (outcome ?? ended).get()
    }
  }

  /// Cancels the call: dispatches `rejected` (``AsyncThunkRejected/wasCancelled``) at once,
  /// cancels the work's task, and never applies its result. Cancelling a call that has ended
  /// does nothing.
  ///
  /// ```swift
  /// let request = titlesStore.dispatch(fetchTitles("milk"))
  /// request.cancel()
  /// ```
  public func cancel() {
    cancel(because: nil)
  }

  /// Cancels the call as ``cancel()`` does, and says why: the `rejected` action carries the
  /// reason (``AsyncThunkRejected/abortReason``), as Redux Toolkit's `abort(reason)` puts it
  /// in the action's error.
  ///
  /// ```swift
  /// let request = titlesStore.dispatch(fetchTitles("milk"))
  /// request.cancel(reason: "the user left the screen")
  /// ```
  /// - Parameter reason: Why, for reducers, logs and the inspector.
  public func cancel(reason: String) {
    cancel(because: reason)
  }

  private func cancel(because reason: String?) {
    guard outcome == nil else { return }
    outcome = .failure(CancellationError())
    task?.cancel()
    rejectCancelled?(reason)
    rejectCancelled = nil
  }

  /// Starts the work on `home` and ends the call with its result, unless cancelled first.
  func start<State>(
    _ creator: AsyncThunkCreator<State, Argument, Value>, host: AsyncThunkHost<State>, on home: any Actor
  ) {
    // Kept only while the call runs (the call ends by dropping it), as the work keeps its host.
    rejectCancelled = { [requestID, argument] reason in
      host.dispatch(
        creator.rejected(
          AsyncThunkRejected(
            requestID: requestID, argument: argument, error: CancellationError(), wasCancelled: true,
            abortReason: reason)))
    }
    let run = HomeBound((request: self, creator: creator, host: host))
    task = StoreHome.start(on: home, run) { run in await run.request.run(run.creator, host: run.host) }
  }

  /// Runs the work (at home) and dispatches its end; with an async condition, awaits it first
  /// and dispatches `pending` if it says yes.
  private nonisolated(nonsending) func run<State>(
    _ creator: AsyncThunkCreator<State, Argument, Value>, host: AsyncThunkHost<State>
  ) async -> Result<Value, any Error> {
    if let condition = creator.asyncCondition {
      let passes: Result<Bool, any Error>
      do {
        passes = .success(
          try await condition(argument, AsyncThunkConditionAPI(getState: host.getState, extra: host.extra)))
      } catch {
        passes = .failure(error)
      }
      // Cancelled while the condition ran: `rejected` is already out, and no work runs.
      if let outcome { return outcome }
      switch passes {
      case .success(true):
        host.dispatch(creator.pending(AsyncThunkPending(requestID: requestID, argument: argument)))
      case .success(false):
        let skipped = AsyncThunkSkipped(typePrefix: creator.typePrefix)
        return end(with: .failure(skipped), dispatching: creator.dispatchesSkippedCalls, creator, host)
      case .failure(let error):
        return end(with: .failure(error), dispatching: true, creator, host)
      }
    }
    let ended: Result<Value, any Error>
    do {
      ended = .success(try await creator.work(argument, AsyncThunkAPI(host: host, requestID: requestID)))
    } catch {
      ended = .failure(error)
    }
    // The work began inside the dispatch that made the call (`StoreHome.start`); its end comes
    // in a later turn even when the work never waited, as a Redux Toolkit thunk's promise
    // settles after `dispatch` returns: `pending` is all a caller sees at once.
    await Task.yield()
    // Cancelled while it ran: `rejected` is already out, and the result is dropped.
    if let outcome { return outcome }
    return end(with: ended, dispatching: true, creator, host)
  }

  /// Ends the call with `ended`, and dispatches `fulfilled` or `rejected` unless told not to.
  private func end<State>(
    with ended: Result<Value, any Error>, dispatching: Bool,
    _ creator: AsyncThunkCreator<State, Argument, Value>, _ host: AsyncThunkHost<State>
  ) -> Result<Value, any Error> {
    outcome = ended
    rejectCancelled = nil
    guard dispatching else { return ended }
    switch ended {
    case .success(let value):
      host.dispatch(
        creator.fulfilled(AsyncThunkFulfilled(requestID: requestID, argument: argument, value: value)))
    case .failure(let error):
      host.dispatch(
        creator.rejected(
          AsyncThunkRejected(
            requestID: requestID, argument: argument, error: error,
            wasCancelled: error is CancellationError)))
    }
    return ended
  }
}
