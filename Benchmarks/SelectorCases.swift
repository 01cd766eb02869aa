import FunctionalStore

// E1: a memoized selector over an entity adapter's 10,000 entities, read 100 times after each
// change (as views of a screen read it between two actions); it must compute once per change.
// E1r: the same reads computing the derived value each time, what the memo saves.

struct Shelved: Identifiable, Equatable, Sendable {
  var id: Int
  var isRead = false
}

struct ShelfState: Equatable, Sendable {
  var books = EntityState<Shelved>()
}

let shelfAdapter = EntityAdapter<Shelved>()

let shelfReducer = ReduxReducer<ShelfState, Int> { state, id in
  shelfAdapter.updateOne(&state.books, id: id) { $0.isRead.toggle() }
}

@MainActor
func selectorCases() -> [BenchmarkCase] {
  func scenario(_ id: String) -> Scenario { Scenario.all.first { $0.id == id }! }
  func makeStore() -> ReduxStore<ShelfState, Int> {
    var initial = ShelfState()
    shelfAdapter.setAll(&initial.books, (0..<10_000).map { Shelved(id: $0) })
    return createStore(reducer: shelfReducer, initialState: initial)
  }
  func unreadCount(_ books: EntityState<Shelved>) -> Int {
    var count = 0
    for id in books.ids where books[id: id]?.isRead == false { count &+= 1 }
    return count
  }
  return [
    BenchmarkCase(scenario: scenario("E1"), style: .functional) {
      let store = makeStore()
      let unread = createSelector(\ShelfState.books, unreadCount)
      var dispatched = 0
      var sum = 0
      return Runner(
        run: { n in
          for index in 0..<n {
            store.dispatch((dispatched + index) % 10_000)
            for _ in 0..<100 { sum &+= unread(store.getState()) }
          }
          dispatched += n
        },
        verify: {
          _ = sum
          return expectCount(unread.recomputations, dispatched, "recomputations (one per change)")
        })
    },
    BenchmarkCase(scenario: scenario("E1r"), style: .functional) {
      let store = makeStore()
      var dispatched = 0
      var sum = 0
      return Runner(
        run: { n in
          for index in 0..<n {
            store.dispatch((dispatched + index) % 10_000)
            for _ in 0..<100 { sum &+= unreadCount(store.getState().books) }
          }
          dispatched += n
        },
        verify: {
          expectCount(sum > 0 ? 1 : 0, 1, "derived values computed")
        })
    },
  ]
}
