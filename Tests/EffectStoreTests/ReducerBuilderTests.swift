import EffectStore
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
    let store = FeatureStore(initialState: 0, reducer: reducer)
    store.send(0)  // and its follow-up, -1, which runs the chain once more
    #expect(store.state == (flag ? 222 : 2_002))
  }

  @Test func anEmptyBlockDoesNothing() {
    let reducer = CombineReducers<Int, Int> {}
    var state = 5
    #expect(reducer.reduce(into: &state, action: 1).isNone)
    #expect(state == 5)
  }
}
