import FunctionalStore
import ReduxTesting
import Testing

/// Redux Toolkit's `createAsyncThunk` tests of its `idGenerator` and `dispatchConditionRejection`
/// options (`createAsyncThunk.test.ts`), ported: a request id made from the argument, and a
/// call skipped by its condition that dispatches `rejected` with `meta.condition`.
@MainActor
@Suite struct AsyncThunkOptionsPortTests {
  struct Counter: Equatable, Sendable {
    var value = 0
    var rejections: [String] = []
  }

  /// A store that keeps the type names of the actions it was sent, and the skipped calls'
  /// rejections in its state.
  func makeStore<Argument, Value>(
    reacting thunk: AsyncThunkCreator<Counter, Argument, Value>
  ) -> (ReduxStore<Counter, PayloadAction>, Log<String>) {
    let slice = StateSlice<Counter>(name: "counter") { extra in
      extra.addCase(thunk.rejected) { state, failure in
        state.rejections.append(failure.wasSkippedByCondition ? "condition" : "\(failure.error)")
      }
    }
    let sent = Log<String>()
    let recording = Middleware<Counter, PayloadAction> { _, action, next in
      sent.append(action.type.name)
      next(action)
    }
    return (
      createStore(reducer: slice.reducer, initialState: Counter(), enhancer: applyMiddleware(recording)), sent
    )
  }

  @Test func idGeneratorGivesTheRequestID() async throws {
    let thunk = createAsyncThunk("test", state: Counter.self, idGenerator: { _ in 4_242 }) { (_: Void, api) in
      api.requestID
    }
    let (store, _) = makeStore(reacting: thunk)
    let request = store.dispatch(thunk())
    #expect(request.requestID == 4_242)
    #expect(try await request.value == 4_242)
  }

  @Test func idGeneratorIsCalledWithTheThunksArgument() async throws {
    let thunk = createAsyncThunk(
      "test", state: Counter.self, idGenerator: { (argument: Int) in argument * 10 }
    ) {
      argument, api in api.requestID + argument
    }
    let (store, _) = makeStore(reacting: thunk)
    #expect(try await store.dispatch(thunk(7)).value == 77)
  }

  @Test func aSkippedCallDispatchesNothingByDefault() async {
    let thunk = createAsyncThunk("test", state: Counter.self, condition: { _, _ in false }) { (_: Void, _) in
      1
    }
    let (store, sent) = makeStore(reacting: thunk)
    await #expect(throws: AsyncThunkSkipped.self) { try await store.dispatch(thunk()).value }
    #expect(sent.entries.isEmpty)
    #expect(store.getState().rejections.isEmpty)
  }

  @Test func aSkippedCallDispatchesRejectedWithDispatchConditionRejection() async {
    let thunk = createAsyncThunk(
      "test", state: Counter.self, condition: { _, _ in false }, dispatchConditionRejection: true
    ) { (_: Void, _) in 1 }
    let (store, sent) = makeStore(reacting: thunk)
    let request = store.dispatch(thunk())
    #expect(sent.entries == ["test/rejected"], "no pending: the call never started")
    #expect(store.getState().rejections == ["condition"])
    await #expect(throws: AsyncThunkSkipped.self) { try await request.value }
  }

  @Test func aCallThatRunsIsNotSkippedByCondition() async {
    struct Failure: Error, CustomStringConvertible { var description: String { "failed" } }
    let thunk = createAsyncThunk(
      "test", state: Counter.self, condition: { _, _ in true }, dispatchConditionRejection: true
    ) { (_: Void, _) -> Int in throw Failure() }
    let (store, sent) = makeStore(reacting: thunk)
    await #expect(throws: Failure.self) { try await store.dispatch(thunk()).value }
    #expect(sent.entries == ["test/pending", "test/rejected"])
    #expect(store.getState().rejections == ["failed"])
  }

  /// "pending is dispatched synchronously if condition is synchronous".
  @Test func aSynchronousConditionDispatchesPendingInsideDispatch() async throws {
    let thunk = createAsyncThunk("test", state: Counter.self, condition: { _, _ in true }) { (_: Void, _) in
      10
    }
    let (store, sent) = makeStore(reacting: thunk)
    let request = store.dispatch(thunk())
    #expect(sent.entries == ["test/pending"])
    #expect(try await request.value == 10)
    #expect(sent.entries == ["test/pending", "test/fulfilled"])
  }

  /// "async condition": a condition that awaits and says no dispatches nothing.
  @Test func anAsyncConditionThatSaysNoDispatchesNothing() async {
    let ran = Log<String>()
    let thunk = createAsyncThunk(
      "test", state: Counter.self,
      asyncCondition: { _, _ in
        await Task.yield()
        return false
      }
    ) { (_: Void, _) -> Int in
      await ran.append("work")
      return 10
    }
    let (store, sent) = makeStore(reacting: thunk)
    await #expect(throws: AsyncThunkSkipped.self) { try await store.dispatch(thunk()).value }
    #expect(sent.entries.isEmpty)
    #expect(ran.entries.isEmpty)
  }

  /// An async condition that says yes: `pending` once it has, then the work.
  @Test func anAsyncConditionThatSaysYesDispatchesPendingAfterIt() async throws {
    let thunk = createAsyncThunk(
      "test", state: Counter.self,
      asyncCondition: { _, api in
        await Task.yield()
        return api.getState().value == 0
      }
    ) { (_: Void, _) in 10 }
    let (store, sent) = makeStore(reacting: thunk)
    let request = store.dispatch(thunk())
    #expect(sent.entries.isEmpty, "pending waits for the condition")
    #expect(try await request.value == 10)
    #expect(sent.entries == ["test/pending", "test/fulfilled"])
  }

  /// "async condition with rejected promise": a condition that throws rejects the call with its
  /// error, with no `pending`.
  @Test func anAsyncConditionThatThrowsRejectsTheCall() async {
    struct Unreachable: Error, CustomStringConvertible { var description: String { "unreachable" } }
    let thunk = createAsyncThunk(
      "test", state: Counter.self, asyncCondition: { (_: Void, _) in throw Unreachable() }
    ) { (_: Void, _) in 10 }
    let (store, sent) = makeStore(reacting: thunk)
    await #expect(throws: Unreachable.self) { try await store.dispatch(thunk()).value }
    #expect(sent.entries == ["test/rejected"])
    #expect(store.getState().rejections == ["unreachable"])
  }

  /// "aborting during an async condition dispatches a rejected action with an AbortError": the
  /// work never runs, and the rejection is a cancellation with its reason, not a skip.
  @Test func cancellingDuringAnAsyncConditionRejectsAsCancelled() async {
    let clock = TestClock()
    let ran = Log<String>()
    let thunk = createAsyncThunk(
      "test", state: Counter.self,
      asyncCondition: { _, _ in
        try? await clock.sleep(for: .milliseconds(25))
        return true
      }
    ) { (_: Void, _) -> Int in
      await ran.append("work")
      return 10
    }
    let slice = StateSlice<Counter>(name: "aborts") { extra in
      extra.addCase(thunk.rejected) { state, failure in
        state.rejections.append(
          "cancelled: \(failure.wasCancelled), skipped: \(failure.wasSkippedByCondition), \(failure.abortReason ?? "")"
        )
      }
    }
    let store = createStore(reducer: slice.reducer, initialState: Counter())
    let request = store.dispatch(thunk())
    request.cancel(reason: "TEST_ABORT")
    await #expect(throws: CancellationError.self) { try await request.value }
    #expect(store.getState().rejections == ["cancelled: true, skipped: false, TEST_ABORT"])
    #expect(ran.entries.isEmpty)
  }

  /// "includes a settled matcher".
  @Test func aThunksSettledMatcherMatchesFulfilledAndRejected() {
    let thunk = createAsyncThunk("test", state: Counter.self) { (_: Void, _) in 10 }
    let fulfilled = thunk.fulfilled(AsyncThunkFulfilled(requestID: 1, argument: (), value: 10))
    let rejected = thunk.rejected(AsyncThunkRejected(requestID: 1, argument: (), error: CancellationError()))
    let pending = thunk.pending(AsyncThunkPending(requestID: 1, argument: ()))
    #expect(thunk.settled.matches(fulfilled))
    #expect(thunk.settled.matches(rejected))
    #expect(!thunk.settled.matches(pending))
  }
}
