import EffectStore
import Foundation
import Testing

// The sample of Docs/ComingFromSwiftDux.md, compiled and run.

private struct TodoItem: Identifiable, Equatable, Sendable {
  var id: String
  var text: String
}

private struct AppState: Equatable, Sendable {
  var todos: IdentifiedArrayOf<TodoItem> = []
}

private enum TodoAction: Equatable, Sendable {
  case addTodo(text: String)
  case removeTodos(at: IndexSet)
  case moveTodos(from: IndexSet, to: Int)
}

private struct TodosReducer: Reducer {
  func reduce(into state: inout AppState, action: TodoAction) -> Effect<TodoAction> {
    switch action {
    case .addTodo(let text): state.todos.append(TodoItem(id: UUID().uuidString, text: text))
    case .removeTodos(let offsets): state.todos.remove(atOffsets: offsets)
    case .moveTodos(let offsets, let index): state.todos.move(fromOffsets: offsets, toOffset: index)
    }
    return .none
  }
}

private let addStarterTodos = ActionPlan<TodoAction>(
  "add starter todos",
  steps: [
    .send(.addTodo(text: "Get milk")),
    .send(.addTodo(text: "Write docs")),
  ])

@MainActor private func startTodoList() async -> [String] {
  let store = FeatureStore(initialState: AppState(), reducer: TodosReducer())
  await store.run(addStarterTodos).finish()
  store.send(.moveTodos(from: [1], to: 0))
  return store.todos.map(\.text)  // ["Write docs", "Get milk"]
}

@MainActor
@Suite struct ComingFromSwiftDuxExamples {
  @Test func thePlanAddsTheTodosInOrderAndAMoveReordersThem() async {
    #expect(await startTodoList() == ["Write docs", "Get milk"])
  }

  @Test func removingByOffsets() async {
    let store = FeatureStore(initialState: AppState(), reducer: TodosReducer())
    await store.run(addStarterTodos).finish()
    store.send(.removeTodos(at: [0]))
    #expect(store.todos.map(\.text) == ["Write docs"])
  }
}
