import FunctionalStore
import Testing

/// Redux Toolkit's "slice selectors" tests (`createSlice.test.ts`), ported: selectors declared
/// with the slice on its own state, placed where the app keeps the slice (`getSelectors`), with
/// an argument, and the slice's whole state (`selectSlice`).
@Suite struct SliceSelectorsPortTests {
  enum Numbers {
    static let slice = StateSlice<Int>(name: "counter")
    static let selectSlice = slice.selector { state in state }
    static let selectMultiple = slice.selector { (state, multiplier: Int) in state * multiplier }
  }

  struct RootState { var counter = 42 }
  struct CustomState { var number = 42 }

  @Test func selectorsReadTheSliceWhereTheAppKeepsIt() {
    let testState = RootState()
    #expect(Numbers.selectSlice.at(\RootState.counter)(testState) == 42)
    #expect(Numbers.selectMultiple.at(\RootState.counter)(testState, 2) == 84)
  }

  @Test func allowsPassingALocationOfItsOwn() {
    let customState = CustomState()
    let selectSlice = Numbers.selectSlice.at(\CustomState.number)
    let selectMultiple = Numbers.selectMultiple.at(\CustomState.number)
    #expect(selectSlice(customState) == 42)
    #expect(selectMultiple(customState, 2) == 84)
  }

  @Test func selectorsReadTheSlicesOwnStateToo() {
    #expect(Numbers.selectSlice(42) == 42)
    #expect(Numbers.selectMultiple(42, 2) == 84)
  }

  @Test func aSliceSelectsItsWholeStateAtALocation() {
    let selectSlice = Numbers.slice.selectSlice(at: \RootState.counter)
    #expect(selectSlice(RootState(counter: 42)) == 42)
  }
}
