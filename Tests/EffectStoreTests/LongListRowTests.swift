import EffectStore
import ReduxCore
import Testing

/// A long list (1,024 rows or more when its follower starts) is followed by its ids alone: no
/// write to a row copies the rows, the parent reducer's own included, and after each action the
/// rows that have children are compared where they are. Every way of changing rows still reaches
/// the children of the rows that changed, and only those.
@MainActor
@Suite struct LongListRowTests {
  typealias Row = RowWriteTests.Row
  typealias Action = RowWriteTests.Action

  /// A sheet of 2,000 rows, with `RowWriteTests`'s reducer.
  func makeStore() -> FeatureStore<RowWriteTests.Sheet, Action> {
    var sheet = RowWriteTests.Sheet()
    sheet.rows = IdentifiedArrayOf(uniqueElements: (0..<2_000).map { Row(id: $0) })
    return FeatureStore(initialState: sheet, reducer: Reduce(RowWriteTests.sheetReducer))
  }

  func children(of store: FeatureStore<RowWriteTests.Sheet, Action>) -> RowWriteTests.Told {
    RowWriteTests.Told(Array(store.scope(forEach: \.rows, action: Action.row).prefix(10)))
  }

  func storageOf(_ rows: IdentifiedArrayOf<Row>) -> [UInt8] { withUnsafeBytes(of: rows) { Array($0) } }

  @Test func theParentReducersWriteToARowIsInPlaceAndReachesItsChildAlone() {
    let store = makeStore()
    let told = children(of: store)
    let before = storageOf(store.state.rows)
    store.send(.setThenBump(other: 2, id: 1))
    #expect(storageOf(store.state.rows) == before)  // no copy of the 2,000 rows
    store.send(.bumpThenSet(id: 3, other: 1_500))  // a row with no child changes too
    store.send(.other)
    #expect(told.values == [1: [1], 2: [100], 3: [1]])
  }

  @Test func aRowWrittenTwiceInOneActionIsToldOnceWithItsLastValue() {
    let store = makeStore()
    let told = children(of: store)
    store.send(.bumpThenSet(id: 4, other: 4))
    #expect(told.values == [4: [100]])
  }

  @Test func aRemovedRowEndsItsChildAndTheOthersStayWhereTheyAre() {
    let store = makeStore()
    let told = children(of: store)
    store.send(.bumpThenRemove(id: 5, removed: 2))
    #expect(told.children[2].isRemoved && !told.children[5].isRemoved)
    // The ids moved: each child finds its row by id again.
    told.children[9].send(.bump)
    #expect(told.values == [5: [1], 9: [1]])
    #expect(told.children[9].state.value == 1)
  }

  @Test func rowsMovedOrAddedByTheParentAreFoundByID() {
    let store = FeatureStore(
      initialState: {
        var sheet = RowWriteTests.Sheet()
        sheet.rows = IdentifiedArrayOf(uniqueElements: (0..<2_000).map { Row(id: $0) })
        return sheet
      }(),
      reducer: Reduce<RowWriteTests.Sheet, Action> { sheet, action in
        if case .other = action {
          // Moves row 7 to the front, changes it, and adds a row.
          var row = sheet.rows.remove(id: 7)!
          row.value = 70
          sheet.rows.insert(row, at: 0)
          sheet.rows.append(Row(id: 5_000))
        }
        return .none
      })
    let told = children(of: store)
    store.send(.other)
    #expect(told.values == [7: [70]])
    let added = store.scope(forEach: \.rows, action: Action.row).last!
    #expect(added.state.id == 5_000)
  }

  @Test func aViewKeepingTheWholeCollectionStillSeesEveryRowChange() {
    let store = makeStore()
    let told = children(of: store)
    var totals: [Int] = []
    let token = store.subscribe(\.rows) { rows in totals.append(rows.reduce(0) { $0 + $1.value }) }
    told.children[5].send(.bump)
    store.send(.bumpThenSet(id: 6, other: 7))
    #expect(totals == [1, 102])
    #expect(told.values == [5: [1], 6: [1], 7: [100]])
    token.cancel()
  }

  @Test func anActionTouchingNoRowTellsNoChild() {
    let store = makeStore()
    let told = children(of: store)
    for _ in 0..<3 { store.send(.other) }
    #expect(told.values.isEmpty)
  }
}

extension LongListRowTests {
  /// A list scrolled through: row stores made, watched and let go, as `ForEach` does on screen.
  /// The rows whose stores are gone are no longer compared, and those on screen still are.
  @Test func rowsScrolledPastAreForgottenAndTheOnesOnScreenStillTold() {
    let store = makeStore()
    var onScreen: RowWriteTests.Told?
    for start in stride(from: 0, to: 1_000, by: 50) {
      onScreen = RowWriteTests.Told(
        Array(store.scope(forEach: \.rows, action: Action.row).dropFirst(start).prefix(50)))
    }
    store.send(.setThenBump(other: 960, id: 990))
    store.send(.setThenBump(other: 10, id: 20))  // rows scrolled past: no store left to tell
    #expect(onScreen?.values == [960: [100], 990: [1]])
  }
}
