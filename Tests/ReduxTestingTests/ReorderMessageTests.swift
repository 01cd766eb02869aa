import EffectStore
import ReduxTesting
import Testing

/// A wrong order of rows is reported with both orders, after CustomDump's diff (which shows
/// a moved row as removed and inserted).
@MainActor
@Suite struct ReorderMessageTests {
  struct Row: Identifiable, Equatable, Sendable {
    let id: Int
    var title: String
  }

  @Test func aWrongReorderShowsBothOrders() async {
    let rows: IdentifiedArrayOf<Row> = [
      Row(id: 1, title: "a"), Row(id: 2, title: "b"), Row(id: 3, title: "c"),
    ]
    let store = FeatureTestStore(initialState: rows) {
      Reduce<IdentifiedArrayOf<Row>, Int> { rows, _ in
        rows.move(fromOffsets: [0], toOffset: 3)
        return .none
      }
    }
    let reported = await failuresReported {
      await store.send(0) { $0 = [Row(id: 3, title: "c"), Row(id: 1, title: "a"), Row(id: 2, title: "b")] }
    }
    #expect(reported.count == 1)
    #expect(
      reported.first?.description.contains(
        "the state: the same 3 elements in another order; expected ids [3, 1, 2], actual [2, 3, 1]") == true,
      "\(reported)")
  }

  struct Names: Equatable, Sendable {
    var names = ["a", "b", "c"]
  }

  @Test func aReorderedFieldIsNamedWithBothOrders() async {
    let store = FeatureTestStore(initialState: Names()) {
      Reduce<Names, Int> { state, _ in
        state.names.reverse()
        return .none
      }
    }
    let reported = await failuresReported {
      await store.send(0) { $0.names = ["c", "a", "b"] }
    }
    #expect(
      reported.first?.description.contains(
        #"names: the same 3 elements in another order; expected ["c", "a", "b"], actual ["c", "b", "a"]"#)
        == true,
      "\(reported)")
  }
}
