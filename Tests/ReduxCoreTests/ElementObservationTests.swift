import IdentifiedCollections
import Observation
import ReduxCore
import Testing

/// Rows read by id (`store.state(\.todos, id: id)`): each row's observation is checked where
/// the row was found last, so these cover a row that moves, goes, comes back, and lists named
/// by different key path objects or by a computed property.
@MainActor
@Suite struct ElementObservationTests {
  struct Board: Sendable {
    var todos: IdentifiedArrayOf<Todo> = IdentifiedArray(
      uniqueElements: (0..<100).map { Todo(id: $0, title: "t\($0)") })
    var count = 0
    /// A list that is not a stored field: read through the runtime, not at an offset.
    var reversed: IdentifiedArrayOf<Todo> { IdentifiedArray(uniqueElements: todos.reversed()) }
  }

  enum Edit: Sendable {
    case rename(Int, String), renameMany([Int], String), remove(Int), insertFirst(Todo), reverse
    case increment
  }

  func makeBoard() -> BareStore<Board, Edit> {
    BareStore(Board()) { state, action in
      switch action {
      case .rename(let id, let title): state.todos[id: id]?.title = title
      case .renameMany(let ids, let title): for id in ids { state.todos[id: id]?.title = title }
      case .remove(let id): state.todos.remove(id: id)
      case .insertFirst(let todo): state.todos.insert(todo, at: 0)
      case .reverse: state.todos.reverse()
      case .increment: state.count += 1
      }
    }
  }

  @Test func aRowThatMovesIsFoundAndItsViewIsToldOnlyWhenItChanges() {
    let store = makeBoard()
    let counter = ChangeCounter()
    counter.track { _ = store.state(\.todos, id: 50) }
    // Row 50 moves (a row before it goes, one comes first, the order turns): not changed.
    store.dispatch(.remove(10))
    store.dispatch(.insertFirst(Todo(id: 1_000, title: "new")))
    store.dispatch(.reverse)
    store.dispatch(.increment)
    #expect(counter.count == 0)
    store.dispatch(.rename(50, "moved, then renamed"))
    #expect(counter.count == 1)
    #expect(store.state(\.todos, id: 50)?.title == "moved, then renamed")
  }

  /// `state(\.todos[id: id])` on a stored list with its subscript's key path is read as
  /// `state(\.todos, id: id)` is: the same views told, at the same cost per action.
  @Test func aRowReadThroughItsListsSubscriptIsToldAsARowReadByID() {
    let store = makeBoard()
    let counter = ChangeCounter()
    counter.track { #expect(store.state(\.todos[id: 50])?.title == "t50") }
    store.dispatch(.remove(10))
    store.dispatch(.insertFirst(Todo(id: 1_000, title: "new")))
    store.dispatch(.reverse)
    store.dispatch(.increment)
    #expect(counter.count == 0)
    store.dispatch(.rename(50, "renamed"))
    #expect(counter.count == 1)
    counter.track { #expect(store.state(\.todos[id: 50])?.title == "renamed") }
    store.dispatch(.remove(50))
    #expect(counter.count == 2)
    counter.track { #expect(store.state(\.todos[id: 50]) == nil) }
    store.dispatch(.insertFirst(Todo(id: 50, title: "back")))
    #expect(counter.count == 3)
    #expect(store.state(\.todos[id: 50])?.title == "back")
  }

  /// A row of a list that is not a stored property (here a computed one) is read through its
  /// key path, and told all the same.
  @Test func aRowOfAComputedListIsReadThroughItsKeyPath() {
    let store = makeBoard()
    let counter = ChangeCounter()
    counter.track { _ = store.state(\.reversed[id: 5]) }
    store.dispatch(.rename(6, "other"))
    #expect(counter.count == 0)
    store.dispatch(.rename(5, "renamed"))
    #expect(counter.count == 1)
  }

  @Test func aRowThatGoesIsToldAndOneThatComesBackIsToldAgain() {
    let store = makeBoard()
    let counter = ChangeCounter()
    counter.track { _ = store.state(\.todos, id: 3) }
    store.dispatch(.remove(3))
    #expect(counter.count == 1)
    // Watched while it is gone: told when a row with its id arrives, not before.
    counter.track { #expect(store.state(\.todos, id: 3) == nil) }
    store.dispatch(.rename(4, "other"))
    #expect(counter.count == 1)
    store.dispatch(.insertFirst(Todo(id: 3, title: "back")))
    #expect(counter.count == 2)
    #expect(store.state(\.todos, id: 3)?.title == "back")
  }

  /// The rows of a list are checked together: rows changed by one action are each told once,
  /// and the rows still watched go on being checked after it.
  @Test func rowsChangedTogetherAreEachToldAndTheOthersStayWatched() {
    let store = makeBoard()
    let counters = (0..<5).map { id in
      let counter = ChangeCounter()
      counter.track { _ = store.state(\.todos, id: id) }
      return counter
    }
    store.dispatch(.renameMany([1, 3], "changed"))
    #expect(counters.map(\.count) == [0, 1, 0, 1, 0])
    store.dispatch(.renameMany([0, 4], "changed"))
    #expect(counters.map(\.count) == [1, 1, 0, 1, 1])
    store.dispatch(.renameMany([0, 1, 3, 4], "again"))
    #expect(counters.map(\.count) == [1, 1, 0, 1, 1])
  }

  /// A view re-renders from its change handler, as SwiftUI may: the row it reads again is
  /// watched again, with its new value, while the same report goes on.
  @Test func aRowReadAgainFromItsChangeHandlerIsWatchedAgain() {
    let view = RowView(store: makeBoard(), id: 2)
    view.render()
    view.store.dispatch(.renameMany([2, 3], "one"))
    view.store.dispatch(.rename(3, "not 2"))
    view.store.dispatch(.rename(2, "two"))
    // The store reports after the action, so a read from the change handler sees the new title.
    #expect(view.titles == ["t2", "one", "two"])
  }

  /// A row's view that renders again as soon as it is told.
  @MainActor final class RowView {
    let store: BareStore<Board, Edit>
    let id: Int
    var titles: [String] = []

    init(store: BareStore<Board, Edit>, id: Int) {
      self.store = store
      self.id = id
    }

    func render() {
      withObservationTracking {
        titles.append(store.state(\.todos, id: id)?.title ?? "gone")
      } onChange: { [weak self] in
        MainActor.assumeIsolated { self?.render() }
      }
    }
  }

  @Test func twoListsOfOneStoreAreWatchedApart() {
    let store = makeBoard()
    let inList = ChangeCounter()
    let inReversed = ChangeCounter()
    inList.track { _ = store.state(\.todos, id: 5) }
    inReversed.track { _ = store.state(\.reversed, id: 6) }
    store.dispatch(.rename(6, "six"))
    #expect((inList.count, inReversed.count) == (0, 1))
    store.dispatch(.rename(5, "five"))
    #expect((inList.count, inReversed.count) == (1, 1))
  }

  @Test func twoKeyPathObjectsForOneListEachTellTheirViews() {
    let store = makeBoard()
    let literal = ChangeCounter()
    let built = ChangeCounter()
    // A key path made at run time is another object, equal to the literal one.
    let list: KeyPath<Board, IdentifiedArrayOf<Todo>> = (\Board.self).appending(path: \Board.todos)
    literal.track { _ = store.state(\.todos, id: 7) }
    built.track { _ = store.state(list, id: 7) }
    store.dispatch(.rename(8, "not 7"))
    store.dispatch(.rename(7, "seven"))
    #expect((literal.count, built.count) == (1, 1))
  }

  @Test func aListThatIsAComputedPropertyIsWatchedToo() {
    let store = makeBoard()
    let counter = ChangeCounter()
    counter.track { _ = store.state(\.reversed, id: 20) }
    store.dispatch(.rename(21, "a neighbour"))
    #expect(counter.count == 0)
    store.dispatch(.rename(20, "twenty"))
    #expect(counter.count == 1)
    #expect(store.state(\.reversed, id: 20)?.title == "twenty")
  }

  /// Scrolling: 100 rows shown 10 at a time, each changed once it has been read, then a screen
  /// of the last 10; past 64 the rows that left are forgotten by the store (only their first
  /// read is paid again), and the rows on screen are still told.
  @Test func rowsScrolledPastDoNotStopTheRowsOnScreenFromBeingTold() {
    let store = BareStore(
      Board(),
      reducer: { (state: inout Board, id: Int) in
        state.todos[id: id]?.title += "!"
      })
    for batch in 0..<10 {
      for id in (batch * 10)..<(batch * 10 + 10) { _ = store.state(\.todos, id: id) }
      for id in (batch * 10)..<(batch * 10 + 10) { store.dispatch(id) }
    }
    let counters = (90..<100).map { id in
      let counter = ChangeCounter()
      counter.track { _ = store.state(\.todos, id: id) }
      return counter
    }
    for id in 0..<100 { store.dispatch(id) }
    #expect(counters.map(\.count) == Array(repeating: 1, count: 10))
    #expect(store.state(\.todos, id: 95)?.title == "t95!!")
  }
}
