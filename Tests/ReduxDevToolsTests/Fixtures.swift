import ClassStore
import EffectStore
import Foundation
import FunctionalStore
import ReduxCore
import ReduxDevTools

/// An editor's state: a document that undo covers, and a selection it does not.
struct Editor: Equatable, Codable, Sendable {
  var title = ""
  var words: [String] = []
  var selection = 0
}

enum EditorAction: Equatable, Codable, Sendable {
  case type(Character)
  case addWord(String)
  case select(Int)
  case save

  var groupKey: String? {
    if case .type = self { "typing" } else { nil }
  }
  var isSelection: Bool {
    if case .select = self { true } else { false }
  }
}

/// A typed character is recorded as a one-character string.
extension Character: @retroactive Codable {
  /// Reads the one-character string.
  public init(from decoder: any Decoder) throws {
    self = try Character(decoder.singleValueContainer().decode(String.self))
  }
  /// Writes a one-character string.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(String(self))
  }
}

let editorReducer = ReduxReducer<Editor, EditorAction> { state, action in
  applyEditorAction(action, to: &state)
}

func applyEditorAction(_ action: EditorAction, to state: inout Editor) {
  switch action {
  case .type(let character): state.title.append(character)
  case .addWord(let word): state.words.append(word)
  case .select(let index): state.selection = index
  case .save: break
  }
}

/// The class-based editor: one method per action, each a commit.
final class EditorStore: CommitStore<Editor> {
  func type(_ character: Character) { commit("type") { $0.title.append(character) } }
  func addWord(_ word: String) { commit("addWord") { $0.words.append(word) } }
  func select(_ index: Int) { commit("select") { $0.selection = index } }
  /// A payload commit: the store reuses one payload object for consecutive commits unless
  /// something (a history, the live inspector) keeps them.
  func append(_ word: String) { commit(mutation: Self.append, payload: word) }
  private static func append(_ state: inout Editor, _ word: String) { state.words.append(word) }
}

/// The reducer/effect editor: saving starts an effect, counted by `saves`.
struct EditorFeature: Reducer {
  let saves: EffectCount

  func reduce(into state: inout Editor, action: EditorAction) -> Effect<EditorAction> {
    applyEditorAction(action, to: &state)
    guard action == .save else { return .none }
    let saves = saves
    return .run { _ in await saves.increment() }
  }
}

/// Counts from async work.
@MainActor final class EffectCount: Sendable {
  private(set) var value = 0
  func increment() { value += 1 }
}

/// A folder of its own for one test's files, removed by the system's cleaning of temporary
/// files.
func makeTestFolder() throws -> URL {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
    "ReduxDevToolsTests-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  return folder
}

/// A signed-in session: the token is never written in the clear.
struct Session: Equatable, Codable, Sendable {
  var user = ""
  @Redacted var token = ""
}

enum SessionAction: Equatable, Codable, Sendable {
  case signIn(user: String, token: Redacted<String>)
  case signOut
}

let sessionReducer = ReduxReducer<Session, SessionAction> { state, action in
  switch action {
  case .signIn(let user, let token):
    state.user = user
    state.token = token.wrappedValue
  case .signOut: state = Session()
  }
}
