import Testing

@testable import EffectStore

/// The effect runner's decisions, without a store or a task: which work an id, an element
/// leaving or the store going cancels. Work is named by a string here.
@Suite struct EffectBookTests {
  private let search = EffectID("search")
  private let timer = EffectID("timer")

  @Test func cancellingAnIdTakesOutEveryWorkStartedUnderItAndOnlyThat() {
    var book = EffectBook<String>()
    _ = book.start(cancelIDs: [search]) { _ in "first query" }
    _ = book.start(cancelIDs: [timer]) { _ in "tick" }
    _ = book.start(cancelIDs: [search]) { _ in "second query" }
    #expect(book.cancel(id: search) == ["first query", "second query"])
    #expect(book.cancel(id: search).isEmpty)
    #expect(book.runningCount == 1)
  }

  @Test func workThatFinishedIsNotCancelledAgain() {
    var book = EffectBook<String>()
    var number = 0
    _ = book.start(cancelIDs: [search, timer]) { given in
      number = given
      return "query"
    }
    book.finished(number, cancelIDs: [search, timer])
    #expect(book.cancel(id: search).isEmpty)
    #expect(book.cancel(id: timer).isEmpty)
    #expect(book.runningCount == 0)
  }

  @Test func eachWorkGetsItsOwnNumber() {
    var book = EffectBook<Int>()
    let numbers = (0..<3).map { _ in book.start(cancelIDs: []) { $0 } }
    #expect(Set(numbers).count == 3)
  }

  @Test func anElementThatLeftHasItsScopeCancelledOnce() {
    var book = EffectBook<String>()
    let row = EffectID("row 7")
    book.scopeStarted(row) { state in (state as? [String])?.contains("row 7") == true }
    _ = book.start(cancelIDs: [row]) { _ in "row 7 autosave" }
    #expect(book.scopesWhoseElementLeft(["row 7"]).isEmpty)
    #expect(book.scopesWhoseElementLeft([String]()) == [row])
    #expect(book.scopesWhoseElementLeft([String]()).isEmpty)
    #expect(!book.hasScopes)
  }

  @Test func aScopeWithNoWorkLeftIsForgottenWithoutACancel() {
    var book = EffectBook<String>()
    let row = EffectID("row 7")
    book.scopeStarted(row) { _ in false }
    #expect(book.scopesWhoseElementLeft([String]()).isEmpty)
    #expect(!book.hasScopes)
  }

  @Test func cancellingEverythingTakesAllWorkInTheOrderItStarted() {
    var book = EffectBook<String>()
    for name in ["a", "b", "c"] { _ = book.start(cancelIDs: [search]) { _ in name } }
    book.scopeStarted(timer) { _ in true }
    #expect(book.cancelAll() == ["a", "b", "c"])
    #expect(book.runningCount == 0)
    #expect(!book.hasScopes)
    #expect(book.cancel(id: search).isEmpty)
  }
}
