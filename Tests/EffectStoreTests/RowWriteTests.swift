import EffectStore
import Observation
import ReduxCore
import Testing

#if canImport(SwiftUI)
  import SwiftUI

  /// Row stores in SwiftUI's `ForEach`, with no `id:`: compiled where SwiftUI exists.
  struct RowsView: View {
    let rows: [ScopedStore<RowWriteTests.Row, RowWriteTests.RowAction>]

    var body: some View {
      ForEach(rows) { row in Text("\(row.state.value)") }
    }
  }
#endif

/// A row changed through `ForEachElement` is written in place even while element child stores
/// follow the collection, and every way of changing rows in the same action still reaches the
/// children of the rows that changed, and only those.
@MainActor
@Suite struct RowWriteTests {
  struct Row: Identifiable, Equatable, Sendable {
    let id: Int
    var value = 0
  }
  enum RowAction: Equatable, Sendable { case bump }
  struct Sheet: Equatable, Sendable {
    var rows = IdentifiedArrayOf(uniqueElements: (0..<100).map { Row(id: $0) })
    var other = 0
  }
  struct Screen: Equatable, Sendable {
    var sheet = Sheet()
  }
  enum Action: Equatable, Sendable {
    case row(id: Int, action: RowAction)
    /// A row through `ForEachElement`, then another written by the parent itself.
    case bumpThenSet(id: Int, other: Int)
    /// A row written by the parent itself, then another through `ForEachElement`.
    case setThenBump(other: Int, id: Int)
    /// A row through `ForEachElement`, then another removed.
    case bumpThenRemove(id: Int, removed: Int)
    case other
  }

  static let rows = ForEachElement(\Sheet.rows, action: Action.row) {
    if case .row(let id, let action) = $0 { (id, action) } else { nil }
  } child: {
    Reduce<Row, RowAction> { row, _ in
      row.value += 1
      return .none
    }
  }

  static func sheetReducer(_ sheet: inout Sheet, _ action: Action) -> Effect<Action> {
    switch action {
    case .row: return rows.reduce(into: &sheet, action: action)
    case .bumpThenSet(let id, let other):
      _ = rows.reduce(into: &sheet, action: .row(id: id, action: .bump))
      sheet.rows[id: other]?.value = 100
    case .setThenBump(let other, let id):
      sheet.rows[id: other]?.value = 100
      _ = rows.reduce(into: &sheet, action: .row(id: id, action: .bump))
    case .bumpThenRemove(let id, let removed):
      _ = rows.reduce(into: &sheet, action: .row(id: id, action: .bump))
      sheet.rows.remove(id: removed)
    case .other: sheet.other += 1
    }
    return .none
  }

  func makeStore() -> FeatureStore<Sheet, Action> {
    FeatureStore(initialState: Sheet(), reducer: Reduce(Self.sheetReducer))
  }

  /// What each child was told, by row id; it keeps the children, as a view would.
  final class Told {
    var values: [Int: [Int]] = [:]
    var tokens: [Subscription] = []
    let children: [ScopedStore<Row, RowAction>]

    init(_ children: [ScopedStore<Row, RowAction>]) {
      self.children = children
      for child in children {
        let id = child.state.id
        tokens.append(child.subscribe(\.value) { [unowned self] in values[id, default: []].append($0) })
      }
    }
  }

  /// The bytes of a collection: equal before and after a change means it was changed in place.
  func storageOf(_ rows: IdentifiedArrayOf<Row>) -> [UInt8] {
    withUnsafeBytes(of: rows) { Array($0) }
  }

  /// A row's view asks for its store at every render: it gets the same store while its row is
  /// there, watched or not, and `nil` once the row left, whose store then knows it was removed.
  @Test func aRowStoreAskedByIdIsTheSameWhileItsRowIsThereAndNilAfter() {
    let store = makeStore()
    let watched = store.scope(forEach: \.rows, id: 1, action: Action.row)
    let lazy = store.scope(forEach: \.rows, id: 2, action: Action.row)
    _ = watched?.state.value  // read: followed from now on
    store.send(.other)
    #expect(store.scope(forEach: \.rows, id: 1, action: Action.row) === watched)
    #expect(store.scope(forEach: \.rows, id: 2, action: Action.row) === lazy)
    store.send(.bumpThenRemove(id: 0, removed: 1))
    store.send(.bumpThenRemove(id: 0, removed: 2))
    #expect(store.scope(forEach: \.rows, id: 1, action: Action.row) == nil)
    #expect(store.scope(forEach: \.rows, id: 2, action: Action.row) == nil)
    #expect(watched?.isRemoved == true && lazy?.isRemoved == true)
    #expect(store.scope(forEach: \.rows, id: 3, action: Action.row)?.state.id == 3)
  }

  @Test func aRowChangedThroughForEachElementIsWrittenInPlaceWhileChildrenFollow() {
    let store = makeStore()
    let children = Array(store.scope(forEach: \.rows, action: Action.row).prefix(10))
    let told = Told(children)
    let before = storageOf(store.state.rows)
    children[3].send(.bump)
    #expect(storageOf(store.state.rows) == before)  // no copy of the 100 rows
    children[3].send(.bump)
    store.send(.other)
    #expect(told.values == [3: [1, 2]])
    #expect(children[3].state.value == 2)
  }

  @Test func aRowTheParentWritesAfterForEachElementReachesItsChild() {
    let store = makeStore()
    let told = Told(Array(store.scope(forEach: \.rows, action: Action.row).prefix(10)))
    store.send(.bumpThenSet(id: 1, other: 2))
    #expect(told.values == [1: [1], 2: [100]])
  }

  @Test func aRowTheParentWritesBeforeForEachElementReachesItsChild() {
    let store = makeStore()
    let told = Told(Array(store.scope(forEach: \.rows, action: Action.row).prefix(10)))
    store.send(.setThenBump(other: 2, id: 1))
    #expect(told.values == [1: [1], 2: [100]])
  }

  @Test func aRowRemovedAfterAForEachElementWriteEndsItsChild() {
    let store = makeStore()
    let children = Array(store.scope(forEach: \.rows, action: Action.row).prefix(10))
    let told = Told(children)
    store.send(.bumpThenRemove(id: 1, removed: 2))
    #expect(told.values == [1: [1]])
    #expect(children[2].isRemoved)
    #expect(!children[1].isRemoved)
  }

  @Test func aRowWrittenTwiceInOneActionIsToldOnceWithItsLastValue() {
    let store = makeStore()
    let told = Told(Array(store.scope(forEach: \.rows, action: Action.row).prefix(10)))
    store.send(.bumpThenSet(id: 4, other: 4))
    #expect(told.values == [4: [100]])
  }

  @Test func aViewKeepingTheWholeCollectionStillSeesEveryRowChange() {
    let store = makeStore()
    let children = Array(store.scope(forEach: \.rows, action: Action.row).prefix(10))
    let told = Told(children)
    var totals: [Int] = []
    let token = store.subscribe(\.rows) { rows in totals.append(rows.reduce(0) { $0 + $1.value }) }
    children[5].send(.bump)
    store.send(.bumpThenSet(id: 6, other: 7))
    #expect(totals == [1, 102])
    #expect(told.values == [5: [1], 6: [1], 7: [100]])
    token.cancel()
  }

  /// The collection nested in a scoped feature: `ForEachElement`'s key path starts at the
  /// child's state, the follower's at the store's.
  @Test func aNestedCollectionIsFollowedThroughAScope() {
    let screen = Scope(state: \Screen.sheet, action: { $0 }, extract: { Optional($0) }) {
      Reduce(Self.sheetReducer)
    }
    let store = FeatureStore(initialState: Screen(), reducer: screen)
    let children = Array(store.scope(forEach: \.sheet.rows, action: Action.row).prefix(10))
    let told = Told(children)
    let before = storageOf(store.state.sheet.rows)
    children[8].send(.bump)
    #expect(storageOf(store.state.sheet.rows) == before)
    store.send(.setThenBump(other: 9, id: 8))
    #expect(told.values == [8: [1, 2], 9: [100]])
  }

  /// A collection reached through a computed property has no fixed place in the state; the
  /// follower reads it, and rows still reach their children.
  @Test func aCollectionBehindAComputedPropertyIsFollowed() {
    let store = makeStore()
    let children = Array(
      store.scope(forEach: \.rowsReadThroughAComputedProperty, action: Action.row).prefix(10))
    let told = Told(children)
    children[0].send(.bump)
    store.send(.bumpThenSet(id: 1, other: 2))
    store.send(.other)
    #expect(told.values == [0: [1], 1: [1], 2: [100]])
  }
}

extension RowWriteTests.Sheet {
  var rowsReadThroughAComputedProperty: IdentifiedArrayOf<RowWriteTests.Row> { rows }
}

/// Row stores are `Identifiable` by their row's id, as SwiftUI's `ForEach` wants them.
@MainActor
@Suite struct RowStoreIdentityTests {
  /// What `ForEach(_:content:)` asks of its data: a collection of `Identifiable` elements.
  func ids<Rows: RandomAccessCollection>(_ rows: Rows) -> [Rows.Element.ID] where Rows.Element: Identifiable {
    rows.map(\.id)
  }

  @Test func aRowStoresIdIsItsRowsIdThroughMovesAndRemoval() {
    let store = FeatureStore(initialState: RowWriteTests.Sheet(), reducer: Reduce(RowWriteTests.sheetReducer))
    let rows = Array(store.scope(forEach: \.rows, action: RowWriteTests.Action.row).prefix(3))
    #expect(ids(rows) == [0, 1, 2])
    store.send(.bumpThenRemove(id: 0, removed: 1))
    #expect(rows[1].isRemoved)
    #expect(ids(rows) == [0, 1, 2])
  }

  @Test func readingAnIdDoesNotTrackTheRow() {
    let store = FeatureStore(initialState: RowWriteTests.Sheet(), reducer: Reduce(RowWriteTests.sheetReducer))
    let row = store.scope(forEach: \.rows, action: RowWriteTests.Action.row)[0]
    let told = Locked(0)
    withObservationTracking {
      _ = row.id
    } onChange: {
      told.withLock { $0 += 1 }
    }
    row.send(.bump)
    #expect(told.withLock { $0 } == 0)
    #expect(row.state.value == 1)
  }
}
