import EffectStore
import Observation
import ReduxCore
import ReduxTesting
import Testing

/// Child stores are views of their part: told only when that part changed, element children
/// only when their element changed, and ended cleanly when their element goes.
@MainActor
@Suite struct ChildStoreTests {
  @Test func aChildStoresActionIsWhatItSends() {
    #expect(ScopedStore<CounterState, CounterAction>.Action.self == CounterAction.self)
    #expect(FeatureStore<CounterState, CounterAction>.Action.self == CounterAction.self)
  }

  func makeStore() -> FeatureStore<AppState, AppAction> {
    FeatureStore(
      initialState: AppState(
        todos: [
          Todo(id: 1, title: "Write"), Todo(id: 2, title: "Test"), Todo(id: 3, title: "Ship"),
        ]),
      reducer: appReducer)
  }

  /// Counts the calls of a whole-state subscriber and of Observation on a child.
  @MainActor
  final class Watch<State> {
    var calls = 0
    var observed = 0
    var token: Subscription?

    init<S: StateStore>(_ store: S) where S.State == State {
      token = store.subscribe { [unowned self] _ in calls += 1 }
      track(store)
    }

    func track<S: StateStore>(_ store: S) where S.State == State {
      // Weak captures: a pending observation is kept by the store's registrar, so a strong
      // capture of the store there would keep both alive. The handler runs on the store's actor
      // (the main actor) but is typed `@Sendable`.
      nonisolated(unsafe) weak let weakStore = store
      withObservationTracking {
        _ = store.state
      } onChange: { [weak self] in
        MainActor.assumeIsolated {
          guard let self, let store = weakStore else { return }
          self.observed += 1
          self.track(store)
        }
      }
    }
  }

  @Test func aScopedChildIsToldOnlyWhenItsPartChanged() {
    let store = makeStore()
    let counter = store.scope(state: \.counter, action: AppAction.counter)
    let watch = Watch(counter)
    store.send(.addTodo("unrelated"))
    store.send(.todo(id: 1, action: .toggle))
    #expect(watch.calls == 0)
    #expect(watch.observed == 0)
    counter.send(.increment)
    #expect(watch.calls == 1)
    #expect(watch.observed == 1)
    #expect(counter.state.count == 1)
  }

  @Test func anElementChildIsToldOnlyWhenItsElementChanged() {
    let store = makeStore()
    let rows = store.scope(forEach: \.todos, action: AppAction.todo)
    let watches = rows.map { Watch($0) }
    rows[1].send(.toggle)
    #expect(watches.map(\.calls) == [0, 1, 0])
    #expect(watches.map(\.observed) == [0, 1, 0])
    store.send(.counter(.increment))  // touches no row
    #expect(watches.map(\.calls) == [0, 1, 0])
    #expect(rows[1].state.isDone)
  }

  @Test func aRowViewReadingOneFieldOfItsChildIsToldOnlyWhenThatFieldChanged() {
    let store = makeStore()
    let rows = store.scope(forEach: \.todos, action: AppAction.todo)
    let titleChanges = Log<Int>()
    let doneChanges = Log<Int>()
    for (index, row) in rows.enumerated() {
      withObservationTracking {
        _ = row.title
      } onChange: {
        MainActor.assumeIsolated { titleChanges.append(index) }
      }
      withObservationTracking {
        _ = row.isDone
      } onChange: {
        MainActor.assumeIsolated { doneChanges.append(index) }
      }
    }
    rows[1].send(.toggle)
    #expect(doneChanges.entries == [1])
    #expect(titleChanges.entries.isEmpty)
    #expect(rows[1].isDone)
  }

  @Test func elementChildrenFollowTheirElementThroughMovesAndInsertions() {
    let reorder = Reduce<AppState, AppAction> { state, action in
      if case .addTodo(let title) = action {
        state.todos.insert(Todo(id: 10, title: title), at: 0)
        state.todos.move(fromOffsets: [1], toOffset: 4)
        state.todos[id: 2]?.title = "Test more"
        return .none
      }
      return MainActor.assumeIsolated { appReducer.reduce(into: &state, action: action) }
    }
    let store = FeatureStore(initialState: makeStore().state, reducer: reorder)
    let rows = store.scope(forEach: \.todos, action: AppAction.todo)
    let watches = rows.map { Watch($0) }
    store.send(.addTodo("Plan"))
    #expect(store.state.todos.ids == [10, 2, 3, 1])
    #expect(watches.map(\.calls) == [0, 1, 0])
    #expect(rows.map(\.state.title) == ["Write", "Test more", "Ship"])
  }

  @Test func aRemovedElementsChildEndsAndDropsWhatItSends() async {
    let store = makeStore()
    let rows = store.scope(forEach: \.todos, action: AppAction.todo)
    let stream = rows[0].states()
    rows[0].send(.delegate(.deleteMe))
    #expect(store.state.todos.ids == [2, 3])
    #expect(rows[0].isRemoved)
    #expect(!rows[1].isRemoved)
    #expect(rows[0].state.title == "Write")  // its element's last value
    store.send(.addTodo("Again"))  // a new element; the ended child does not follow it
    rows[0].send(.toggle)  // dropped: the parent never sees it
    #expect(store.state.todos.map(\.isDone) == [false, false, false])
    var streamed: [String] = []
    for await todo in stream { streamed.append(todo.title) }  // finished when it ended
    #expect(streamed == ["Write"])
  }

  @Test func aReleasedChildStopsFollowing() async {
    let store = FeatureTestStore(initialState: makeStore().state, reducer: appReducer)
    var rows: [ScopedStore<Todo, TodoAction>]? = store.store.scope(forEach: \.todos, action: AppAction.todo)
    weak let first = rows?[0]
    rows = nil
    #expect(first == nil)
    await store.send(.todo(id: 1, action: .toggle)) { $0.todos[id: 1]?.isDone = true }
    await store.finish()
  }

  @Test func whatAChildSendsReachesItsParentAndARemovedChildsSendsDoNot() async {
    let store = FeatureTestStore(initialState: makeStore().state, reducer: appReducer)
    let rows = store.store.scope(forEach: \.todos, action: AppAction.todo)
    rows[1].send(.rename("Test more"))
    await store.receive(.todo(id: 2, action: .rename("Test more"))) { $0.todos[id: 2]?.title = "Test more" }
    rows[0].send(.delegate(.deleteMe))
    await store.receive(.todo(id: 1, action: .delegate(.deleteMe))) { $0.todos.remove(id: 1) }
    rows[0].send(.toggle)  // dropped: `finish` fails for anything that reached the parent
    await store.finish()
  }

  /// A child nobody watches takes its part without a dispatch; one watched later is told from
  /// then on, from the state it already holds.
  @Test func aChildWatchedLaterStartsFromItsCurrentPart() {
    let store = makeStore()
    let counter = store.scope(state: \.counter, action: AppAction.counter)
    counter.send(.increment)
    counter.send(.increment)
    #expect(counter.state.count == 2)
    var seen: [Int] = []
    let token = counter.subscribe(\.count) { seen.append($0) }
    counter.send(.increment)
    #expect(seen == [3])
    token.cancel()
    counter.send(.increment)
    #expect(counter.state.count == 4)
    #expect(seen == [3])
  }

  /// A subscriber that releases another child while the parent tells its children: the
  /// released child is skipped, not reached after it is gone.
  @Test func aChildReleasedDuringTheParentsNotificationIsSkipped() {
    let store = makeStore()
    // Children are told in the order they were made: `first`, then `second`.
    let first = store.scope(state: \.counter, action: AppAction.counter)
    var second: ScopedStore<CounterState, CounterAction>? = store.scope(
      state: \.counter, action: AppAction.counter)
    weak let released = second
    var told = 0
    let dropper = first.subscribe(\.count) { _ in
      told += 1
      second = nil
    }
    let watching = second?.subscribe(\.count) { _ in told += 100 }
    store.send(.counter(.increment))
    #expect(released == nil)
    #expect(told == 1)
    store.send(.counter(.increment))
    #expect(told == 2)
    _ = (dropper, watching)
  }

  /// A child nobody watches costs its parent nothing: the parent has no subscriber for it until
  /// someone subscribes to the child, opens a stream or tracks it, and it reads its part when
  /// asked. A grandchild watched makes its parent follow too.
  @Test func aChildFollowsItsParentOnlyOnceSomeoneWatchesIt() async {
    let store = makeStore()
    let counter = store.scope(state: \.counter, action: AppAction.counter)
    let grandchild = counter.scope(state: \.count, action: CounterAction.add)
    #expect(store.engine.subscriberCount == 0)
    counter.send(.increment)
    #expect(grandchild.state == 1)
    let tracked = Locked(false)
    withObservationTracking {
      _ = grandchild.state
    } onChange: {
      tracked.withLock { $0 = true }
    }
    #expect(store.engine.subscriberCount == 1)
    #expect(counter.engine.subscriberCount == 1)
    counter.send(.increment)
    #expect(tracked.withLock { $0 })
    let counts = counter.states(\.count)
    counter.send(.increment)
    var iterator = counts.makeAsyncIterator()
    #expect(await iterator.next() == 3)
  }
}
