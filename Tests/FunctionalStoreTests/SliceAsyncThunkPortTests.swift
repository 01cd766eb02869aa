import FunctionalStore
import ReduxTesting
import Testing

// Redux Toolkit's createSlice tests of `initialState`/`getInitialState` and of `create.asyncThunk`
// ("reducers definition with asyncThunks"), and createAsyncThunk's "abort after dispatch" with a
// reason, with RTK's inputs and expectations: each lifecycle reducer appends what it saw.

private struct Seen: Equatable, Sendable {
  var steps: [String] = []
}

private struct Refused: Error, CustomStringConvertible {
  var description: String { "refused" }
}

private enum TestSlice {
  static let slice = StateSlice<Seen>(name: "test", initialState: Seen())

  static let thunkReducers = slice.asyncThunk(
    "thunkReducers", state: Seen.self,
    pending: { state, started in state.steps.append("pendingReducer \(started.argument)") },
    fulfilled: { state, done in state.steps.append("fulfilledReducer \(done.value)") },
    rejected: { state, failure in state.steps.append("rejectedReducer \(failure.error)") },
    settled: { state in state.steps.append("settledReducer") }
  ) { (argument: String, _) -> String in
    if argument == "fail" { throw Refused() }
    return "resolved payload"
  }

  static let skipped = slice.asyncThunk(
    "skipped", state: Seen.self, condition: { (_: String, _) in false }, dispatchConditionRejection: true,
    rejected: { state, failure in
      state.steps.append("rejectedReducer condition: \(failure.wasSkippedByCondition)")
    },
    settled: { state in state.steps.append("settledReducer") }
  ) { (_: String, _) in "should not call this" }

  static let waiting = slice.asyncThunk(
    "waiting", state: Seen.self,
    rejected: { state, failure in
      state.steps.append("aborted: \(failure.wasCancelled), reason: \(failure.abortReason ?? "none")")
    }
  ) { (_: Void, _) in
    try await Task.sleep(for: .seconds(3_600))
    return 0
  }
}

@MainActor
@Suite struct SliceAsyncThunkPortTests {
  /// "getInitialState should return the state", and "when initialState is a function": each
  /// call makes the state anew.
  @Test func getInitialStateGivesTheDeclaredState() {
    let counter = StateSlice<Int>(name: "counter", initialState: 42)
    #expect(counter.getInitialState() == 42)
    let made = Counted()
    let lazy = StateSlice<Int>(name: "lazy", initialState: made.next())
    #expect(lazy.getInitialState() == 1)
    #expect(lazy.getInitialState() == 2)
  }

  /// "should return the correct value from reducer" (`reducer(undefined, increment())`).
  @Test func theReducerStartsFromTheInitialState() {
    let cool = StateSlice<Int>(name: "cool", initialState: 0)
    let increment = cool.caseReducer("increment") { state in state += 1 }
    #expect(cool.reducer(cool.getInitialState(), increment()) == 1)
    #expect(increment().type.name == "cool/increment")
  }

  /// "successful thunk".
  @Test func aSlicesThunkThatSucceedsRunsPendingFulfilledThenSettled() async throws {
    let store = createStore(reducer: TestSlice.slice.reducer, initialState: TestSlice.slice.getInitialState())
    let value = try await store.dispatch(TestSlice.thunkReducers("test")).value
    #expect(value == "resolved payload")
    #expect(
      store.getState().steps == [
        "pendingReducer test", "fulfilledReducer resolved payload", "settledReducer",
      ])
    #expect(TestSlice.thunkReducers.fulfilled.type.name == "test/thunkReducers/fulfilled")
  }

  /// "rejected thunk".
  @Test func aSlicesThunkThatThrowsRunsPendingRejectedThenSettled() async {
    let store = createStore(reducer: TestSlice.slice.reducer, initialState: Seen())
    await #expect(throws: Refused.self) { try await store.dispatch(TestSlice.thunkReducers("fail")).value }
    #expect(store.getState().steps == ["pendingReducer fail", "rejectedReducer refused", "settledReducer"])
    #expect(TestSlice.thunkReducers.rejected.type.name == "test/thunkReducers/rejected")
  }

  /// "with options": a condition that skips the call, with `dispatchConditionRejection`.
  @Test func aSlicesThunkSkippedByItsConditionRejectsThenSettles() async {
    let store = createStore(reducer: TestSlice.slice.reducer, initialState: Seen())
    await #expect(throws: AsyncThunkSkipped.self) {
      try await store.dispatch(TestSlice.skipped("test")).value
    }
    #expect(store.getState().steps == ["rejectedReducer condition: true", "settledReducer"])
  }

  /// "has caseReducers for the asyncThunk": its lifecycle actions, made by hand, run the slice's
  /// reducers (a rejected one with none declared does nothing).
  @Test func aSlicesThunkLifecycleMadeByHandRunsItsReducers() {
    let reduce = TestSlice.slice.reducer
    var state = reduce(
      Seen(), TestSlice.thunkReducers.pending(AsyncThunkPending(requestID: 1, argument: "x")))
    state = reduce(
      state, TestSlice.waiting.fulfilled(AsyncThunkFulfilled(requestID: 2, argument: (), value: 0)))
    #expect(state.steps == ["pendingReducer x"])
  }

  /// createAsyncThunk "abort after dispatch": `abort('AbortReason')` rejects at once with the
  /// reason, marked aborted.
  @Test func cancellingWithAReasonRejectsWithTheReason() async {
    let store = createStore(reducer: TestSlice.slice.reducer, initialState: Seen())
    let request = store.dispatch(TestSlice.waiting())
    request.cancel(reason: "AbortReason")
    #expect(store.getState().steps == ["aborted: true, reason: AbortReason"])
    await #expect(throws: CancellationError.self) { try await request.value }
    let plain = store.dispatch(TestSlice.waiting())
    plain.cancel()
    #expect(store.getState().steps.last == "aborted: true, reason: none")
  }

  /// The reason shows where logs and the inspector print the action.
  @Test func aRejectedActionPrintsItsReason() {
    let printed = Log<String>()
    let recording = Middleware<Seen, PayloadAction> { _, action, next in
      printed.append("\(action)")
      next(action)
    }
    let store = createStore(
      reducer: TestSlice.slice.reducer, initialState: Seen(), enhancer: applyMiddleware(recording))
    let request = store.dispatch(TestSlice.waiting())
    request.cancel(reason: "left")
    #expect(
      printed.entries.last == "test/waiting/rejected(requestID: \(request.requestID), cancelled: \"left\")")
  }
}

/// Counts the initial states made.
private final class Counted: Sendable {
  private let count = Locked(0)

  func next() -> Int {
    count.withLock { count in
      count += 1
      return count
    }
  }
}
