import ClassStore
import EffectStore
import Foundation
import FunctionalStore
import ReduxCore
import ReduxDevTools
import Testing

@MainActor
@Suite struct SessionRecordingTests {
  @Test func aRecordingReplaysIntoAFreshStoreStepByStep() throws {
    let file = try makeTestFolder().appendingPathComponent("session.jsonl")
    let store = createStore(reducer: editorReducer, initialState: Editor())
    let recorder = try SessionRecorder(recording: store, to: file, label: "editor")
    store.dispatch(.type("h"))
    store.dispatch(.addWord("hello"))
    store.dispatch(.select(2))
    try recorder.finish()

    let recording = try SessionRecording(contentsOf: file)
    #expect(recording.label == "editor" && recording.style == "functional")
    #expect(recording.steps.map(\.action) == [#"type("h")"#, #"addWord("hello")"#, "select(2)"])
    #expect(
      recording.steps.map(\.changes) == [
        [#"title: "" -> "h""#], [#"words[0]: added "hello""#], ["selection: 0 -> 2"],
      ])
    let copy = createStore(reducer: editorReducer, initialState: Editor())
    try recording.replay(into: copy, as: EditorAction.self)
    #expect(copy.state == store.state)
  }

  @Test func aReplayStopsAtTheStepAsked() throws {
    let file = try makeTestFolder().appendingPathComponent("session.jsonl")
    let store = createStore(reducer: editorReducer, initialState: Editor())
    let recorder = try SessionRecorder(recording: store, to: file)
    for word in ["a", "b", "c"] { store.dispatch(.addWord(word)) }
    try recorder.finish()
    let copy = createStore(reducer: editorReducer, initialState: Editor())
    try SessionRecording(contentsOf: file).replay(into: copy, as: EditorAction.self, through: 2)
    #expect(copy.words == ["a", "b"])
  }

  @Test func aReplayThatEndsElsewhereNamesTheStepAndWhatDiffers() throws {
    let file = try makeTestFolder().appendingPathComponent("session.jsonl")
    let store = createStore(reducer: editorReducer, initialState: Editor())
    let recorder = try SessionRecorder(recording: store, to: file)
    store.dispatch(.addWord("a"))
    store.dispatch(.select(4))
    try recorder.finish()

    let changedReducer = ReduxReducer<Editor, EditorAction> { state, action in
      applyEditorAction(action, to: &state)
      if case .select = action { state.selection += 1 }
    }
    let copy = createStore(reducer: changedReducer, initialState: Editor())
    #expect(
      throws: RecordingError.stateDiffers(
        step: 2, action: "select(4)", changes: [StateChange(path: "selection", old: "4", new: "5")])
    ) {
      try SessionRecording(contentsOf: file).replay(into: copy, as: EditorAction.self)
    }
  }

  @Test func recordingsHoldNoRedactedValueAndTheFileIsPrivate() throws {
    let file = try makeTestFolder().appendingPathComponent("session.jsonl")
    let store = createStore(reducer: sessionReducer, initialState: Session())
    let recorder = try SessionRecorder(recording: store, to: file)
    store.dispatch(.signIn(user: "ada", token: Redacted(wrappedValue: "s3cr3t")))
    try recorder.finish()
    let text = try String(contentsOf: file, encoding: .utf8)
    #expect(!text.contains("s3cr3t"))
    #expect(text.contains(#""token":"<redacted>""#))
    let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
    #expect(mode == 0o600)
    #expect(store.state.token == "s3cr3t")  // the store keeps the real value
  }

  @Test func aSymbolicLinkInTheFilesPlaceIsRefused() throws {
    let folder = try makeTestFolder()
    let file = folder.appendingPathComponent("session.jsonl")
    let target = folder.appendingPathComponent("elsewhere")
    try FileManager.default.createSymbolicLink(at: file, withDestinationURL: target)
    let store = createStore(reducer: editorReducer, initialState: Editor())
    #expect {
      _ = try SessionRecorder(recording: store, to: file)
    } throws: { error in
      "\(error)".contains("symbolic link") && "\(error)".contains(file.path)
    }
    #expect(!FileManager.default.fileExists(atPath: target.path))
  }

  @Test func theFileStopsAtItsSizeLimitAndSaysSo() throws {
    let file = try makeTestFolder().appendingPathComponent("session.jsonl")
    let store = createStore(reducer: editorReducer, initialState: Editor())
    let recorder = try SessionRecorder(recording: store, to: file, maximumBytes: 2_000)
    for index in 0..<100 { store.dispatch(.addWord("word \(index)")) }
    try recorder.finish()
    let size = try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int ?? 0
    #expect(size <= 2_100)
    let recording = try SessionRecording(contentsOf: file)
    #expect(recording.isTruncated)
    #expect(recording.steps.count < 100 && recording.steps.count > 0)
  }

  @Test func theClassBasedStyleRecordsEachCommitByItsName() throws {
    let file = try makeTestFolder().appendingPathComponent("session.jsonl")
    let store = EditorStore(state: Editor())
    let recorder = try SessionRecorder(recording: store, to: file)
    store.type("a")
    store.addWord("b")
    try recorder.finish()
    let recording = try SessionRecording(contentsOf: file)
    #expect(recording.style == "class-based")
    #expect(recording.steps.map(\.action) == ["type", "addWord"])
  }

  @Test func theReducerEffectStyleReplays() throws {
    let file = try makeTestFolder().appendingPathComponent("session.jsonl")
    let store = FeatureStore(initialState: Editor(), reducer: EditorFeature(saves: EffectCount()))
    let recorder = try SessionRecorder(recording: store, to: file)
    store.send(.addWord("a"))
    store.send(.type("b"))
    try recorder.finish()
    let copy = FeatureStore(initialState: Editor(), reducer: EditorFeature(saves: EffectCount()))
    try SessionRecording(contentsOf: file).replay(into: copy, as: EditorAction.self)
    #expect(copy.state == store.state)
  }

  @Test func aFileThatIsNotARecordingIsReportedWithItsLine() throws {
    let file = try makeTestFolder().appendingPathComponent("notes.jsonl")
    try Data("{\"hello\": 1}\n".utf8).write(to: file)
    #expect {
      _ = try SessionRecording(contentsOf: file)
    } throws: { error in
      "\(error)".contains("is not a recording") && "\(error)".contains("line 1")
    }
  }
}

/// A feature whose count is a shared value, recorded: the step names the shared write, and the
/// recorded state holds the value.
private struct SharedTally: Reducer {
  struct State: Equatable, Sendable, Codable {
    @Shared(.inMemory("recorded-tally")) var count = 0
  }
  enum Action: Equatable, Sendable, Codable { case increment }
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.$count.withLock { $0 += 1 }
    return .none
  }
}

@MainActor
@Test func aRecordingShowsASharedWrite() throws {
  let file = try makeTestFolder().appendingPathComponent("session.jsonl")
  let store = FeatureStore(initialState: SharedTally.State(), reducer: SharedTally())
  let recorder = try SessionRecorder(recording: store, to: file)
  store.send(.increment)
  try recorder.finish()
  let recording = try SessionRecording(contentsOf: file)
  #expect(recording.steps.map(\.changes) == [[#"shared .inMemory("recorded-tally"): 0 -> 1"#]])
}
