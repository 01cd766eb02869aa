import EffectStore
import Testing

/// SwiftDux's `OrderedState.insert(_:at:)` and the former collection's, kept for those who
/// migrate: an id already there moves, and a position outside the array is clamped.
@Suite struct IdentifiedArrayPlacingTests {
  private struct Item: Identifiable, Equatable {
    let id: String
    var title = ""
  }

  private var items: IdentifiedArrayOf<Item> = [Item(id: "a"), Item(id: "b"), Item(id: "c")]

  @Test func aNewElementGoesAtThePosition() {
    var items = items
    items.place(Item(id: "d"), at: 1)
    #expect(items.ids == ["a", "d", "b", "c"])
  }

  @Test func anElementAlreadyThereMovesAndTakesItsNewValue() {
    var items = items
    items.place(Item(id: "c", title: "moved"), at: 0)
    #expect(items.ids == ["c", "a", "b"])
    #expect(items[id: "c"]?.title == "moved")
    // The position counts the array without the element: to the end is `count - 1`.
    items.place(Item(id: "c"), at: 2)
    #expect(items.ids == ["a", "b", "c"])
  }

  @Test func aPositionOutsideTheArrayIsClamped() {
    var items = items
    items.place(Item(id: "z"), at: 99)
    items.place(Item(id: "y"), at: -5)
    #expect(items.ids == ["y", "a", "b", "c", "z"])
    items.place(Item(id: "a"), at: 99)
    #expect(items.ids == ["y", "b", "c", "z", "a"])
  }

  @Test func placingAtItsOwnPositionChangesOnlyTheValue() {
    var items = items
    items.place(Item(id: "b", title: "renamed"), at: 1)
    #expect(items.ids == ["a", "b", "c"])
    #expect(items[id: "b"]?.title == "renamed")
  }
}
