import FunctionalStore
import ReduxTesting
import Testing

// The samples of Packages/FunctionalStore/README.md's "Slice-first" section, compiled and run.

struct Todo: Identifiable, Equatable, Sendable {
  var id: Int
  var title: String
  var isDone = false
}

enum Visibility: Sendable {
  case all, open, done
}

struct TodosState: Equatable, Sendable {
  var items = EntityState<Todo>()
  var nextID = 1
  var isLoading = false
  var failure: String?
}

struct TodoAppState: Equatable, Sendable {
  var todos = TodosState()
  var visibility = Visibility.all
}

struct TodoServer: Sendable {
  var todos: @Sendable (Visibility) async throws -> [Todo]
}

let todoServer = TodoServer { _ in [Todo(id: 7, title: "Water the plants")] }
let todoAdapter = EntityAdapter<Todo>()

let fetchTodos = createAsyncThunk(
  "todos/fetch", state: TodoAppState.self, condition: { _, state in !state.todos.isLoading }
) { (visibility: Visibility, _) in
  try await todoServer.todos(visibility)
}

enum Todos {
  static let slice = StateSlice<TodosState>(name: "todos") { extra in
    extra.addCase(fetchTodos.pending) { state, _ in state.isLoading = true }
    extra.addCase(fetchTodos.fulfilled) { state, done in
      state.isLoading = false
      todoAdapter.setAll(&state.items, done.value)
    }
    extra.addCase(fetchTodos.rejected) { state, failure in
      state.isLoading = false
      if !failure.wasCancelled { state.failure = "\(failure.error)" }
    }
  }
  static let added = slice.caseReducer("added") { (state, title: String) in
    todoAdapter.addOne(&state.items, Todo(id: state.nextID, title: title))
    state.nextID += 1
  }
  static let toggled = slice.caseReducer("toggled") { (state, id: Int) in
    todoAdapter.updateOne(&state.items, id: id) { $0.isDone.toggle() }
  }
  static let clearedDone = slice.caseReducer("clearedDone") { state in
    todoAdapter.removeMany(&state.items, ids: state.items.all.filter(\.isDone).map(\.id))
  }
  static let loaded = slice.caseReducer("loaded") { (state, todos: [Todo]) in
    todoAdapter.setAll(&state.items, todos)
  }
}

enum Filter {
  static let slice = StateSlice<Visibility>(name: "filter")
  static let shown = slice.caseReducer("shown") { (visibility, shown: Visibility) in visibility = shown }
}

let todoAppReducer = combineReducers(
  .slice(\TodoAppState.todos, Todos.slice),
  .slice(\TodoAppState.visibility, Filter.slice))

@MainActor
@Suite struct SliceGuideExamples {
  @Test func aTodoAppWrittenSliceFirst() async throws {
    let todoApp = createStore(reducer: todoAppReducer, initialState: TodoAppState())
    todoApp.dispatch(Todos.added("Buy milk"))
    todoApp.dispatch(Todos.added("Walk the dog"))
    todoApp.dispatch(Todos.toggled(1))
    todoApp.dispatch(Todos.clearedDone())
    print(todoApp.getState().todos.items.all.map(\.title))  // ["Walk the dog"]
    print(Todos.toggled(1))  // todos/toggled(1)
    #expect(todoApp.getState().todos.items.all.map(\.title) == ["Walk the dog"])
    #expect("\(Todos.toggled(1))" == "todos/toggled(1)")

    let request = todoApp.dispatch(fetchTodos(.all))
    print(todoApp.getState().todos.isLoading)  // true: `pending` is in
    let fetched = try await request.value  // `fulfilled` is in
    print(fetched.map(\.title), todoApp.getState().todos.isLoading)  // ["Water the plants"] false
    #expect(fetched.map(\.title) == ["Water the plants"])
    #expect(todoApp.getState().todos.items.all.map(\.title) == ["Water the plants"])
    #expect(!todoApp.getState().todos.isLoading)
  }

  @Test func theFilterPlanRequeriesOnceTheFilterRests() async {
    let listeners = ListenerMiddleware<TodoAppState, PayloadAction>()
    listeners.startListening(for: Filter.shown, mode: .debounce(for: .milliseconds(300))) { visibility, api in
      let todos = try await todoServer.todos(visibility)
      api.dispatch(Todos.loaded(todos))
    }
    let filtered = createStore(
      reducer: todoAppReducer, initialState: TodoAppState(), enhancer: applyMiddleware(listeners.middleware))
    filtered.dispatch(Filter.shown(.open))
    filtered.dispatch(Filter.shown(.done))  // the first is cancelled while it waits
    // The sample's clock is the continuous one: 300 ms of real time, then the query.
    for _ in 0..<500 where filtered.getState().todos.items.count == 0 {
      try? await Task.sleep(for: .milliseconds(10))
    }
    #expect(filtered.getState().visibility == .done)
    #expect(filtered.getState().todos.items.all.map(\.title) == ["Water the plants"])
  }
}
