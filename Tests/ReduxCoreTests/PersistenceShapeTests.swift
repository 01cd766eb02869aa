import Foundation
import ReduxCore
import Testing

// A state whose shape changed between two versions of an app, with no new schema version.

struct TodoV1: Codable, Sendable, Equatable {
  var title: String
  var done: Bool
  var notes: String
}

struct TodoAdded: Codable, Sendable, Equatable {
  var title: String
  var done: Bool
  var notes: String
  var dueDate: Int
}

struct TodoRenamed: Codable, Sendable, Equatable {
  var name: String
  var done: Bool
  var notes: String
}

struct TodoRemoved: Codable, Sendable, Equatable {
  var title: String
  var done: Bool
}

struct TodoRetyped: Codable, Sendable, Equatable {
  var title: String
  var done: String
  var notes: String
}

struct TodoList<Todo: Codable & Sendable & Equatable>: Codable, Sendable, Equatable {
  var todos: [Todo]
}

/// Saves a version-1 list at `url`, as the app's previous release did.
func saveVersionOne(at url: URL) throws {
  let old = StatePersistence<TodoList<TodoV1>>(fileURL: url)
  try old.save(TodoList(todos: [TodoV1(title: "Buy milk", done: false, notes: "")]))
}

@Suite struct PersistenceShapeTests {
  @Test func aFieldAddedWithoutANewVersionNamesTheFieldAndTheFix() throws {
    let folder = try TemporaryFolder()
    let url = folder.file("todos.json")
    try saveVersionOne(at: url)
    let persistence = StatePersistence<TodoList<TodoAdded>>(fileURL: url)
    #expect {
      try persistence.load()
    } throws: { error in
      guard case .shapeChanged(_, 1, let kept, _) = error as? PersistenceError else { return false }
      let message = "\(error)"
      return message.contains("no field `dueDate` in `todos[0]`")
        && message.contains("Raise `schemaVersion` to 2")
        && message.contains("migrations: [.from(1, decoding: OldState.self)")
        && message.contains(kept.path)
        && FileManager.default.fileExists(atPath: kept.path)
    }
    #expect(!FileManager.default.fileExists(atPath: url.path))
  }

  @Test func aRenamedFieldNamesTheNewName() throws {
    let folder = try TemporaryFolder()
    let url = folder.file("todos.json")
    try saveVersionOne(at: url)
    let persistence = StatePersistence<TodoList<TodoRenamed>>(fileURL: url)
    #expect {
      try persistence.load()
    } throws: { error in
      "\(error)".contains("no field `name` in `todos[0]` (a field added or renamed")
        && "\(error)".contains("Raise `schemaVersion` to 2")
    }
  }

  @Test func aFieldWhoseTypeChangedIsNamed() throws {
    let folder = try TemporaryFolder()
    let url = folder.file("todos.json")
    try saveVersionOne(at: url)
    let persistence = StatePersistence<TodoList<TodoRetyped>>(fileURL: url)
    #expect {
      try persistence.load()
    } throws: { error in
      "\(error)".contains("the field `todos[0].done` is not a String")
        && "\(error)".contains("Raise `schemaVersion` to 2")
    }
  }

  /// A removed field is not an error: decoding leaves it out, and the next save drops it.
  @Test func aRemovedFieldIsIgnoredAndDroppedAtTheNextSave() async throws {
    let folder = try TemporaryFolder()
    let url = folder.file("todos.json")
    try saveVersionOne(at: url)
    let persistence = StatePersistence<TodoList<TodoRemoved>>(fileURL: url)
    #expect(try persistence.load() == TodoList(todos: [TodoRemoved(title: "Buy milk", done: false)]))
    try persistence.save(TodoList(todos: [TodoRemoved(title: "Buy milk", done: true)]))
    #expect(!(try String(contentsOf: url, encoding: .utf8)).contains("notes"))
  }

  @Test func theMigrationTheMessageNamesReadsTheOldFile() throws {
    let folder = try TemporaryFolder()
    let url = folder.file("todos.json")
    try saveVersionOne(at: url)
    let persistence = StatePersistence<TodoList<TodoAdded>>(
      fileURL: url, schemaVersion: 2,
      migrations: [
        .from(1, decoding: TodoList<TodoV1>.self) { old in
          TodoList(
            todos: old.todos.map { TodoAdded(title: $0.title, done: $0.done, notes: $0.notes, dueDate: 0) })
        }
      ])
    #expect(try persistence.load().todos.map(\.title) == ["Buy milk"])
  }
}

struct Session: Codable, Sendable, Equatable {
  var user = ""
  var isLoading = false
  var draftPassword = ""
}

enum SessionAction { case signIn(String, password: String) }

@MainActor
@Suite struct TransientFieldTests {
  @Test func aTransientFieldIsNotWrittenAndComesBackAsItsSavedValue() async throws {
    let folder = try TemporaryFolder()
    let url = folder.file("session.json")
    let persistence = StatePersistence<Session>(
      fileURL: url, transient: [.reset(\.isLoading, to: false), .reset(\.draftPassword, to: "")])
    let store = BareStore(Session(), middlewares: [persistence.middleware()]) {
      (state: inout Session, action: SessionAction) in
      if case .signIn(let user, let password) = action {
        state.user = user
        state.isLoading = true
        state.draftPassword = password
      }
    }
    store.dispatch(.signIn("ada", password: "s3cret"))
    try await persistence.flush()
    let file = try String(contentsOf: url, encoding: .utf8)
    #expect(!file.contains("s3cret"))
    #expect(store.state.isLoading)  // the store keeps its own value
    #expect(try persistence.load() == Session(user: "ada", isLoading: false, draftPassword: ""))
  }
}
