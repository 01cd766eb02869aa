import EffectStore
import Testing

// A StackState keeps its screens in storage of its own (copy-on-write, as Array): a copy never
// sees another's writes, every position works as an array's, and a screen is released when no
// stack holds it.

/// A screen that says when it goes.
private final class Tracked: Equatable, Sendable {
  let number: Int
  let gone: @Sendable () -> Void

  init(_ number: Int, gone: @escaping @Sendable () -> Void = {}) {
    self.number = number
    self.gone = gone
  }

  deinit { gone() }

  static func == (lhs: Tracked, rhs: Tracked) -> Bool { lhs.number == rhs.number }
}

/// Counts the screens that went.
private final class Departures: @unchecked Sendable {
  var count = 0
}

/// A stack of counters, each screen's reducer run by `ForEachElement`.
private struct Counters: Reducer {
  struct State: Equatable, Sendable {
    var path = StackState([0, 0, 0])
  }
  enum Action: Equatable, Sendable { case screen(id: StackElementID, action: Bump) }
  enum Bump: Equatable, Sendable { case bump }

  var body: some Reducer<State, Action> {
    ForEachElement(\.path, action: Action.screen) {
      if case .screen(let id, let action) = $0 { (id, action) } else { nil }
    } child: {
      Reduce<Int, Bump> { count, _ in
        count += 1
        return .none
      }
    }
  }
}

@Suite struct StackScreensTests {
  @Test func aCopyIsUnchangedByWritesToTheStackItWasCopiedFrom() {
    var path = StackState([1, 2, 3])
    let copy = path
    #expect(copy == path)
    path[0] = 10
    #expect(copy != path)
    path[id: 1] = 20
    path.append(4)
    path.removeFirst()
    path.updateElement(at: 0) { $0 += 1 }
    #expect(Array(copy) == [1, 2, 3])
    #expect(copy.ids == [0, 1, 2])
    #expect(Array(path) == [21, 3, 4])
  }

  @Test func aScreenIsWrittenInPlaceOnlyWhileNoOtherStackSharesTheStorage() {
    var path = StackState([1, 2])
    #expect(path._updateElementIfUniquelyStored(at: 1) { $0 += 1 } != nil)
    let copy = path
    #expect(path._updateElementIfUniquelyStored(at: 1) { $0 += 1 } == nil)
    #expect(Array(path) == [1, 3])
    path.updateElement(at: 1) { $0 += 1 }
    #expect(Array(path) == [1, 4])
    #expect(Array(copy) == [1, 3])
    #expect(path._updateElementIfUniquelyStored(at: 0) { $0 += 1 } != nil)
  }

  /// `ForEachElement` writes a screen in place only when nothing shares the stack's storage:
  /// a state read before, or the follower of a watched screen's store, makes it go around.
  @MainActor @Test func aSendToAScreenNeverReachesAStateReadBeforeIt() {
    let store = FeatureStore(initialState: Counters.State(), reducer: Counters())
    let screens = store.scope(forEach: \.path, action: Counters.Action.screen)
    let before = store.state
    screens[2].send(.bump)
    screens[2].send(.bump)
    #expect(Array(before.path) == [0, 0, 0])
    #expect(Array(store.state.path) == [0, 0, 2])
    let seen = Log<Int>()
    let token = screens[1].subscribe(\.self) { seen.append($0) }
    let watched = store.state
    screens[1].send(.bump)
    screens[2].send(.bump)
    #expect(Array(watched.path) == [0, 0, 2])
    #expect(Array(store.state.path) == [0, 1, 3])
    #expect(seen.entries == [1])
    _ = token
  }

  @Test func everyChangeAtAnyPositionGivesWhatAnArrayGives() {
    // A fixed sequence of inserts, removals and replacements, anywhere, against an array.
    // A linear congruential sequence: the same changes on every run.
    var seed: UInt64 = 7
    func next() -> UInt64 {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return seed >> 33
    }
    var path = StackState<Int>()
    var model: [Int] = []
    var kept: [(copy: StackState<Int>, then: [Int])] = []
    for step in 0..<600 {
      let position = model.isEmpty ? 0 : Int(next() % UInt64(model.count + 1))
      switch next() % 6 {
      case 0, 1:
        path.append(step)
        model.append(step)
      case 2:
        path.insert(step, at: position)
        model.insert(step, at: position)
      case 3 where !model.isEmpty:
        let end = min(model.count, position + 2)
        let start = min(position, end)
        path.replaceSubrange(start..<end, with: [step, step + 1, step + 2])
        model.replaceSubrange(start..<end, with: [step, step + 1, step + 2])
      case 4 where !model.isEmpty:
        path.removeLast()
        model.removeLast()
      case 5 where position < model.count:
        path.remove(at: position)
        model.remove(at: position)
      default:
        // Now and then a copy that later changes must not reach.
        kept.append((path, model))
      }
      #expect(Array(path) == model)
      #expect(path.ids.count == model.count)
      #expect(Set(path.ids).count == model.count)
    }
    path.removeAll(keepingCapacity: true)
    #expect(path.isEmpty)
    path.append(1)
    #expect(Array(path) == [1])
    // Each copy still holds what the stack held when it was taken.
    for (copy, then) in kept { #expect(Array(copy) == then) }
    #expect(!kept.isEmpty)
  }

  @Test func aScreenIsReleasedWhenNoStackHoldsIt() {
    let departures = Departures()
    let gone: @Sendable () -> Void = { departures.count += 1 }
    var path = StackState((0..<4).map { Tracked($0, gone: gone) })
    path.removeLast()
    #expect(departures.count == 1)
    var copy: StackState<Tracked>? = path
    path.pop(from: path.ids[1])
    // The copy still holds the two screens popped from the stack.
    #expect(departures.count == 1)
    copy = nil
    #expect(copy == nil)
    #expect(departures.count == 3)
    path[0] = Tracked(9, gone: gone)
    #expect(departures.count == 4)
    path.removeAll()
    #expect(departures.count == 5)
  }
}
