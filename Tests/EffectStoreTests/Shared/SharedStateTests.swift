import EffectStore
import Foundation
import Observation
import ReduxTesting
import Testing

/// A counter whose count several features hold.
private struct SharedCounter: Reducer {
  struct State: Equatable, Sendable {
    @Shared(.inMemory("count")) var count = 0
    var taps = 0
  }
  enum Action: Equatable, Sendable { case increment, tap, incrementLater, incremented }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment:
      state.$count.withLock { $0 += 1 }
    case .tap:
      state.taps += 1
    case .incrementLater:
      let count = state.$count
      return .run { send in
        count.withLock { $0 += 10 }
        await send(.incremented)
      }
    case .incremented:
      break
    }
    return .none
  }
}

struct Note: Identifiable, Equatable, Sendable, Codable {
  let id: Int
  var title: String
}

/// A list whose rows a detail screen edits through the shared list.
private struct NoteList: Reducer {
  struct State: Equatable, Sendable {
    @Shared var todos: IdentifiedArrayOf<Note>
    var detail: NoteDetail.State?
  }
  enum Action: Equatable, Sendable { case open(Int), detail(NoteDetail.Action) }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      if case .open(let id) = action, let todo = Shared(state.$todos[id: id]) {
        state.detail = NoteDetail.State(todo: todo)
      }
      return .none
    }
    IfLet(\.detail, action: Action.detail) {
      if case .detail(let action) = $0 { action } else { nil }
    } child: {
      NoteDetail()
    }
  }
}

private struct NoteDetail: Reducer {
  struct State: Equatable, Sendable {
    @Shared var todo: Note
  }
  enum Action: Equatable, Sendable { case rename(String) }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .rename(let title): state.$todo.title.withLock { $0 = title }
    }
    return .none
  }
}

@MainActor
@Suite struct SharedStateTests {
  @Test func twoStoresHoldingOneValueSeeEachOthersWrites() {
    let first = FeatureStore(initialState: SharedCounter.State(), reducer: SharedCounter())
    let second = FeatureStore(initialState: SharedCounter.State(), reducer: SharedCounter())
    let told = Locked(false)
    withObservationTracking {
      _ = second.count
    } onChange: {
      told.withLock { $0 = true }
    }
    first.send(.increment)
    #expect(told.withLock { $0 })
    #expect(second.count == 1)
    #expect(second.state == first.state)
  }

  @Test func aViewOfAnotherFieldIsNotToldOfASharedWrite() {
    let store = FeatureStore(initialState: SharedCounter.State(), reducer: SharedCounter())
    let told = Locked(false)
    withObservationTracking {
      _ = store.taps
    } onChange: {
      told.withLock { $0 = true }
    }
    store.send(.increment)
    #expect(!told.withLock { $0 })
    store.send(.tap)
    #expect(told.withLock { $0 })
  }

  @Test func aChildWritesARowOfItsParentsSharedList() {
    let todos = Shared(
      value: IdentifiedArrayOf<Note>(uniqueElements: [Note(id: 1, title: "Plan"), Note(id: 2, title: "Ship")])
    )
    let store = FeatureStore(initialState: NoteList.State(todos: todos), reducer: NoteList())
    store.send(.open(2))
    store.send(.detail(.rename("Ship it")))
    #expect(store.state.todos[id: 2]?.title == "Ship it")
    #expect(todos.wrappedValue[id: 2]?.title == "Ship it")
  }

  /// TCA's SyncUps deletes a sync-up with `$syncUps.withLock { $0.remove(id: state.syncUp.id) }`:
  /// the change reads a row of the value it changes. It must not deadlock (the lock is taken
  /// again on the same thread), and the row reads the list as the change has left it so far.
  @Test func aChangeMayReadARowOfTheValueItChanges() {
    let todos = Shared(
      value: IdentifiedArrayOf<Note>(uniqueElements: [Note(id: 1, title: "Plan"), Note(id: 2, title: "Ship")])
    )
    let row = try! #require(Shared(todos[id: 2]))
    todos.withLock { _ = $0.remove(id: row.wrappedValue.id) }
    #expect(todos.wrappedValue.ids == [1])
    todos.withLock { list in
      list[id: 1]?.title = "Planned"
      list.append(Note(id: 3, title: Shared(todos[id: 1])?.wrappedValue.title ?? "none"))
    }
    #expect(todos.wrappedValue[id: 3]?.title == "Planned")
  }

  @Test func anUnwrappedRowKeepsItsLastValueOnceTheRowIsGone() {
    let todos = Shared(value: IdentifiedArrayOf<Note>(uniqueElements: [Note(id: 1, title: "Plan")]))
    let row = try! #require(Shared(todos[id: 1]))
    todos.withLock { $0.removeAll() }
    #expect(row.wrappedValue.title == "Plan")
    row.withLock { $0.title = "Gone" }
    #expect(todos.wrappedValue.isEmpty)
    #expect(Shared(todos[id: 1]) == nil)
  }

  @Test func theTestStoreChecksASharedChangeLikeAnyOther() async {
    let store = FeatureTestStore(initialState: SharedCounter.State()) { SharedCounter() }
    await store.send(.increment) { $0.$count.withLock { $0 = 1 } }
    await store.send(.incrementLater)
    await store.receive(.incremented) { $0.$count.withLock { $0 = 11 } }
    await store.finish()
  }

  @Test func theTestStoreFailsWhenASharedValueChangedAndTheTestDidNotSaySo() async {
    let store = FeatureTestStore(initialState: SharedCounter.State()) { SharedCounter() }
    await withKnownIssue {
      await store.send(.increment)
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined() + (issue.description)
      return text.contains("A shared value changed, but no change was asserted")
        && text.contains(".inMemory(\"count\")")
    }
    // One mistake, one failure: the next action is checked from the value the store holds.
    await store.send(.increment) { $0.$count.withLock { $0 = 2 } }
  }

  @Test func theTestStoreFailsWhenTheDescribedSharedValueIsWrong() async {
    let store = FeatureTestStore(initialState: SharedCounter.State()) { SharedCounter() }
    await withKnownIssue {
      await store.send(.increment) { $0.$count.withLock { $0 = 5 } }
    } matching: { issue in
      issue.description.contains("A shared value is not what the trailing closure described")
    }
  }

  @Test func theAssertionClosureReadsTheValueAsOfTheLastAssertion() async {
    let store = FeatureTestStore(initialState: SharedCounter.State()) { SharedCounter() }
    await store.send(.increment) { state in
      #expect(state.count == 0)
      state.$count.withLock { $0 += 1 }
      #expect(state.count == 1)
    }
    #expect(store.state.count == 1)
  }

  @Test func aTestStoreStartsFromTheSharedValueTheTestGives() async {
    @Shared(.inMemory("count")) var count = 41
    let store = FeatureTestStore(initialState: SharedCounter.State()) { SharedCounter() }
    #expect(store.state.count == 41)
    await store.send(.increment) { $0.$count.withLock { $0 = 42 } }
    #expect(count == 42)
  }
}

/// Tests that run at once, each with the same key: each sees its own value.
@Suite struct SharedIsolationTests {
  static func writeAndReadBack(_ value: Int) async {
    @Shared(.inMemory("isolation")) var shared = 0
    #expect(shared == 0)
    $shared.withLock { $0 = value }
    for _ in 0..<20 { await Task.yield() }
    #expect(shared == value)
  }

  @Test func first() async { await Self.writeAndReadBack(1) }
  @Test func second() async { await Self.writeAndReadBack(2) }
  @Test func third() async { await Self.writeAndReadBack(3) }
}

/// A diff of the state before and after an action cannot see a shared write (both hold the same
/// value): the logging middleware is told of it, and prints it with the other changes.
@MainActor
@Test func theLoggerShowsASharedWrite() {
  let lines = Locked<[String]>([])
  let store = FeatureStore(
    initialState: SharedCounter.State(), reducer: SharedCounter(),
    middlewares: [.logging(log: { line in lines.withLock { $0.append(line) } })])
  store.send(.increment)
  store.send(.tap)
  #expect(
    lines.withLock { $0 } == [
      "[store] increment: shared .inMemory(\"count\"): 0 -> 1",
      "[store] tap: taps: 0 -> 1",
    ])
}
