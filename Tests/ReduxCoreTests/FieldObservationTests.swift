import IdentifiedCollections
import Observation
import ReduxCore
import Testing

struct Settings: Equatable, Sendable {
  var theme = "light"
  var fontSize = 12
}

struct Todo: Identifiable, Equatable, Sendable {
  let id: Int
  var title: String
}

/// Not `Equatable`: nothing can tell whether it changed.
struct Formatter: Sendable { var prefix = "#" }

struct Screen: Sendable {
  var count = 0
  var other = 0
  var settings = Settings()
  var todos: IdentifiedArrayOf<Todo> = [Todo(id: 1, title: "a"), Todo(id: 2, title: "b")]
  var formatter = Formatter()
}

enum ScreenAction: Sendable {
  case increment, bumpOther, setTheme(String), setFontSize(Int)
  case rename(Int, String), remove(Int), noop
}

@MainActor
func makeScreenStore() -> BareStore<Screen, ScreenAction> {
  BareStore(Screen()) { state, action in
    switch action {
    case .increment: state.count += 1
    case .bumpOther: state.other += 1
    case .setTheme(let theme): state.settings.theme = theme
    case .setFontSize(let size): state.settings.fontSize = size
    case .rename(let id, let title): state.todos[id: id]?.title = title
    case .remove(let id): state.todos.remove(id: id)
    case .noop: break
    }
  }
}

/// Counts how often Observation reports a change to what `read` read.
@MainActor
final class ChangeCounter {
  private(set) var count = 0

  /// Tracks what `read` reads, once: the next change is counted, then tracking ends.
  func track(_ read: @escaping @MainActor () -> Void) {
    withObservationTracking {
      read()
    } onChange: {
      MainActor.assumeIsolated { self.count += 1 }
    }
  }
}

@MainActor
@Suite struct FieldObservationTests {
  @Test func observersOfAnUnchangedFieldAreNotTold() {
    let store = makeScreenStore()
    let counters = (0..<10).map { _ in ChangeCounter() }
    for counter in counters { counter.track { _ = store.other } }
    store.dispatch(.increment)
    store.dispatch(.increment)
    #expect(counters.map(\.count) == Array(repeating: 0, count: 10))
    // Still tracking: the field's own change is reported.
    store.dispatch(.bumpOther)
    #expect(counters.map(\.count) == Array(repeating: 1, count: 10))
  }

  @Test func observersOfTheChangedFieldAreToldOncePerDispatch() {
    let store = makeScreenStore()
    let counter = ChangeCounter()
    for _ in 1...3 {
      counter.track { _ = store.count }
      store.dispatch(.increment)
    }
    #expect(counter.count == 3)
    #expect(store.count == 3)
  }

  @Test func anObserverOfTwoFieldsIsToldWhenEitherChanges() {
    let store = makeScreenStore()
    let counter = ChangeCounter()
    counter.track { _ = (store.count, store.other) }
    store.dispatch(.bumpOther)
    #expect(counter.count == 1)
    counter.track { _ = (store.count, store.other) }
    store.dispatch(.noop)
    #expect(counter.count == 1)
  }

  @Test func aNestedPathIsToldOnlyWhenItChanged() {
    let store = makeScreenStore()
    let theme = ChangeCounter()
    let settings = ChangeCounter()
    theme.track { _ = store.state(\.settings.theme) }
    settings.track { _ = store.settings }
    store.dispatch(.setFontSize(14))
    #expect(theme.count == 0)
    #expect(settings.count == 1)
    store.dispatch(.setTheme("dark"))
    #expect(theme.count == 1)
    #expect(store.state(\.settings.theme) == "dark")
  }

  @Test func anElementReadByIDIsToldOnlyWhenThatElementChanged() {
    let store = makeScreenStore()
    let second = ChangeCounter()
    second.track { _ = store.state(\.todos[id: 2]) }
    store.dispatch(.rename(1, "first"))
    #expect(second.count == 0)
    store.dispatch(.rename(2, "second"))
    #expect(second.count == 1)
    second.track { _ = store.state(\.todos[id: 2]?.title) }
    store.dispatch(.remove(2))
    #expect(second.count == 2)
    #expect(store.state(\.todos[id: 2]) == nil)
  }

  @Test func aFieldThatIsNotEquatableIsToldAfterEveryDispatch() {
    let store = makeScreenStore()
    let counter = ChangeCounter()
    counter.track { _ = store.formatter.prefix }
    store.dispatch(.noop)
    #expect(counter.count == 1)
  }

  @Test func theWholeStateIsStillToldAfterEveryDispatch() {
    let store = makeScreenStore()
    let whole = ChangeCounter()
    let field = ChangeCounter()
    whole.track { _ = store.state.count }
    field.track { _ = store.count }
    store.dispatch(.bumpOther)
    #expect(whole.count == 1)
    #expect(field.count == 0)
  }

  @Test func anObserverThatReadsAgainWhenToldSeesTheNextChange() {
    let store = makeScreenStore()
    let view = CountView(store: store)
    view.render()
    store.dispatch(.increment)
    store.dispatch(.bumpOther)
    store.dispatch(.increment)
    #expect(view.renders == [0, 1, 2])
  }

  @Test func aDispatchFromAChangeHandlerRunsNextAndIsSeen() {
    let store = makeScreenStore()
    let counter = ChangeCounter()
    // The change handler runs on the store's actor (the main actor) but is typed `@Sendable`.
    nonisolated(unsafe) let storeInHandler = store
    withObservationTracking {
      _ = store.count
    } onChange: {
      MainActor.assumeIsolated { storeInHandler.dispatch(.bumpOther) }
    }
    counter.track { _ = store.other }
    store.dispatch(.increment)
    #expect(store.state.other == 1)
    #expect(counter.count == 1)
  }

  @Test func manyElementsReadByIDStayCorrectAsTheyComeAndGo() {
    let store = BareStore(IdentifiedArrayOf<Todo>()) { (todos, action: ScreenAction) in
      switch action {
      case .rename(let id, let title): todos[id: id] = Todo(id: id, title: title)
      case .remove(let id): todos.remove(id: id)
      default: break
      }
    }
    for id in 0..<500 { store.dispatch(.rename(id, "new")) }
    for round in 0..<3 {
      let counters = (0..<500).map { _ in ChangeCounter() }
      for id in 0..<500 { counters[id].track { _ = store.state(\.[id: id]) } }
      for id in 0..<500 where id % 2 == round % 2 { store.dispatch(.rename(id, "round \(round)")) }
      #expect(
        counters.indices.filter { counters[$0].count == 1 } == Array(stride(from: round % 2, to: 500, by: 2)))
      #expect(counters.allSatisfy { $0.count <= 1 })
    }
  }
}

/// Renders `count` and renders again when told it changed, reading anew, as a view does.
@MainActor
final class CountView {
  let store: BareStore<Screen, ScreenAction>
  var renders: [Int] = []

  init(store: BareStore<Screen, ScreenAction>) { self.store = store }

  func render() {
    withObservationTracking {
      renders.append(store.count)
    } onChange: { [weak self] in
      // SwiftUI renders on the next turn; here at once, since the store has applied the change
      // when it tells. Weak: the last registration, never fired, is kept by the store's
      // registrar, and the view holds the store.
      MainActor.assumeIsolated { self?.render() }
    }
  }
}

/// Equal when `value` is, whatever `revision` says: only `==` can tell that a change of
/// `revision` alone is no change.
struct Revisioned: Equatable, Sendable {
  var value = 0
  var revision = 0
  static func == (lhs: Self, rhs: Self) -> Bool { lhs.value == rhs.value }
}

struct Shapes: Sendable {
  var small: Int8 = 0
  var optional: Int? = nil
  var pair = Pair()
  var odd = Odd()
  var name = ""
  var revisioned = Revisioned()
  var ratio = 0.0
  var flag = false  // last: fewer than 16 bytes follow it

  struct Pair: Equatable, Sendable {
    var first = 0
    var second = 0
  }
  struct Odd: Equatable, Sendable {
    var a: Int32 = 0
    var b: Int16 = 0
    var c: Int8 = 0
  }
}

@MainActor
@Suite struct FieldShapeTests {
  /// Each field of `Shapes` is changed in turn; the observer of each field must be told exactly
  /// when its own field changed.
  @Test func everyKindOfFieldIsToldOnlyWhenItChanged() {
    let store = BareStore(Shapes()) { (state, change: @Sendable (inout Shapes) -> Void) in change(&state) }
    let reads: [(String, @MainActor () -> Void)] = [
      ("small", { _ = store.small }), ("optional", { _ = store.optional }),
      ("pair.second", { _ = store.state(\.pair.second) }), ("pair", { _ = store.pair }),
      ("odd", { _ = store.odd }), ("name", { _ = store.name }),
      ("revisioned", { _ = store.revisioned }), ("ratio", { _ = store.ratio }),
      ("flag", { _ = store.flag }),
    ]
    let changes: [(String, Set<String>, @Sendable (inout Shapes) -> Void)] = [
      ("small", ["small"], { $0.small = -1 }),
      ("optional to 0", ["optional"], { $0.optional = 0 }),
      ("pair.first", ["pair"], { $0.pair.first = 1 }),
      ("pair.second", ["pair", "pair.second"], { $0.pair.second = 2 }),
      ("odd.c", ["odd"], { $0.odd.c = 3 }),
      ("name", ["name"], { $0.name = "a longer name than fits inline" }),
      ("revision only", [], { $0.revisioned.revision += 1 }),
      ("revisioned value", ["revisioned"], { $0.revisioned.value += 1 }),
      ("ratio to -0.0", [], { $0.ratio = -0.0 }),
      ("ratio", ["ratio"], { $0.ratio = 0.5 }),
      ("flag", ["flag"], { $0.flag = true }),
      ("nothing", [], { _ in }),
    ]
    for (label, expected, change) in changes {
      let told = Log<String>()
      for (name, read) in reads {
        withObservationTracking {
          read()
        } onChange: {
          MainActor.assumeIsolated { told.append(name) }
        }
      }
      store.dispatch(change)
      #expect(Set(told.entries) == expected, "\(label)")
      #expect(told.entries.count == expected.count, "\(label): told once each")
      // Observers not told are still waiting; settle them before the next round.
      store.dispatch { $0 = Shapes(small: $0.small &+ 1) }
      store.dispatch { $0 = Shapes() }
    }
  }
}
