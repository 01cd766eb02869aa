import FunctionalStore
import Testing

// The sample of Docs/ComingFromReduxSwift.md, compiled and run.

private struct AppState: Equatable, Sendable {
  struct Todo: Equatable, Sendable {
    let text: String
    var done: Bool
  }

  var todos: [Todo] = []
}

private enum TodoAction: Equatable, Sendable {
  case addTodo(text: String)
  case doTodo(id: Int)
  case cleanDone
}

private let reducer = ReduxReducer<AppState, TodoAction> { state, action in
  switch action {
  case .addTodo(let text): state.todos.append(AppState.Todo(text: text, done: false))
  case .doTodo(let id): state.todos[id].done = true
  case .cleanDone: state.todos.removeAll { $0.done }
  }
}

@MainActor private func writeSomeSwift() -> (todos: [String], changes: Int) {
  let store = createStore(reducer: reducer, initialState: AppState())
  var changes = 0
  let subscription = store.subscribe { _ in changes += 1 }
  store.dispatch(.addTodo(text: "Code some Swift!"))
  store.dispatch(.addTodo(text: "Code more Swift!"))
  store.dispatch(.doTodo(id: 0))
  store.dispatch(Thunk<AppState, TodoAction, Void> { dispatch, _ in dispatch(.cleanDone) })
  subscription.cancel()
  return (store.state.todos.map(\.text), changes)  // (["Code more Swift!"], 4)
}

@MainActor
@Suite struct ComingFromReduxSwiftExamples {
  @Test func theTodoListEndsWithTheOpenTodoAndTheSubscriberSawEveryChange() {
    let (todos, changes) = writeSomeSwift()
    #expect(todos == ["Code more Swift!"])
    #expect(changes == 4)
  }
}
