import EffectStore
import Foundation
import ReduxTesting
import Testing

// StackState, the navigation stack's collection: its ids, its pops, and a stack of features
// run by ForEachElement, with element stores and the path binding.

/// A screen that is not `Identifiable`: the stack gives it its id.
private struct Detail: Reducer {
  struct State: Equatable, Sendable, Codable {
    var title = ""
    var ticks = 0
  }
  enum Action: Hashable, Sendable { case start, tick, rename(String) }
  enum CancelID: Hashable, Sendable { case ticking }

  let clock: any Clock<Duration>

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start: return .timer(id: CancelID.ticking, every: .seconds(1), clock: clock, send: .tick)
    case .tick: state.ticks += 1
    case .rename(let title): state.title = title
    }
    return .none
  }
}

private struct Navigator: Reducer {
  struct State: Equatable, Sendable {
    var path = StackState<Detail.State>()
  }
  enum Action: Hashable, Sendable {
    case push(String), popLast, popFrom(StackElementID), remove(StackElementID)
    case path(id: StackElementID, action: Detail.Action)
  }

  let clock: any Clock<Duration>

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .push(let title): state.path.append(Detail.State(title: title))
      case .popLast: state.path.removeLast()
      case .popFrom(let id): state.path.pop(from: id)
      case .remove(let id): state.path[id: id] = nil
      case .path: break
      }
      return .none
    }
    ForEachElement(\.path, action: Action.path) {
      if case .path(let id, let action) = $0 { (id, action) } else { nil }
    } child: {
      Detail(clock: clock)
    }
  }
}

@MainActor
@Suite struct StackStateTests {
  @Test func screensAreNumberedInPushOrderAndANumberIsNeverGivenTwice() {
    var path = StackState<Detail.State>()
    path.append(Detail.State(title: "a"))
    path.append(Detail.State(title: "b"))
    #expect(path.ids == [0, 1])
    path.removeLast()
    path.append(Detail.State(title: "c"))
    #expect(path.ids == [0, 2], "the popped screen's number is not given again")
    path.append(contentsOf: [Detail.State(title: "d"), Detail.State(title: "e")])
    #expect(path.ids == [0, 2, 3, 4])
    #expect(path.map(\.title) == ["a", "c", "d", "e"])
    #expect(path[id: 2]?.title == "c" && path[id: 1] == nil)
    #expect(StackElementID(number: 3).description == "#3")
  }

  @Test func popFromAndPopToGoBackToAScreen() {
    var path: StackState<Detail.State> = [.init(title: "a"), .init(title: "b"), .init(title: "c")]
    let toSecond = path.pop(to: 1)
    #expect(toSecond && path.ids == [0, 1])
    let fromSecond = path.pop(from: 1)
    #expect(fromSecond && path.ids == [0])
    let fromAbsent = path.pop(from: 7)
    let toAbsent = path.pop(to: 7)
    #expect(!fromAbsent && !toAbsent, "an id not on the stack pops nothing")
    #expect(path.map(\.title) == ["a"])
  }

  @Test func writingByIdChangesInPlaceAndNilPopsOnlyThatScreen() {
    var path = StackState([Detail.State(title: "a"), Detail.State(title: "b"), Detail.State(title: "c")])
    path[id: 1]?.ticks = 5
    path[0].title = "A"
    #expect(path.ids == [0, 1, 2], "a write keeps the screen's id")
    #expect(path[id: 1]?.ticks == 5 && path[id: 0]?.title == "A")
    path[id: 1] = nil
    #expect(path.ids == [0, 2] && path.map(\.title) == ["A", "c"])
    path[id: 1] = Detail.State(title: "x")
    #expect(path.ids == [0, 2, 1], "at an id the stack does not hold, it is pushed with that id (TCA's)")
    path[id: 5] = Detail.State(title: "y")
    #expect(path.ids == [0, 2, 1, 5], "an id not given yet too")
    path.append(Detail.State(title: "z"))
    #expect(path.ids == [0, 2, 1, 5, 6], "the numbering goes on after the highest id given")
    path[id: 3] = Detail.State(title: "w")
    path.append(Detail.State(title: "v"))
    #expect(path.ids == [0, 2, 1, 5, 6, 3, 7], "and a lower id brought back does not change it")
  }

  /// TCA's assertion of a push: the screen written at the id the store gives it.
  @Test func aTestAssertsAPushByWritingTheScreenAtItsID() async {
    let store = FeatureTestStore(initialState: Navigator.State()) { Navigator(clock: TestClock()) }
    await store.send(.push("a")) { $0.path[id: 0] = Detail.State(title: "a") }
    await store.send(.push("b")) { $0.path[id: 1] = Detail.State(title: "b") }
    await store.send(.popFrom(1)) { $0.path[id: 1] = nil }
    await store.send(.push("c")) { $0.path[id: 2] = Detail.State(title: "c") }
    await store.finish()
  }

  @Test func equalStacksHaveTheSameIdsAndScreens() {
    var pushedAndPopped = StackState([Detail.State(title: "a")])
    pushedAndPopped.append(Detail.State(title: "b"))
    pushedAndPopped.removeLast()
    #expect(pushedAndPopped == StackState([Detail.State(title: "a")]))
    var other = StackState([Detail.State(title: "b")])
    other.removeAll()
    other.append(Detail.State(title: "a"))
    #expect(other != StackState([Detail.State(title: "a")]), "the same screen under another id")
  }

  @Test func removingScreensKeepsTheOthersIdsAndTheNumbering() {
    var path = StackState([Detail.State(title: "a"), Detail.State(title: "b"), Detail.State(title: "c")])
    path.removeAll { $0.title == "b" }
    #expect(path.ids == [0, 2] && path.map(\.title) == ["a", "c"])
    #expect(path.filter { $0.title == "c" }.ids == [2])
    path.removeAll()
    path.append(Detail.State(title: "d"))
    #expect(path.ids == [3], "a stack emptied goes on numbering")
  }

  @Test func encodedAStackIsItsScreensAndDecodedTheyAreNumberedAgain() throws {
    var path = StackState([Detail.State(title: "a"), Detail.State(title: "b")])
    path.pop(from: 0)
    path.append(Detail.State(title: "c"))
    let data = try JSONEncoder().encode(path)
    #expect(try JSONDecoder().decode([Detail.State].self, from: data) == [Detail.State(title: "c")])
    let decoded = try JSONDecoder().decode(StackState<Detail.State>.self, from: data)
    #expect(decoded.ids == [0] && decoded.map(\.title) == ["c"])
  }

  @Test func poppingTheMiddleScreenCancelsOnlyItsEffects() async {
    let clock = TestClock()
    let store = FeatureTestStore(initialState: Navigator.State()) { Navigator(clock: clock) }
    for (number, title) in ["a", "b", "c"].enumerated() {
      await store.send(.push(title)) { $0.path.append(Detail.State(title: title)) }
      await store.send(.path(id: StackElementID(number: number), action: .start))
    }
    await store.send(.remove(1)) { $0.path[id: 1] = nil }
    await clock.advance(by: .seconds(1))
    await store.receive(.path(id: 0, action: .tick)) { $0.path[id: 0]?.ticks = 1 }
    await store.receive(.path(id: 2, action: .tick)) { $0.path[id: 2]?.ticks = 1 }
    await store.send(.popLast) { $0.path.removeLast() }
    await clock.advance(by: .seconds(1))
    await store.receive(.path(id: 0, action: .tick)) { $0.path[id: 0]?.ticks = 2 }
    await store.send(.popFrom(0)) { $0.path.pop(from: 0) }
    await clock.advance(by: .seconds(5))  // nothing ticks
    await store.finish()
  }

  @Test func aFailedAssertionShowsEachScreenUnderItsId() async {
    let store = FeatureTestStore(initialState: Navigator.State()) { Navigator(clock: TestClock()) }
    await withKnownIssue {
      await store.send(.push("a")) { $0.path.append(Detail.State(title: "b")) }
    } matching: { issue in
      let message = issue.comments.map(\.rawValue).joined()
      return message.contains("#0") && message.contains("\"a\"") && message.contains("\"b\"")
    }
  }

  @Test func eachScreenHasItsStoreAndAWatchedStoreIsToldOfItsOwnChangesOnly() {
    let store = FeatureStore(initialState: Navigator.State()) { Navigator(clock: TestClock()) }
    store.send(.push("a"))
    store.send(.push("b"))
    let screens = store.scope(forEach: \.path, action: Navigator.Action.path)
    #expect(screens.map(\.state.title) == ["a", "b"])
    let seen = Log<String>()
    let token = screens[0].subscribe(\.title) { seen.append($0) }
    screens[1].send(.rename("B"))
    screens[0].send(.rename("A"))
    #expect(store.state.path.map(\.title) == ["A", "B"])
    #expect(seen.entries == ["A"])
    let top = store.scope(forEach: \.path, id: 1, action: Navigator.Action.path)
    #expect(top === screens[1])
    store.send(.popLast)
    #expect(screens[1].isRemoved && !screens[0].isRemoved)
    screens[1].send(.rename("gone"))  // dropped: its screen left
    #expect(store.state.path.map(\.title) == ["A"])
    _ = token
  }

  @Test func thePathBindingIsTheIdsAndAShorterPathSendsOnePopPerScreen() {
    let store = FeatureStore(initialState: Navigator.State()) { Navigator(clock: TestClock()) }
    for title in ["a", "b", "c"] { store.send(.push(title)) }
    #expect(store[path: \.path, popLast: .popLast] == [0, 1, 2])
    store[path: \.path, popLast: .popLast] = [0]
    #expect(store.state.path.ids == [0])
    store[path: \.path, popLast: .popLast] = [0, 5]
    #expect(store.state.path.ids == [0], "a longer path from outside is ignored")
  }
}
