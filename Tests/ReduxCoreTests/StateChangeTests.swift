import IdentifiedCollections
import ReduxCore
import Testing

private struct DiffTodo: Identifiable, Equatable {
  let id: Int
  var title: String
  var isDone = false
}

private enum DiffFilter: Equatable {
  case all
  case search(String)
}

private struct DiffScreen: Equatable {
  var todos: IdentifiedArrayOf<DiffTodo> = [DiffTodo(id: 1, title: "milk"), DiffTodo(id: 3, title: "eggs")]
  var tags = ["home"]
  var filter = DiffFilter.all
  var selected: Int?
  var counts: [String: Int] = ["a": 1]
  @Redacted var token = "t0k3n"
}

@Suite struct StateChangeTests {
  @Test func aRowChangeIsNamedByTheRowsIDAndField() {
    var after = DiffScreen()
    after.todos[id: 3]?.isDone = true
    #expect(
      StateChange.changes(from: DiffScreen(), to: after).map(\.description) == [
        "todos[id: 3].isDone: false -> true"
      ])
  }

  @Test func addedAndRemovedElementsFieldsOptionalsEnumsAndDictionaries() {
    var after = DiffScreen()
    after.todos.remove(id: 1)
    after.todos.append(DiffTodo(id: 4, title: "tea"))
    after.tags.append("work")
    after.filter = .search("ea")
    after.selected = 4
    after.counts["a"] = 2
    after.counts["b"] = 1
    #expect(
      StateChange.changes(from: DiffScreen(), to: after).map(\.description) == [
        #"todos[id: 1]: removed DiffTodo(id: 1, title: "milk", isDone: false)"#,
        #"todos[id: 4]: added DiffTodo(id: 4, title: "tea", isDone: false)"#,
        #"tags[1]: added "work""#,
        #"filter: all -> search("ea")"#,
        "selected: nil -> 4",
        #"counts["a"]: 1 -> 2"#,
        #"counts["b"]: added 1"#,
      ])
  }

  @Test func anArrayEditedInPlaceIsComparedWhereItsBytesDiffer() {
    let old = (0..<10_000).map { DiffTodo(id: $0, title: "row \($0)") }
    var new = old
    new[7_777].isDone = true
    #expect(
      StateChange.changes(from: old, to: new).map(\.description) == ["[id: 7777].isDone: false -> true"])
    var numbers = Array(repeating: 0, count: 10_000)
    let before = numbers
    numbers[42] = 1
    #expect(StateChange.changes(from: before, to: numbers).map(\.description) == ["[42]: 0 -> 1"])
  }

  @Test func aRedactedFieldShowsItsMarkNotItsValue() {
    var after = DiffScreen()
    after.token = "n3w"
    let changes = StateChange.changes(from: DiffScreen(), to: after)
    #expect(changes.map(\.description) == ["token: <redacted> -> <redacted>"])
  }

  @Test func nothingChangedListsNothingAndTheLimitHolds() {
    #expect(StateChange.changes(from: DiffScreen(), to: DiffScreen()).isEmpty)
    var after = DiffScreen()
    after.tags = ["a", "b", "c", "d"]
    #expect(StateChange.changes(from: DiffScreen(), to: after, limit: 2).count == 2)
  }

  @Test func aValueThatIsNotAStructIsOneChange() {
    #expect(StateChange.changes(from: 1, to: 2).map(\.description) == ["1 -> 2"])
  }

  @Test func dictionaryEntriesArePairedByKeyAndListedInTheKeysOrder() {
    struct Scores: Equatable { var byPlayer: [Int: String] = [1: "a", 2: "b", 100: "c"] }
    var after = Scores()
    after.byPlayer[100] = "z"
    after.byPlayer[2] = "y"
    // By value: 2 before 100 (as text, "100" would come first).
    #expect(
      StateChange.changes(from: Scores(), to: after).map(\.description) == [
        "byPlayer[2]: \"b\" -> \"y\"", "byPlayer[100]: \"c\" -> \"z\"",
      ])
  }

  @Test func twoKeysThatPrintAlikeAreNotTakenForOne() {
    struct Key: Hashable, CustomStringConvertible {
      let value: Int
      var description: String { "key" }
    }
    struct Table: Equatable { var cells: [Key: Int] = [Key(value: 1): 1, Key(value: 100): 2] }
    var after = Table()
    after.cells[Key(value: 1)] = 10
    after.cells[Key(value: 100)] = 20
    let changes = StateChange.changes(from: Table(), to: after).map(\.description).sorted()
    #expect(changes == ["cells[key]: 1 -> 10", "cells[key]: 2 -> 20"])
  }
}
