import FunctionalStore
import Testing

// Reselect's `lruMemoize` tests of its `equalityCheck` and `resultEqualityCheck` options
// (`reselect/test/lruMemoize.test.ts`, `computationComparisons.spec.tsx`), ported: inputs
// compared by a check of the app's, and an equal output given as the one already kept.

/// A value that is not `Equatable`: only a custom check can compare it.
private struct Reading { let value: Int }

/// A reference whose identity tells whether a selector gave back what it kept.
private final class Box: Sendable {
  let values: [Int]
  init(_ values: [Int]) { self.values = values }
}

@Suite struct ReselectEqualityCheckPortTests {
  @Test func memoizesWithAnEqualityCheckOverride() {
    // Reselect's "a rather absurd equals operation": any two readings of one sign are the same.
    let selector = createSelector(
      { (state: Reading) in state }, equalityCheck: { ($0.value < 0) == ($1.value < 0) }
    ) { reading in reading.value }
    #expect(selector(Reading(value: 1)) == 1)
    #expect(selector(Reading(value: 2)) == 1, "yes, really: the check called them the same")
    #expect(selector.recomputations == 1)
    #expect(selector(Reading(value: -3)) == -3)
    #expect(selector.recomputations == 2)
  }

  @Test func severalInputsComparedByOneCheckAreOneInput() {
    let selector = createSelector(
      { (state: [Int]) in (count: state.count, first: state.first ?? 0) },
      equalityCheck: { last, now in last.count == now.count }
    ) { inputs in inputs.count * 100 + inputs.first }
    #expect(selector([1, 2]) == 201)
    #expect(selector([5, 6]) == 201, "the count alone is compared")
    #expect(selector([5, 6, 7]) == 305)
    #expect(selector.recomputations == 2)
  }

  @Test func anEqualResultIsGivenAsTheOneKept() {
    let selector = createSelector(
      { (state: [Int]) in state }, resultEqualityCheck: { (last: Box, now: Box) in last.values == now.values }
    ) { values in Box(values.filter { $0 > 0 }) }
    let first = selector([1, -1])
    let second = selector([1, -2])
    #expect(selector.recomputations == 2, "the inputs changed, so the result function ran")
    #expect(first === second, "its output equals the kept one, which is given")
    #expect(selector([1, 2]) !== first)
  }

  @Test func updatesTheCacheKeyEvenIfResultEqualityCheckIsAHit() {
    var checks: [Bool] = []
    var resultChecks: [Bool] = []
    let selector = createSelector(
      { (state: String) in state },
      equalityCheck: { (last: String, now: String) in
        let same = last == now
        checks.append(same)
        return same
      },
      resultEqualityCheck: { (last: Int, now: Int) in
        let same = (last < 100) == (now < 100)
        resultChecks.append(same)
        return same
      }
    ) { text in text.count }
    #expect(selector("cache this result") == 17)
    #expect(selector.recomputations == 1)
    #expect(selector("arg1") == 17, "a result the check calls the same is the kept one")
    #expect(checks.last == false)
    #expect(resultChecks.last == true)
    #expect(selector.recomputations == 2)
    #expect(selector("arg1") == 17, "kept under the new inputs")
    #expect(checks.last == true)
    #expect(selector.recomputations == 2)
  }
}
