import EffectStore
import ReduxCore
import Testing

/// An element's child store that nobody watches (a screen of a stack sent to, a row store held
/// by code) reads its element from the parent when asked and costs the parent nothing per
/// action; the first watcher makes it follow the parent, as every other child store does.
@MainActor
@Suite struct UnwatchedRowStoreTests {
  struct Row: Identifiable, Equatable, Sendable {
    let id: Int
    var value = 0
  }
  enum RowAction: Equatable, Sendable { case bump }
  struct Rows: Equatable, Sendable {
    var rows = IdentifiedArrayOf(uniqueElements: (0..<5).map { Row(id: $0) })
  }
  enum Action: Equatable, Sendable {
    case row(id: Int, action: RowAction)
    case remove(id: Int)
    case insertFirst(id: Int)
    case setAll(Int)
  }

  /// The actions that reached the parent's reducer.
  final class Seen {
    var actions: [Action] = []
  }

  func makeStore(_ seen: Seen = Seen()) -> FeatureStore<Rows, Action> {
    let rows = ForEachElement(\Rows.rows, action: Action.row) {
      if case .row(let id, let action) = $0 { (id, action) } else { nil }
    } child: {
      Reduce<Row, RowAction> { row, _ in
        row.value += 1
        return .none
      }
    }
    return FeatureStore(
      initialState: Rows(),
      reducer: Reduce<Rows, Action> { state, action in
        seen.actions.append(action)
        switch action {
        case .row: return rows.reduce(into: &state, action: action)
        case .remove(let id): state.rows.remove(id: id)
        case .insertFirst(let id): state.rows.insert(Row(id: id), at: 0)
        case .setAll(let value):
          for id in state.rows.ids { state.rows[id: id]?.value = value }
        }
        return .none
      })
  }

  @Test func aRowStoreNobodyReadsAddsNoWorkToTheParentsActions() {
    let store = makeStore()
    let rows = store.scope(forEach: \.rows, action: Action.row)
    rows[4].send(.bump)
    rows[4].send(.bump)
    #expect(store.state.rows[id: 4]?.value == 2)
    #expect(rows.map(\.id) == [0, 1, 2, 3, 4], "a row store's id is read without watching it")
    #expect(store.engine.subscriberCount == 0, "nothing follows the collection")
    #expect(rows[4].state.value == 2)  // read, as a view reads it
    #expect(store.engine.subscriberCount == 1, "the first read makes the collection followed")
    let token = rows[3].subscribe(\.value) { _ in }
    #expect(store.engine.subscriberCount == 1, "one follower per collection, not one per row")
    _ = token
  }

  @Test func itFindsItsRowWhereverTheRowMoved() {
    let store = makeStore()
    let rows = store.scope(forEach: \.rows, action: Action.row)
    store.send(.insertFirst(id: 10))
    store.send(.insertFirst(id: 11))
    rows[2].send(.bump)
    #expect(store.state.rows.ids.elements == [11, 10, 0, 1, 2, 3, 4])
    #expect(store.state.rows.map(\.value) == [0, 0, 0, 0, 1, 0, 0])
    #expect(rows.map(\.id) == [0, 1, 2, 3, 4] && store.engine.subscriberCount == 0)
    #expect(rows.map(\.state.value) == [0, 0, 1, 0, 0])
  }

  @Test func itLearnsItsRowLeftWhenAskedAndDropsWhatItSends() {
    let seen = Seen()
    let store = makeStore(seen)
    let rows = store.scope(forEach: \.rows, action: Action.row)
    #expect(rows[1].id == 1)  // read without watching: the row's value now
    store.send(.remove(id: 1))
    #expect(rows[1].isRemoved && !rows[0].isRemoved)
    rows[1].send(.bump)
    #expect(seen.actions == [.remove(id: 1)], "the parent never sees it")
    store.send(.insertFirst(id: 1))  // the same id again: another row, and the old store stays ended
    #expect(rows[1].isRemoved && rows[1].state.value == 0)
    let again = store.scope(forEach: \.rows, action: Action.row)
    #expect(again[0] !== rows[1] && again[0].id == 1 && !again[0].isRemoved)
  }

  @Test func aRowStoreSentToAfterItsRowLeftDropsTheActionWithoutBeingAskedFirst() {
    let seen = Seen()
    let store = makeStore(seen)
    let rows = store.scope(forEach: \.rows, action: Action.row)
    store.send(.remove(id: 3))
    rows[3].send(.bump)
    #expect(seen.actions == [.remove(id: 3)])
    store.send(.insertFirst(id: 3))
    #expect(rows[3].isRemoved, "the send that found its row gone ended it, for good")
  }

  /// The follower finds the children of the row it told last without looking them up again;
  /// a store made for that row after the first went is told all the same.
  @Test func aRowStoreMadeAgainAfterTheFirstWentIsTold() {
    let store = makeStore()
    weak var goneRow: ScopedStore<Row, RowAction>?
    do {
      let rows = store.scope(forEach: \.rows, action: Action.row)
      goneRow = rows[1]
      let token = rows[1].subscribe(\.value) { _ in }
      rows[1].send(.bump)
      token.cancel()
    }
    #expect(goneRow == nil)
    let again = store.scope(forEach: \.rows, action: Action.row)
    var told: [Int] = []
    let token = again[1].subscribe(\.value) { told.append($0) }
    again[1].send(.bump)
    again[1].send(.bump)
    #expect(told == [2, 3])
    _ = token
  }

  /// Whether any store follows a collection is counted for the whole process; a store's
  /// watched rows are still told when another store's follower goes.
  @Test func aWatchedRowIsStillToldAfterAnotherStoresFollowerWent() {
    let store = makeStore()
    let rows = store.scope(forEach: \.rows, action: Action.row)
    var told: [Int] = []
    let token = rows[4].subscribe(\.value) { told.append($0) }
    weak var goneStore: FeatureStore<Rows, Action>?
    do {
      let other = makeStore()
      goneStore = other
      let otherRows = other.scope(forEach: \.rows, action: Action.row)
      let otherToken = otherRows[4].subscribe(\.value) { _ in }
      otherRows[4].send(.bump)
      otherToken.cancel()
    }
    #expect(goneStore == nil, "the other store and its follower are gone")
    rows[4].send(.bump)
    rows[2].send(.bump)
    rows[4].send(.bump)
    #expect(told == [1, 2])
    #expect(store.state.rows.map(\.value) == [0, 0, 1, 0, 2])
    _ = token
  }

  /// Its state, once its row has left, is the row as it last read it: a store nothing reads
  /// keeps no copy of its row up to date.
  @Test func aRowStoreReadOnlyAfterItsRowLeftShowsTheRowAsItLastReadIt() {
    let store = makeStore()
    let rows = store.scope(forEach: \.rows, action: Action.row)
    rows[2].send(.bump)
    #expect(rows[2].id == 2)  // reads the row: value 1
    rows[2].send(.bump)
    store.send(.remove(id: 2))
    #expect(rows[2].state.value == 1 && rows[2].isRemoved)
  }

  @Test func aRowStoreWatchedOnlyAfterItsRowLeftIsEndedAndItsStreamFinishes() async {
    let store = makeStore()
    let rows = store.scope(forEach: \.rows, action: Action.row)
    store.send(.remove(id: 2))
    var states: [Int] = []
    for await state in rows[2].states() { states.append(state.value) }
    #expect(states == [0], "the stream gives the last state and finishes: the row is gone")
    #expect(rows[2].isRemoved)
  }

  /// A row store nothing has read is a view of the row with its id: if that row leaves and one
  /// with the same id comes back before the store is next asked, the store shows the new one.
  @Test func aRowStoreNothingAskedBetweenARowLeavingAndComingBackShowsTheNewRow() {
    let store = makeStore()
    let rows = store.scope(forEach: \.rows, action: Action.row)
    store.send(.remove(id: 4))
    store.send(.insertFirst(id: 4))
    rows[4].send(.bump)
    #expect(!rows[4].isRemoved && store.state.rows[id: 4]?.value == 1 && rows[4].state.value == 1)
  }

  @Test func aWatchedRowStoreIsToldAndOthersStillReadTheirRows() {
    let store = makeStore()
    let rows = store.scope(forEach: \.rows, action: Action.row)
    var told: [Int] = []
    let token = rows[0].subscribe(\.value) { told.append($0) }
    rows[0].send(.bump)
    rows[1].send(.bump)
    store.send(.setAll(5))
    #expect(told == [1, 5])
    #expect(rows.map(\.state.value) == [5, 5, 5, 5, 5])
    store.send(.remove(id: 0))
    #expect(rows[0].isRemoved && !rows[1].isRemoved)
    _ = token
  }
}
