import EffectStore
import Foundation
import ReduxTesting
import Testing

// The samples of Docs/ComingFromTCA.md: TCA's Todos example, its feature and its tests, written
// for the reducer/effect style, compiled and run here.

/// In a namespace of its own: the test target has a `Todo` of its own.
enum TCATodosExample {
  enum Filter: Equatable, Sendable { case all, active, completed }

  struct Todo: Identifiable, Equatable, Sendable {
    let id: Int
    var description = ""
    var isComplete = false
  }

  enum TodoAction: Equatable, Sendable {
    case descriptionChanged(String)
    case toggleCompleted
  }

  struct TodoFeature: Reducer {
    func reduce(into todo: inout Todo, action: TodoAction) -> Effect<TodoAction> {
      switch action {
      case .descriptionChanged(let text): todo.description = text
      case .toggleCompleted: todo.isComplete.toggle()
      }
      return .none
    }
  }

  struct TodosState: Equatable, Sendable {
    var filter = Filter.all
    var todos: IdentifiedArrayOf<Todo> = []
    var nextID = 0

    var filteredTodos: IdentifiedArrayOf<Todo> {
      switch filter {
      case .all: todos
      case .active: todos.filter { !$0.isComplete }
      case .completed: todos.filter(\.isComplete)
      }
    }
  }

  enum TodosAction: Equatable, Sendable {
    case addTodoButtonTapped
    case clearCompletedButtonTapped
    case delete(IndexSet)
    case filterPicked(Filter)
    case sortCompletedTodos
    case todo(id: Int, action: TodoAction)
  }

  enum TodosCancelID: Hashable, Sendable { case completion }

  struct Todos: Reducer {
    let clock: any Clock<Duration>

    var body: some Reducer<TodosState, TodosAction> {
      ForEachElement(\.todos, action: TodosAction.todo) {
        if case .todo(let id, let action) = $0 { (id, action) } else { nil }
      } child: {
        TodoFeature()
      }
      Reduce { state, action in
        switch action {
        case .addTodoButtonTapped:
          state.todos.insert(Todo(id: state.nextID), at: 0)
          state.nextID += 1
          return .none
        case .clearCompletedButtonTapped:
          state.todos.removeAll(where: \.isComplete)
          return .none
        case .delete(let offsets):
          for id in offsets.map({ state.filteredTodos[$0].id }) { state.todos.remove(id: id) }
          return .none
        case .filterPicked(let filter):
          state.filter = filter
          return .none
        case .sortCompletedTodos:
          state.todos.sort { !$0.isComplete && $1.isComplete }
          return .none
        case .todo(_, .toggleCompleted):
          return .run { [clock] send in
            try await clock.sleep(for: .seconds(1))
            await send(.sortCompletedTodos)
          }
          .cancellable(id: TodosCancelID.completion, cancelInFlight: true)
        case .todo:
          return .none
        }
      }
    }
  }
}

extension TCATodosExample {
  @MainActor
  @Suite struct ComingFromTCAExamples {
    @Test func addTodo() async {
      let store = FeatureTestStore(initialState: TodosState()) { Todos(clock: TestClock()) }
      await store.send(.addTodoButtonTapped) {
        $0.todos.insert(Todo(id: 0), at: 0)
        $0.nextID = 1
      }
      await store.send(.todo(id: 0, action: .descriptionChanged("Milk"))) {
        $0.todos[id: 0]?.description = "Milk"
      }
    }

    @MainActor @Test func completeTodo() async {
      let clock = TestClock()
      let state = TodosState(todos: [Todo(id: 0, description: "Milk"), Todo(id: 1, description: "Eggs")])
      let store = FeatureTestStore(initialState: state) { Todos(clock: clock) }
      await store.send(.todo(id: 0, action: .toggleCompleted)) { $0.todos[id: 0]?.isComplete = true }
      await clock.advance(by: .seconds(1))
      await store.receive(.sortCompletedTodos) {
        $0.todos = [$0.todos[1], $0.todos[0]]
      }
    }

    @MainActor @Test func completeTodoDebounces() async {
      let clock = TestClock()
      let state = TodosState(todos: [Todo(id: 0, description: "Milk"), Todo(id: 1, description: "Eggs")])
      let store = FeatureTestStore(initialState: state) { Todos(clock: clock) }
      await store.send(.todo(id: 0, action: .toggleCompleted)) { $0.todos[id: 0]?.isComplete = true }
      await clock.advance(by: .milliseconds(500))
      await store.send(.todo(id: 0, action: .toggleCompleted)) { $0.todos[id: 0]?.isComplete = false }
      await clock.advance(by: .seconds(1))
      await store.receive(.sortCompletedTodos)
    }

    @Test func clearCompleted() async {
      let state = TodosState(todos: [Todo(id: 0), Todo(id: 1, isComplete: true)])
      let store = FeatureTestStore(initialState: state) { Todos(clock: TestClock()) }
      await store.send(.clearCompletedButtonTapped) { $0.todos = [Todo(id: 0)] }
    }

    @Test func deleteWhileFiltered() async {
      let state = TodosState(
        filter: .completed,
        todos: [Todo(id: 0), Todo(id: 1, isComplete: true), Todo(id: 2, isComplete: true)])
      let store = FeatureTestStore(initialState: state) { Todos(clock: TestClock()) }
      await store.send(.delete([1])) { $0.todos.remove(id: 2) }
    }
  }
}
