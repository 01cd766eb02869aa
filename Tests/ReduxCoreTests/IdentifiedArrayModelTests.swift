import ReduxCore
import Testing

struct Item: Identifiable, Equatable, Sendable {
  var id: Int
  var value: Int
}

/// Thousands of random operation sequences, each step checked against a plain array of
/// elements with unique ids: the order, every element found by its id at its position, and
/// nothing else in the index.
@Suite struct IdentifiedArrayModelTests {
  /// 2,000 sequences of 100 random operations, in 20 batches.
  @Test(arguments: 0..<20)
  func randomOperationsKeepTheIndexExact(batch: Int) {
    for seed in batch * 100..<(batch + 1) * 100 where !check(seed: seed, steps: 100) { return }
  }

  /// Runs one sequence; returns `false` at the first difference from the model.
  func check(seed: Int, steps: Int) -> Bool {
    var random = SplitMix(seed: UInt64(seed))
    var array = IdentifiedArray<Item>()
    var model: [Item] = []
    var nextID = 0
    func anyID() -> Int {
      // Mostly ids that are there, sometimes one that is not (negative: fresh ids only grow).
      if model.isEmpty || random.next(below: 5) == 0 { return -1 - random.next(below: 3) }
      return model[random.next(below: model.count)].id
    }
    for step in 0..<steps {
      let operation = random.next(below: 18)
      switch operation {
      case 0, 1:
        let item = Item(id: nextID, value: step)
        nextID += 1
        array.append(item)
        model.append(item)
      case 2:
        let item = Item(id: anyID(), value: step)
        array.append(item)
        if let position = model.firstIndex(where: { $0.id == item.id }) {
          model[position] = item
        } else {
          model.append(item)
        }
      case 3:
        let item = Item(id: random.next(below: 2) == 0 ? anyID() : nextID, value: step)
        if item.id == nextID { nextID += 1 }
        let index = random.next(below: model.count + 3) - 1
        array.insert(item, at: index)
        model.removeAll { $0.id == item.id }
        model.insert(item, at: min(max(index, 0), model.count))
      case 4:
        let id = anyID()
        #expect(array.remove(id: id) == model.first { $0.id == id })
        model.removeAll { $0.id == id }
      case 5 where !model.isEmpty:
        let position = random.next(below: model.count)
        #expect(array.remove(at: position) == model.remove(at: position))
      case 6:
        let offsets = Set((0..<random.next(below: 4)).map { _ in random.next(below: model.count + 1) })
          .filter { $0 < model.count }
        array.remove(atOffsets: offsets)
        model = model.enumerated().filter { !offsets.contains($0.offset) }.map(\.element)
      case 7:
        let cut = random.next(below: 50)
        array.removeAll { $0.value % 50 == cut }
        model.removeAll { $0.value % 50 == cut }
      case 8 where !model.isEmpty:
        let source = Set((0..<1 + random.next(below: 3)).map { _ in random.next(below: model.count) })
        let destination = random.next(below: model.count + 1)
        array.move(fromOffsets: source, toOffset: destination)
        let sorted = source.sorted()
        let moving = sorted.map { model[$0] }
        for offset in sorted.reversed() { model.remove(at: offset) }
        model.insert(contentsOf: moving, at: destination - sorted.filter { $0 < destination }.count)
      case 9:
        array.sort { ($0.value % 7, $0.id) < ($1.value % 7, $1.id) }
        model.sort { ($0.value % 7, $0.id) < ($1.value % 7, $1.id) }
      case 10:
        let id = anyID()
        array[id: id]?.value += 1
        if let position = model.firstIndex(where: { $0.id == id }) { model[position].value += 1 }
      case 11:
        let id = anyID()
        array[id: id] = nil
        model.removeAll { $0.id == id }
      case 12:
        let id = anyID()
        let item = Item(id: id, value: -step)
        array[id: id] = item
        if let position = model.firstIndex(where: { $0.id == id }) {
          model[position] = item
        } else {
          model.append(item)
        }
      case 13 where !model.isEmpty:
        let position = random.next(below: model.count)
        array[position].value *= 2
        model[position].value *= 2
      case 14, 15:
        // A predicate that throws at a random call: the collection stays as it was.
        let cut = random.next(below: 50)
        let throwAt = random.next(below: model.count + 2)
        var calls = 0
        do {
          try array.removeAll { item in
            calls += 1
            if calls == throwAt { throw Thrown() }
            return item.value % 50 == cut
          }
          model.removeAll { $0.value % 50 == cut }
        } catch {}
      case 16:
        // A comparator that throws at a random call: the collection stays as it was.
        let throwAt = random.next(below: 2 * model.count + 2)
        var calls = 0
        do {
          try array.sort { left, right in
            calls += 1
            if calls == throwAt { throw Thrown() }
            return (left.value % 5, left.id) > (right.value % 5, right.id)
          }
          model.sort { ($0.value % 5, $0.id) > ($1.value % 5, $1.id) }
        } catch {}
      case 17 where !model.isEmpty:
        // A mutation through a position that changes the id, then throws.
        let position = random.next(below: model.count)
        let newID = nextID
        nextID += 1
        do {
          try array[position].renumber(to: newID, thenThrow: true)
        } catch {}
        model[position].id = newID
      default:
        array.removeAll()
        model.removeAll()
      }
      #expect(Array(array) == model, "seed \(seed), step \(step), operation \(operation)")
      for (position, item) in model.enumerated() {
        #expect(array.index(id: item.id) == position)
        #expect(array[id: item.id] == item)
      }
      #expect(array.ids == model.map(\.id))
      #expect(!array.contains(id: nextID))
      if Array(array) != model { return false }
    }
    return true
  }

  @Test func writingThroughAnIDRemovesWhenSetToNilInsideTheModify() {
    var array: IdentifiedArray<Item> = [Item(id: 1, value: 1), Item(id: 2, value: 2), Item(id: 3, value: 3)]
    func clear(_ item: inout Item?) { item = nil }
    clear(&array[id: 2])
    #expect(array.ids == [1, 3])
    #expect(array.index(id: 3) == 1)
    var single: IdentifiedArray<Item> = [Item(id: 1, value: 1)]
    clear(&single[id: 1])
    #expect(single.isEmpty)
  }

  @Test func anElementWriteDoesNotCopyTheArray() {
    var array = IdentifiedArray((0..<1_000).map { Item(id: $0, value: 0) })
    let copy = array
    array[id: 500]?.value = 7  // the first write copies once, because `copy` shares the buffer
    array[id: 501]?.value = 8  // later writes are in place
    #expect(copy[id: 500]?.value == 0)
    #expect(array[id: 500]?.value == 7 && array[id: 501]?.value == 8)
  }
}

/// A small deterministic generator, so a failing seed can be replayed.
struct SplitMix: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
  mutating func next(below bound: Int) -> Int { Int(next() % UInt64(max(bound, 1))) }
}

struct Thrown: Error {}

extension Item {
  /// Changes the id, then throws if asked: a mutation cut short after it changed the id.
  mutating func renumber(to id: Int, thenThrow: Bool) throws {
    self.id = id
    if thenThrow { throw Thrown() }
  }
}
