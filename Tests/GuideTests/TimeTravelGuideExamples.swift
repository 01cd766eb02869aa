import Foundation
import FunctionalStore
import Logging
import ReduxDevTools
import Testing

/// The samples of Docs/TimeTravel.md, compiled and run, with the declarations the page shows
/// under "Where".
@MainActor
@Suite struct TimeTravelGuideExamples {
  struct Editor: Equatable, Codable, Sendable {
    var title = ""
    var words: [String] = []
    var selection = 0
  }

  enum EditorAction: Equatable, Codable, Sendable {
    case type(String)
    case addWord(String)
    case select(Int)

    /// Typing into the title is one step of the history, however many keys it takes.
    var typingGroup: String? {
      if case .type = self { "title" } else { nil }
    }
    /// Moving the selection changes the state, but is not worth an undo step.
    var isSelection: Bool {
      if case .select = self { true } else { false }
    }
  }

  let editorReducer = ReduxReducer<Editor, EditorAction> { state, action in
    switch action {
    case .type(let text): state.title += text
    case .addWord(let word): state.words.append(word)
    case .select(let index): state.selection = index
    }
  }

  @Test func undoAndRedo() {
    let store = createStore(reducer: editorReducer, initialState: Editor())
    let history = StoreHistory(
      of: store, limit: 100, ignoring: { $0.isSelection }, groupingBy: { $0.typingGroup })
    store.dispatch(.type("H"))
    store.dispatch(.type("i"))
    store.dispatch(.addWord("hello"))
    history.undo()  // words == [], title == "Hi"
    history.undo()  // title == "": the typing was one step
    history.redo()  // title == "Hi"
    #expect(store.words == [] && store.title == "Hi")
    #expect(history.currentStep == 1 && history.stepCount == 3 && history.canRedo)
  }

  @Test func onePart() {
    let store = createStore(reducer: editorReducer, initialState: Editor())
    let wordsHistory = StoreHistory(of: store, part: \.words)
    store.dispatch(.addWord("one"))
    store.dispatch(.select(3))
    wordsHistory.undo()  // words == [], selection stays 3
    #expect(store.words == [] && store.selection == 3)
  }

  @Test func recordAndReplay() throws {
    let folder = try makeGuideFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = createStore(reducer: editorReducer, initialState: Editor())
    let recorder = try SessionRecorder(
      recording: store, to: folder.appendingPathComponent("session.jsonl"), label: "editor")
    store.dispatch(.addWord("hello"))
    store.dispatch(.type("!"))
    try recorder.finish()

    let recording = try SessionRecording(contentsOf: folder.appendingPathComponent("session.jsonl"))
    let replayed = createStore(reducer: editorReducer, initialState: Editor())
    try recording.replay(into: replayed, as: EditorAction.self)
    #expect(replayed.state == store.state)
  }

  @Test func inspect() throws {
    let folder = try makeGuideFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = createStore(reducer: editorReducer, initialState: Editor())
    let recorder = try SessionRecorder(recording: store, to: folder.appendingPathComponent("session.jsonl"))
    store.dispatch(.addWord("hello"))
    try recorder.finish()

    let recording = try SessionRecording(contentsOf: folder.appendingPathComponent("session.jsonl"))
    try InspectorPage(recording).write(to: folder.appendingPathComponent("session.html"))
    let page = try String(contentsOf: folder.appendingPathComponent("session.html"), encoding: .utf8)
    #expect(page.contains(#"addWord(\"hello\")"#))
  }

  @Test func liveInspector() {
    let store = createStore(reducer: editorReducer, initialState: Editor())
    #if DEBUG
      let inspector = LiveInspector(of: store, label: "editor")
    #endif
    store.dispatch(.addWord("hello"))
    // With no server running, the store goes on and the inspector waits for one.
    #expect(store.state.words == ["hello"])
    #if DEBUG
      _ = inspector
    #endif
  }

  @Test func liveInspectorAtAnAddress() {
    let store = createStore(reducer: editorReducer, initialState: Editor())
    let server = LiveInspectorServer.url(URL(string: "ws://192.168.1.20:8790/app?token=0123456789abcdef")!)
    let inspector = LiveInspector(of: store, server: server, label: "editor")
    inspector.disconnect()
    store.dispatch(.addWord("hello"))
    #expect(!inspector.isConnected)
  }

  @Test func diffLogging() {
    let store = createStore(
      reducer: editorReducer, initialState: Editor(),
      enhancer: applyMiddleware(.logging(label: "editor", including: { !$0.isSelection })))
    store.dispatch(.addWord("hello"))  // [editor] addWord("hello"): words[0]: added "hello"
    store.dispatch(.select(1))  // not logged
    #expect(store.words == ["hello"] && store.selection == 1)
  }

  /// The lines the sample above prints, as the page shows them.
  @Test func diffLoggingLines() {
    var lines: [String] = []
    let store = createStore(
      reducer: editorReducer, initialState: Editor(),
      enhancer: applyMiddleware(
        .logging(label: "editor", including: { !$0.isSelection }, log: { lines.append($0) })))
    store.dispatch(.addWord("hello"))
    store.dispatch(.select(1))
    #expect(lines == [#"[editor] addWord("hello"): words[0]: added "hello""#])
  }

  @Test func swiftLog() {
    let logger = Logger(label: "app.editor")
    let store = createStore(
      reducer: editorReducer, initialState: Editor(),
      enhancer: applyMiddleware(.logging(to: logger, level: .info, label: "editor")))
    store.dispatch(.addWord("hello"))  // info: addWord("hello"): words[0]: added "hello" [store: editor]
    #expect(store.words == ["hello"])
  }
}
