import FunctionalStore
import Testing

// Redux Toolkit's matchers tests (isAnyOf, isAllOf, isPending, isFulfilled, isRejected,
// isAsyncThunkAction), with its inputs: creators, thunks and matchers in any mix.

private struct Shelf: Equatable, Sendable {
  var loading = 0
  var loaded = 0
  var failed = 0
  var changes = 0
}

private enum ShelfSlice {
  static let slice = StateSlice<Shelf>(name: "shelf")
  static let added = slice.caseReducer("added") { (state, _: String) in state.changes += 1 }
  static let removed = slice.caseReducer("removed") { (state, _: String) in state.changes += 1 }
  static let cleared = slice.caseReducer("cleared") { state in state.changes = 0 }
}

private struct Unavailable: Error {}

private let fetchBooks = createAsyncThunk("shelf/fetchBooks", state: Shelf.self) { (_: Int, _) in ["Emma"] }
private let fetchAuthors = createAsyncThunk("shelf/fetchAuthors", state: Shelf.self) {
  (_: Int, _) -> [String] in
  throw Unavailable()
}

/// Lifecycle actions built by hand, as a reducer's test does.
private let booksPending = fetchBooks.pending(AsyncThunkPending(requestID: 1, argument: 1))
private let booksFulfilled = fetchBooks.fulfilled(
  AsyncThunkFulfilled(requestID: 1, argument: 1, value: ["Emma"]))
private let authorsRejected = fetchAuthors.rejected(
  AsyncThunkRejected(requestID: 2, argument: 1, error: Unavailable(), wasCancelled: false))

@Suite struct MatcherTests {
  @Test func isAnyOfMatchesWhatAnyOfItsPartsMatches() {
    let changed = isAnyOf(ShelfSlice.added, ShelfSlice.removed)
    #expect(changed(ShelfSlice.added("a")) && changed(ShelfSlice.removed("a")))
    #expect(!changed(ShelfSlice.cleared()))
    let mixed = isAnyOf(ShelfSlice.cleared, fetchBooks, ActionMatcher { $0.type.name.hasSuffix("/removed") })
    #expect(mixed(ShelfSlice.cleared()) && mixed(booksPending) && mixed(ShelfSlice.removed("a")))
    #expect(!mixed(ShelfSlice.added("a")))
    #expect(!isAnyOf()(ShelfSlice.added("a")), "none matches nothing")
  }

  @Test func isAllOfMatchesWhatEveryPartMatches() {
    let longAdded = isAllOf(
      ShelfSlice.added, ActionMatcher { (ShelfSlice.added.match($0) ?? "").count > 3 })
    #expect(longAdded(ShelfSlice.added("Persuasion")))
    #expect(!longAdded(ShelfSlice.added("Ann")))
    #expect(!longAdded(ShelfSlice.removed("Persuasion")))
    #expect(isAllOf()(ShelfSlice.cleared()), "none matches every action")
  }

  @Test func theLifecycleMatchersTellTheThreeApart() {
    #expect(isPending()(booksPending) && !isPending()(booksFulfilled) && !isPending()(ShelfSlice.cleared()))
    #expect(isFulfilled()(booksFulfilled) && !isFulfilled()(authorsRejected))
    #expect(isRejected()(authorsRejected) && !isRejected()(booksPending))
    #expect(isAsyncThunkAction()(booksPending) && isAsyncThunkAction()(authorsRejected))
    #expect(!isAsyncThunkAction()(ShelfSlice.added("a")))
  }

  @Test func theLifecycleMatchersOfGivenThunksMatchOnlyTheirs() {
    #expect(isPending(fetchBooks)(booksPending) && !isPending(fetchAuthors)(booksPending))
    #expect(isRejected(fetchBooks, fetchAuthors)(authorsRejected))
    #expect(isFulfilled(fetchBooks)(booksFulfilled) && !isFulfilled(fetchAuthors)(booksFulfilled))
    #expect(
      isAsyncThunkAction(fetchAuthors)(authorsRejected) && !isAsyncThunkAction(fetchAuthors)(booksPending))
  }

  @Test func aMatcherIsASwitchPattern() {
    func describe(_ action: PayloadAction) -> String {
      switch action {
      case isAnyOf(ShelfSlice.added, ShelfSlice.removed): "changed"
      case isPending(): "loading"
      default: "other"
      }
    }
    #expect(describe(ShelfSlice.removed("a")) == "changed")
    #expect(describe(booksPending) == "loading")
    #expect(describe(ShelfSlice.cleared()) == "other")
  }

  /// The usual loading flags of several thunks, with addMatcher, and a store running them.
  @MainActor
  @Test func addMatcherDrivesLoadingFlagsOfEveryThunk() async throws {
    let slice = StateSlice<Shelf>(name: "flags") { extra in
      extra.addMatcher(isPending()) { state, _ in state.loading += 1 }
      extra.addMatcher(isFulfilled(fetchBooks, fetchAuthors)) { state, _ in
        state.loading -= 1
        state.loaded += 1
      }
      extra.addMatcher(isRejected()) { state, _ in
        state.loading -= 1
        state.failed += 1
      }
    }
    let store = createStore(reducer: slice.reducer, initialState: Shelf())
    let books = store.dispatch(fetchBooks(1))
    let authors = store.dispatch(fetchAuthors(1))
    #expect(store.getState().loading == 2)
    _ = try await books.value
    _ = try? await authors.value
    #expect(store.getState() == Shelf(loading: 0, loaded: 1, failed: 1))
  }

  @MainActor
  @Test func aListenerTakesAMatcher() async {
    let listeners = ListenerMiddleware<Shelf, PayloadAction>()
    var seen: [String] = []
    listeners.startListening(matching: isAnyOf(ShelfSlice.added, ShelfSlice.cleared)) { action, _ in
      seen.append(action.type.name)
    }
    let store = createStore(
      reducer: ShelfSlice.slice.reducer, initialState: Shelf(),
      enhancer: applyMiddleware(listeners.middleware))
    store.dispatch(ShelfSlice.added("a"))
    store.dispatch(ShelfSlice.removed("a"))
    store.dispatch(ShelfSlice.cleared())
    #expect(seen == ["shelf/added", "shelf/cleared"])
  }
}

/// What a log, a recording and the inspector print for an async thunk's lifecycle: the type,
/// then the call's id and what it carries, as a Redux DevTools user reads it.
@Suite struct AsyncThunkActionNameTests {
  @Test func lifecycleActionsPrintTheirTypeThenTheirPayload() {
    #expect("\(booksPending)" == "shelf/fetchBooks/pending(requestID: 1, argument: 1)")
    #expect("\(booksFulfilled)" == #"shelf/fetchBooks/fulfilled(requestID: 1, argument: 1, value: ["Emma"])"#)
    #expect("\(authorsRejected)".hasPrefix("shelf/fetchAuthors/rejected(requestID: 2, argument: 1, error: "))
    let noArgument = createAsyncThunk("shelf/refresh", state: Shelf.self) { (_: Void, _) in 1 }
    #expect(
      "\(noArgument.pending(AsyncThunkPending(requestID: 3, argument: ())))"
        == "shelf/refresh/pending(requestID: 3)")
  }
}
