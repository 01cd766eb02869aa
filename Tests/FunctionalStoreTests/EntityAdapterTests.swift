import Foundation
import FunctionalStore
import Testing

// The entity adapter against a plain array doing the same, on random sequences of operations,
// and the cases Redux Toolkit documents.

private struct Item: Identifiable, Equatable, Sendable, Codable {
  var id: Int
  var rank: Int
}

/// The same operations on a plain array, in the order entities came in.
private struct ArrayModel {
  var items: [Item] = []

  mutating func add(_ item: Item) {
    if !items.contains(where: { $0.id == item.id }) { items.append(item) }
  }
  mutating func set(_ item: Item) {
    if let index = items.firstIndex(where: { $0.id == item.id }) {
      items[index] = item
    } else {
      items.append(item)
    }
  }
  mutating func update(_ id: Int, rank: Int) {
    if let index = items.firstIndex(where: { $0.id == id }) { items[index].rank = rank }
  }
  mutating func remove(_ ids: Set<Int>) { items.removeAll { ids.contains($0.id) } }
}

/// A small deterministic generator, so a failing sequence can be run again.
private struct SplitMix: RandomNumberGenerator {
  var state: UInt64
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

@Suite struct EntityAdapterTests {
  /// The order a sorted adapter keeps: by rank, then by id (no two entities tie).
  private static let byRank: @Sendable (Item, Item) -> Bool = { ($0.rank, $0.id) < ($1.rank, $1.id) }

  @Test(arguments: [false, true])
  func randomOperationsMatchAPlainArray(sorted: Bool) {
    let adapter = sorted ? EntityAdapter<Item>(sortedBy: Self.byRank) : EntityAdapter<Item>()
    for seed in 0..<200 {
      var random = SplitMix(state: UInt64(seed))
      var state = EntityState<Item>()
      var model = ArrayModel()
      for step in 0..<60 {
        let item = Item(
          id: Int.random(in: 0..<12, using: &random), rank: Int.random(in: 0..<5, using: &random))
        let many = (0..<Int.random(in: 0..<4, using: &random)).map { _ in
          Item(id: Int.random(in: 0..<12, using: &random), rank: Int.random(in: 0..<5, using: &random))
        }
        switch Int.random(in: 0..<10, using: &random) {
        case 0:
          adapter.addOne(&state, item)
          model.add(item)
        case 1:
          adapter.addMany(&state, many)
          many.forEach { model.add($0) }
        case 2:
          adapter.setOne(&state, item)
          model.set(item)
        case 3:
          adapter.setMany(&state, many)
          many.forEach { model.set($0) }
        case 4:
          adapter.upsertOne(&state, item)
          model.set(item)
        case 5:
          adapter.setAll(&state, many)
          model = ArrayModel()
          many.forEach { model.set($0) }
        case 6:
          adapter.updateOne(&state, id: item.id) { $0.rank = item.rank }
          model.update(item.id, rank: item.rank)
        case 7:
          adapter.removeOne(&state, id: item.id)
          model.remove([item.id])
        case 8:
          adapter.removeMany(&state, ids: many.map(\.id))
          model.remove(Set(many.map(\.id)))
        default:
          adapter.updateMany(&state, ids: many.map(\.id)) { $0.rank += 1 }
          for id in many.map(\.id) {
            model.update(id, rank: (model.items.first { $0.id == id }?.rank ?? 0) + 1)
          }
        }
        let expected = sorted ? model.items.sorted(by: Self.byRank) : model.items
        guard state.all == expected, state.entities.count == state.ids.count else {
          Issue.record("seed \(seed), step \(step): \(state.all.map(\.id)) != \(expected.map(\.id))")
          return
        }
      }
    }
  }

  @Test func addingAnIDThatIsThereChangesNothingSettingReplacesIt() {
    let adapter = EntityAdapter<Item>()
    var state = EntityState<Item>()
    adapter.addOne(&state, Item(id: 1, rank: 1))
    adapter.addOne(&state, Item(id: 1, rank: 9))
    #expect(state[id: 1]?.rank == 1)
    adapter.setOne(&state, Item(id: 1, rank: 9))
    #expect(adapter.selectByID(state, 1)?.rank == 9 && adapter.selectTotal(state) == 1)
  }

  @Test func entitiesThatCompareEqualKeepTheOrderTheyCameIn() {
    let adapter = EntityAdapter<Item>(sortedBy: { $0.rank < $1.rank })
    var state = EntityState<Item>()
    adapter.addMany(
      &state, [Item(id: 1, rank: 2), Item(id: 2, rank: 1), Item(id: 3, rank: 2), Item(id: 4, rank: 1)])
    #expect(state.ids == [2, 4, 1, 3])
    adapter.updateOne(&state, id: 1) { $0.rank = 2 }  // still in order: stays
    #expect(state.ids == [2, 4, 1, 3])
    adapter.updateOne(&state, id: 2) { $0.rank = 2 }  // moves after those equal to it
    #expect(state.ids == [4, 1, 3, 2])
  }

  @Test func anUpdateThatChangesTheIDMovesTheEntity() {
    let adapter = EntityAdapter<Item>()
    var state = EntityState<Item>()
    adapter.addMany(&state, [Item(id: 1, rank: 0), Item(id: 2, rank: 0)])
    adapter.updateOne(&state, id: 1) { $0.id = 7 }
    #expect(state.ids == [2, 7] && state[id: 1] == nil && state[id: 7]?.rank == 0)
  }

  @Test func itEncodesWithReduxToolkitsNames() throws {
    var state = EntityState<Item>()
    EntityAdapter<Item>().addMany(&state, [Item(id: 2, rank: 1), Item(id: 1, rank: 0)])
    let data = try JSONEncoder().encode(state)
    let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
    #expect(object?["ids"] as? [Int] == [2, 1] && object?["entities"] != nil)
    #expect(try JSONDecoder().decode(EntityState<Item>.self, from: data) == state)
  }

  @Test func aReducerKeepsItsListInAnEntityState() {
    struct Todos: Equatable, Sendable { var items = EntityState<Item>() }
    enum TodosAction: Sendable {
      case loaded([Item])
      case bumped(Int)
      case removed(Int)
    }
    let adapter = EntityAdapter<Item>(sortedBy: Self.byRank)
    let reducer = ReduxReducer<Todos, TodosAction> { state, action in
      switch action {
      case .loaded(let items): adapter.setAll(&state.items, items)
      case .bumped(let id): adapter.updateOne(&state.items, id: id) { $0.rank += 10 }
      case .removed(let id): adapter.removeOne(&state.items, id: id)
      }
    }
    let store = createStore(reducer: reducer, initialState: Todos())
    store.dispatch(.loaded([Item(id: 1, rank: 3), Item(id: 2, rank: 1), Item(id: 3, rank: 2)]))
    store.dispatch(.bumped(2))
    store.dispatch(.removed(3))
    #expect(store.getState().items.all == [Item(id: 1, rank: 3), Item(id: 2, rank: 11)])
  }
}
