import FunctionalStore
import Observation
import Testing

// Memoized selectors: computed again only when an input changed, counted; read from a
// listener, a subscription and a view's per-field read.

private struct Book: Identifiable, Equatable, Sendable {
  var id: Int
  var title: String
  var isRead = false
}

private struct Shelf: Equatable, Sendable {
  var books = EntityState<Book>()
  var query = ""
  var clicks = 0
}

private enum ShelfAction: Sendable {
  case add(Book), read(Int), search(String), click
}

private let booksAdapter = EntityAdapter<Book>()

private let shelfReducer = ReduxReducer<Shelf, ShelfAction> { state, action in
  switch action {
  case .add(let book): booksAdapter.addOne(&state.books, book)
  case .read(let id): booksAdapter.updateOne(&state.books, id: id) { $0.isRead = true }
  case .search(let query): state.query = query
  case .click: state.clicks += 1
  }
}

@MainActor
@Suite struct MemoizedSelectorTests {
  private func makeStore() -> ReduxStore<Shelf, ShelfAction> {
    let store = createStore(reducer: shelfReducer, initialState: Shelf())
    for id in 0..<1_000 { store.dispatch(.add(Book(id: id, title: "Book \(id)"))) }
    return store
  }

  @Test func itIsComputedAgainOnlyWhenAnInputChanged() {
    let store = makeStore()
    let matching = createSelector(\Shelf.books, \Shelf.query) { books, query in
      books.all.filter { query.isEmpty || $0.title.hasSuffix(query) }.count
    }
    #expect(matching(store.getState()) == 1_000)
    for _ in 0..<100 { _ = matching(store.getState()) }
    store.dispatch(.click)  // not an input
    #expect(matching(store.getState()) == 1_000)
    #expect(matching.recomputations == 1)
    store.dispatch(.search("7"))
    #expect(matching(store.getState()) == 100)
    store.dispatch(.read(7))
    #expect(matching(store.getState()) == 100)
    #expect(matching.recomputations == 3)
    matching.resetRecomputations()
    #expect(matching.recomputations == 0)
  }

  @Test func aListenerAndASubscriptionAreToldWhenTheOutputChanged() {
    let store = makeStore()
    let unread = createSelector(\Shelf.books) { books in books.all.filter { !$0.isRead }.count }
    var heard: [Int] = []
    let stop = store.listen(to: { unread($0) }) { heard.append($0) }
    var seen: [Int] = []
    let token = store.subscribe({ unread($0) }) { seen.append($0) }
    store.dispatch(.click)
    store.dispatch(.read(1))
    store.dispatch(.read(1))  // the same book again: no change
    stop()
    #expect(heard == [999] && seen == [999])
    #expect(unread.recomputations == 2)  // the first read, then the one change of the books
    _ = token
  }

  @Test func aViewReadingItWatchesOnlyItsInputs() {
    let store = makeStore()
    let unread = createSelector(\Shelf.books) { books in books.all.filter { !$0.isRead }.count }
    let told = Log<Bool>()
    withObservationTracking {
      _ = store.select(unread)
    } onChange: {
      MainActor.assumeIsolated { told.append(true) }
    }
    store.dispatch(.click)
    store.dispatch(.search("x"))
    #expect(told.entries.isEmpty)
    store.dispatch(.read(3))
    #expect(told.entries == [true])
    #expect(store.select(unread) == 999 && unread.recomputations == 2)
  }
}
