import EffectStore
import ReduxTesting
import Testing

/// `CombineReducers` builds concrete types: pairs, optionals and branches.
@MainActor
@Suite struct ReducerBuilderTests {
  static func adder(_ amount: Int) -> Reduce<Int, Int> {
    Reduce { state, _ in
      state += amount
      return .none
    }
  }

  @Test(arguments: [false, true])
  func ifAndElseBranchesAndEffectsMergeInOrder(flag: Bool) async {
    let reducer = CombineReducers<Int, Int> {
      Self.adder(1)
      if flag {
        Self.adder(10)
      }
      if flag {
        Self.adder(100)
      } else {
        Self.adder(1_000)
      }
      Reduce<Int, Int> { _, action in action == 0 ? .send(-1) : .none }
    }
    var state = 0
    let effect = reducer.reduce(into: &state, action: 0)
    #expect(state == (flag ? 111 : 1_001))
    #expect(!effect.isNone)
    let store = FeatureTestStore(initialState: 0, reducer: reducer)
    await store.send(0) { $0 = flag ? 111 : 1_001 }
    await store.receive(-1) { $0 = flag ? 222 : 2_002 }  // the follow-up runs the chain once more
    await store.finish()
  }

  @Test func anEmptyBlockDoesNothing() {
    let reducer = CombineReducers<Int, Int> {}
    var state = 5
    #expect(reducer.reduce(into: &state, action: 1).isNone)
    #expect(state == 5)
  }
}
