import EffectStore
import ReduxTesting
import Testing

struct Todo: Identifiable, Equatable, Sendable {
  let id: Int
  var title: String
  var isDone = false
}

enum TodoAction: Equatable, Sendable {
  case toggle
  case rename(String)
  case delegate(Delegate)

  enum Delegate: Equatable, Sendable { case deleteMe }
}

struct TodoFeature: Reducer {
  func reduce(into todo: inout Todo, action: TodoAction) -> Effect<TodoAction> {
    switch action {
    case .toggle: todo.isDone.toggle()
    case .rename(let title): todo.title = title
    case .delegate: break
    }
    return .none
  }
}

struct AppState: Equatable, Sendable {
  var counter = CounterState()
  var todos: IdentifiedArrayOf<Todo> = []
  var events: [String] = []
}

enum AppAction: Equatable, Sendable {
  case counter(CounterAction)
  case todo(id: Int, action: TodoAction)
  case addTodo(String)
}

@MainActor let appReducer = CombineReducers<AppState, AppAction> {
  Scope(state: \AppState.counter, action: AppAction.counter) {
    if case .counter(let action) = $0 { action } else { nil }
  } child: {
    Counter()
  }
  ForEachElement(\AppState.todos, action: AppAction.todo) {
    if case .todo(let id, let action) = $0 { (id, action) } else { nil }
  } child: {
    TodoFeature()
  }
  Reduce<AppState, AppAction> { state, action in
    switch action {
    case .counter(.increment):
      state.events.append("counter incremented")
    case .todo(let id, .delegate(.deleteMe)):
      state.todos.remove(id: id)
    case .addTodo(let title):
      state.todos.append(Todo(id: (state.todos.last?.id ?? 0) + 1, title: title))
    default:
      break
    }
    return .none
  }
}

@MainActor
@Suite struct CompositionTests {
  @Test func scopeRunsTheChildReducerAndParentsSeeTheActionAfter() async {
    let store = FeatureTestStore(initialState: AppState(), reducer: appReducer)
    await store.send(.counter(.increment)) {
      $0.counter.count = 1
      $0.events = ["counter incremented"]
    }
    await store.send(.counter(.incrementTwiceLater))
    await store.receive(.counter(.increment)) {
      $0.counter.count = 2
      $0.events.append("counter incremented")
    }
    await store.receive(.counter(.increment)) {
      $0.counter.count = 3
      $0.events.append("counter incremented")
    }
    await store.finish()
  }

  @Test func forEachElementRunsTheElementReducerAndHandlesDelegates() async {
    let store = FeatureTestStore(initialState: AppState(), reducer: appReducer)
    await store.send(.addTodo("Write")) { $0.todos = [Todo(id: 1, title: "Write")] }
    await store.send(.addTodo("Ship")) { $0.todos.append(Todo(id: 2, title: "Ship")) }
    await store.send(.todo(id: 2, action: .toggle)) { $0.todos[id: 2]?.isDone = true }
    await store.send(.todo(id: 1, action: .delegate(.deleteMe))) { $0.todos.remove(id: 1) }
    // Gone: reported, as TCA reports it (in a test, a failure), and changes nothing.
    await withKnownIssue {
      await store.send(.todo(id: 1, action: .toggle))
    } matching: {
      $0.description.contains("an element that is not in its collection: toggle, for element 1")
    }
    await store.finish()
  }

  @Test func childStoresFollowTheirPartAndSendThroughTheParent() async {
    let store = FeatureStore(initialState: AppState(), reducer: appReducer)
    let counter = store.scope(state: \.counter, action: AppAction.counter)
    let counts = Log<Int>()
    let token = counter.subscribe(\.count) { counts.append($0) }
    counter.send(.increment)
    await counter.send(.incrementTwiceLater).finish()
    store.send(.addTodo("unrelated"))
    #expect(counter.state.count == 3)
    #expect(counts.entries == [1, 2, 3])
    #expect(store.state.events.count == 3)
    _ = token
  }

  @Test func childStoresForEachElement() {
    let store = FeatureStore(
      initialState: AppState(todos: [Todo(id: 1, title: "Write"), Todo(id: 2, title: "Ship")]),
      reducer: appReducer)
    let rows = store.scope(forEach: \.todos, action: AppAction.todo)
    #expect(rows.map(\.state.title) == ["Write", "Ship"])
    rows[1].send(.rename("Ship it"))
    rows[0].send(.toggle)
    #expect(rows[1].state.title == "Ship it")
    #expect(rows[0].state.isDone)
    #expect(store.state.todos[id: 2]?.title == "Ship it")
  }

  @Test func aChildStoreKeepsItsParentAliveAndStopsFollowingWhenReleased() {
    var store: FeatureStore<AppState, AppAction>? = FeatureStore(
      initialState: AppState(), reducer: appReducer)
    weak let weakStore = store
    var counter: ScopedStore<CounterState, CounterAction>? = store?.scope(
      state: \.counter, action: AppAction.counter)
    store = nil
    #expect(weakStore != nil)
    counter?.send(.increment)
    #expect(counter?.state.count == 1)
    counter = nil
    #expect(weakStore == nil)
  }

  @Test func elementChildrenAndGrandchildrenFreeTheirParentWhenReleased() {
    var store: FeatureStore<AppState, AppAction>? = FeatureStore(
      initialState: AppState(todos: [Todo(id: 1, title: "Write")]), reducer: appReducer)
    weak let weakStore = store
    var rows = store?.scope(forEach: \.todos, action: AppAction.todo)
    var counter = store?.scope(state: \.counter, action: AppAction.counter)
    store = nil
    rows?[0].send(.toggle)
    counter?.send(.increment)
    #expect(weakStore?.state.todos[id: 1]?.isDone == true)
    #expect(weakStore?.state.counter.count == 1)
    rows = nil
    #expect(weakStore != nil)  // the counter child still holds it
    counter = nil
    #expect(weakStore == nil)
  }

  /// A child state behind a computed property has no fixed offset: `Scope` applies the key path.
  @Test func scopeThroughAComputedProperty() async {
    struct Boxed: Equatable {
      var storage = [CounterState()]
      var first: CounterState {
        get { storage[0] }
        set { storage[0] = newValue }
      }
    }
    #expect(MemoryLayout<Boxed>.offset(of: \Boxed.first) == nil)
    let reducer = Scope<Boxed, CounterAction, Counter>(
      state: \.first, extract: { $0 }, embed: { $0 }, child: Counter())
    let store = FeatureTestStore(initialState: Boxed(), reducer: reducer)
    await store.send(.add(3)) { $0.storage[0].count = 3 }
    await store.finish()
  }

  @Test func scopeWithExplicitExtraction() async {
    let reducer = Scope<AppState, AppAction, Counter>(
      state: \.counter,
      extract: { if case .counter(let action) = $0 { action } else { nil } },
      embed: AppAction.counter,
      child: Counter())
    let store = FeatureTestStore(initialState: AppState(), reducer: reducer)
    await store.send(.counter(.add(4))) { $0.counter.count = 4 }
    await store.send(.addTodo("ignored by this reducer"))
    await store.finish()
  }
}

@MainActor
@Suite struct ActionPlanTests {
  @Test func aPlanOfActionsRunsInOrderBeforeRunReturns() {
    let store = FeatureStore(initialState: CounterState(), reducer: Counter())
    let seen = Log<Int>()
    let token = store.subscribe(\.count) { seen.append($0) }
    let plan = ActionPlan<CounterAction>(
      "warm up", steps: [.send(.increment), .send(.add(10)), .send(.increment)])
    let task = store.run(plan)
    #expect(!task.hasWork)
    #expect(seen.entries == [1, 11, 12])
    _ = token
  }

  @Test func aPlanWaitsForEachAsyncStep() async {
    let store = FeatureStore(initialState: CounterState(), reducer: Counter())
    let plan = ActionPlan<CounterAction>(
      "fetch then count",
      steps: [
        .send(.fetch(5)),
        .run { send in await send(.add(100)) },
        .send(.fetched(6)),
      ])
    await store.run(plan).finish()
    #expect(store.state.log == ["fetch 5", "fetched 5", "fetched 6"])
    #expect(store.state.count == 100)
  }
}
