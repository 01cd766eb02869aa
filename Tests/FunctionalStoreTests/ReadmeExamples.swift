import FunctionalStore
import Testing

// The samples of Packages/FunctionalStore/README.md, compiled and run. `.ci/check-doc-samples`
// keeps them in step with the page. (The counter's action and reducer are in Fixtures.swift.)

struct Todo: Equatable, Sendable {
  var title: String
  var isDone = false
}

enum Filter: Sendable { case all, open, done }

struct TodoState: Equatable, Sendable {
  var todos: [Todo] = []
  var filter = Filter.all
}

enum TodoAction: Sendable {
  case add(String)
  case toggle(Int)
  case show(Filter)
}

let todosReducer = ReduxReducer<[Todo], TodoAction> { todos, action in
  switch action {
  case .add(let title): todos.append(Todo(title: title))
  case .toggle(let index): todos[index].isDone.toggle()
  case .show: break
  }
}

let filterReducer = ReduxReducer<Filter, TodoAction> { filter, action in
  if case .show(let newFilter) = action { filter = newFilter }
}

let todoReducer = combineReducers(
  .slice(\TodoState.todos, todosReducer),
  .slice(\TodoState.filter, filterReducer)
)

let logger = Middleware<TodoState, TodoAction> { context, action, next in
  print("dispatching", action)
  next(action)
  print("next state has", context.state.todos.count, "todos")
}

struct TodoAPI: Sendable {
  func fetchTitles() async -> [String] { ["Buy milk", "Write docs"] }
}

func loadTodos() -> AsyncThunkWithExtra<TodoState, TodoAction, TodoAPI, Int> {
  AsyncThunkWithExtra { dispatch, getState, api in
    for title in await api.fetchTitles() {
      dispatch(.add(title))
    }
    return getState().todos.count
  }
}

@MainActor
@Suite struct FunctionalStoreReadmeExamples {
  @Test func counter() {
    let store = createStore(reducer: counterReducer, initialState: 0)
    let unsubscribe = store.listen { [unowned store] in print("count:", store.getState()) }
    store.dispatch(.increment)
    store.dispatch(.add(10))
    unsubscribe()
    #expect(store.getState() == 11)
  }

  @Test func todosLoggingThunkAndSliceListener() async {
    let todoStore = createStore(
      reducer: todoReducer,
      initialState: TodoState(),
      enhancer: applyMiddleware(logger)
    )
    let apiStore = createStore(reducer: todoReducer, initialState: TodoState(), extraArgument: TodoAPI())
    let loaded = await apiStore.dispatch(loadTodos())
    #expect(loaded == 2)

    let calls = Log<Int>()
    let countCalls = todoStore.listen(to: \.todos) { _ in calls.append(1) }
    let stopWatchingTodos = todoStore.listen(to: \.todos) { todos in
      print(todos.filter { !$0.isDone }.count, "open")
    }
    todoStore.dispatch(.show(.done))  // the todos did not change: not called
    todoStore.dispatch(.add("Ship it"))  // called with the new list
    stopWatchingTodos()
    countCalls()
    todoStore.dispatch(.toggle(0))
    #expect(calls.entries.count == 1)
    #expect(todoStore.getState() == TodoState(todos: [Todo(title: "Ship it", isDone: true)], filter: .done))
  }
}
