import FunctionalStore
import ReduxTesting
import Testing

struct LoadState: Equatable, Sendable {
  var titles: [String] = []
  var loading: [Int] = []
  var failures: [String] = []
  var cancelled: [Int] = []
}

struct TitlesUnavailable: Error, CustomStringConvertible {
  var description: String { "titles unavailable" }
}

/// Answers each query with the query twice, fails on "fail", and waits for the test's go-ahead
/// on "wait".
let fetchTitles = createAsyncThunk(
  "titles/fetch", state: LoadState.self, condition: { query, state in !state.titles.contains(query) }
) { (query: String, api) in
  if query == "fail" { throw TitlesUnavailable() }
  if query == "wait" { try await Task.sleep(for: .seconds(3600)) }
  return [query, query + "\(api.getState().titles.count)"]
}

enum Titles {
  static let slice = StateSlice<LoadState>(name: "titles") { extra in
    extra.addCase(fetchTitles.pending) { state, pending in state.loading.append(pending.requestID) }
    extra.addCase(fetchTitles.fulfilled) { state, done in
      state.loading.removeAll { $0 == done.requestID }
      state.titles += done.value
    }
    extra.addCase(fetchTitles.rejected) { state, failure in
      state.loading.removeAll { $0 == failure.requestID }
      if failure.wasCancelled {
        state.cancelled.append(failure.requestID)
      } else {
        state.failures.append("\(failure.argument): \(failure.error)")
      }
    }
  }
}

@MainActor
@Suite struct AsyncThunkLifecycleTests {
  /// A store of the titles slice, and the names of the actions it was sent.
  func makeStore() -> (ReduxStore<LoadState, PayloadAction>, Log<String>) {
    let sent = Log<String>()
    let recording = Middleware<LoadState, PayloadAction> { _, action, next in
      sent.append(action.type.name)
      next(action)
    }
    return (
      createStore(
        reducer: Titles.slice.reducer, initialState: LoadState(), enhancer: applyMiddleware(recording)), sent
    )
  }

  @Test func pendingAtOnceThenFulfilledWithTheValue() async throws {
    let (store, sent) = makeStore()
    let request = store.dispatch(fetchTitles("milk"))
    #expect(sent.entries == ["titles/fetch/pending"], "pending is dispatched before dispatch returns")
    #expect(store.getState().loading == [request.requestID])
    let titles = try await request.value
    #expect(titles == ["milk", "milk0"])
    #expect(sent.entries == ["titles/fetch/pending", "titles/fetch/fulfilled"])
    #expect(store.getState() == LoadState(titles: ["milk", "milk0"]))
  }

  @Test func pendingThenRejectedWithTheErrorWhichValueThrows() async {
    let (store, sent) = makeStore()
    let request = store.dispatch(fetchTitles("fail"))
    await #expect(throws: TitlesUnavailable.self) { try await request.value }
    #expect(sent.entries == ["titles/fetch/pending", "titles/fetch/rejected"])
    #expect(store.getState().failures == ["fail: titles unavailable"])
    #expect(store.getState().loading.isEmpty)
  }

  @Test func aFalseConditionDispatchesNothingAndRunsNothing() async throws {
    let (store, sent) = makeStore()
    _ = try await store.dispatch(fetchTitles("milk")).value
    sent.entries.removeAll()
    let skipped = store.dispatch(fetchTitles("milk"))
    await #expect(throws: AsyncThunkSkipped.self) { try await skipped.value }
    #expect(sent.entries.isEmpty)
    #expect(store.getState().titles == ["milk", "milk0"])
  }

  @Test func aCancelledCallIsRejectedAtOnceAndItsResultNeverApplied() async {
    let (store, sent) = makeStore()
    let request = store.dispatch(fetchTitles("wait"))
    request.cancel()
    #expect(sent.entries == ["titles/fetch/pending", "titles/fetch/rejected"])
    #expect(store.getState().cancelled == [request.requestID])
    await #expect(throws: CancellationError.self) { try await request.value }
    request.cancel()
    #expect(
      sent.entries == ["titles/fetch/pending", "titles/fetch/rejected"], "cancelling again does nothing")
    #expect(store.getState().titles.isEmpty)
  }

  @Test func cancellingAfterTheEndChangesNothing() async throws {
    let (store, sent) = makeStore()
    let request = store.dispatch(fetchTitles("tea"))
    _ = try await request.value
    request.cancel()
    #expect(sent.entries == ["titles/fetch/pending", "titles/fetch/fulfilled"])
    #expect(try await request.value == ["tea", "tea0"])
  }

  @Test func concurrentCallsCarryTheirOwnRequestIDs() async throws {
    let (store, _) = makeStore()
    let first = store.dispatch(fetchTitles("a"))
    let second = store.dispatch(fetchTitles("b"))
    #expect(first.requestID != second.requestID)
    #expect(store.getState().loading == [first.requestID, second.requestID])
    _ = try await (first.value, second.value)
    #expect(store.getState().loading.isEmpty)
    // Which call ends first is up to the scheduler; what each work saw is not.
    #expect(
      Set(store.getState().titles) == ["a", "a0", "b", "b0"],
      "each call's work began inside its dispatch, before either ended")
  }

  @Test func aThunkDispatchesAnotherAndAwaitsIt() async throws {
    let (store, sent) = makeStore()
    let both = createAsyncThunk("titles/both", state: LoadState.self) { (query: String, api) in
      let first = try await api.dispatch(fetchTitles(query)).value
      return first + [api.getState().titles.last ?? ""]
    }
    let titles = try await store.dispatch(both("tea")).value
    #expect(titles == ["tea", "tea0", "tea0"])
    #expect(
      sent.entries == [
        "titles/both/pending", "titles/fetch/pending", "titles/fetch/fulfilled", "titles/both/fulfilled",
      ])
  }

  @Test func theTestStoreExpectsEachLifecycleAction() async throws {
    let store = ReduxTestStore(reducer: Titles.slice.reducer, initialState: LoadState())
    let request = await store.dispatch(fetchTitles("milk")) {
      $0.loading = [store.store.getState().loading[0]]
    }
    await store.receive(fetchTitles.fulfilled) {
      $0.loading = []
      $0.titles = ["milk", "milk0"]
    }
    #expect(try await request.value == ["milk", "milk0"])
    let failing = await store.dispatch(fetchTitles("fail")) {
      $0.loading = [store.store.getState().loading[0]]
    }
    await store.receive(fetchTitles.rejected) {
      $0.loading = []
      $0.failures = ["fail: titles unavailable"]
    }
    #expect(failing.requestID > request.requestID)
    await store.finish()
  }
}
