import EffectStore
import Foundation
import FunctionalStore
import ReduxCore
import ReduxDevTools
import Testing

/// What the devtools promise where a check against their docs found them wanting: the limit
/// after it is lowered with redo steps kept, a replay of a session whose effects and middlewares
/// sent actions, and a recording cut at its size limit.
@MainActor
@Suite struct TimeTravelPromisesTests {
  @Test func aLimitLoweredWhileRedoStepsExistAppliesToTheNextAction() {
    let store = createStore(reducer: editorReducer, initialState: Editor())
    let history = StoreHistory(of: store)
    store.dispatch(.addWord("a"))
    history.undo()
    history.limit = 0
    store.dispatch(.addWord("b"))
    #expect(history.stepCount == 1)
    #expect(!history.canUndo && !history.canRedo)
    #expect(store.words == ["b"])
    store.dispatch(.addWord("c"))
    #expect(history.stepCount == 1, "the limit keeps applying, not only to the first action")
  }

  @Test func aRedoPastALoweredLimitDropsTheOldestStep() {
    let store = createStore(reducer: editorReducer, initialState: Editor())
    let history = StoreHistory(of: store)
    for word in ["a", "b", "c"] { store.dispatch(.addWord(word)) }
    history.jump(to: 0)
    history.limit = 1
    #expect(history.stepCount == 4, "the redo steps stay")
    history.redo()
    history.redo()
    #expect(store.words == ["a", "b"])
    #expect(history.currentStep == 1, "no more than the limit before the step shown")
    #expect(history.stepCount == 3)
    history.undo()
    #expect(store.words == ["a"])
    #expect(!history.canUndo)
  }

  @Test func aReplayOfEffectsThatSendActionsGivesTheRecordedStates() async throws {
    let file = try makeTestFolder().appendingPathComponent("session.jsonl")
    let runs = EffectCount()
    let store = FeatureStore(initialState: Tally(), reducer: TallyFeature(runs: runs))
    let recorder = try SessionRecorder(recording: store, to: file)
    store.send(.addThenBump)
    await store.send(.fetch).finish()
    store.send(.addThenBump)
    try recorder.finish()
    #expect(store.state.value == 27)
    #expect(recorder.stepCount == 6, "the actions effects sent are steps of their own")

    let replayRuns = EffectCount()
    let copy = FeatureStore(initialState: Tally(), reducer: TallyFeature(runs: replayRuns))
    try SessionRecording(contentsOf: file).replay(into: copy, as: TallyAction.self)
    #expect(copy.state == store.state)
    #expect(replayRuns.value == 0, "no effect runs in a replay: what it sent is in the recording")
  }

  @Test func aReplayOfActionsAMiddlewareSentGivesTheRecordedStates() throws {
    let file = try makeTestFolder().appendingPathComponent("session.jsonl")
    let announcesSaves = Middleware<Editor, EditorAction> { context, action, next in
      next(action)
      if action == .save { context.dispatch(.addWord("saved")) }
    }
    let store = createStore(
      reducer: editorReducer, initialState: Editor(), enhancer: applyMiddleware(announcesSaves))
    let recorder = try SessionRecorder(recording: store, to: file)
    store.dispatch(.save)
    store.dispatch(.save)
    try recorder.finish()
    #expect(store.words == ["saved", "saved"])

    let copy = createStore(
      reducer: editorReducer, initialState: Editor(), enhancer: applyMiddleware(announcesSaves))
    try SessionRecording(contentsOf: file).replay(into: copy, as: EditorAction.self)
    #expect(copy.words == ["saved", "saved"])
  }

  @Test func aCutRecordingCountsTheStepsItWrote() throws {
    let file = try makeTestFolder().appendingPathComponent("session.jsonl")
    let store = createStore(reducer: editorReducer, initialState: Editor())
    let limit = 3_000
    let recorder = try SessionRecorder(recording: store, to: file, maximumBytes: limit)
    for index in 0..<100 { store.dispatch(.addWord("word \(index)")) }
    try recorder.finish()
    let recording = try SessionRecording(contentsOf: file)
    #expect(recording.isTruncated)
    #expect(recording.steps.count > 0)
    #expect(recorder.stepCount == recording.steps.count)
    let text = try String(contentsOf: file, encoding: .utf8)
    #expect(text.hasSuffix("{\"end\":\"maximumBytes\",\"steps\":\(recording.steps.count)}\n"))
    #expect(text.utf8.count <= limit, "the line that ends it fits in the limit too")
  }

  @Test func aLimitTooSmallForTheFirstLineIsRefusedBeforeAFileIsMade() throws {
    let file = try makeTestFolder().appendingPathComponent("session.jsonl")
    let store = createStore(reducer: editorReducer, initialState: Editor())
    #expect {
      _ = try SessionRecorder(recording: store, to: file, maximumBytes: 40)
    } throws: { error in
      guard case RecordingError.limitTooSmall(40, let smallest) = error else { return false }
      return smallest > 40 && "\(error)".contains("at least \(smallest)")
    }
    #expect(!FileManager.default.fileExists(atPath: file.path))
  }

  @Test func theSmallestLimitAcceptedMakesAFileThatOpens() throws {
    let file = try makeTestFolder().appendingPathComponent("session.jsonl")
    let store = createStore(reducer: editorReducer, initialState: Editor())
    let refusal = #expect(throws: RecordingError.self) {
      _ = try SessionRecorder(recording: store, to: file, maximumBytes: 1)
    }
    guard case .limitTooSmall(_, let smallest) = refusal else {
      Issue.record("a limit of one byte is refused for its size, not \(String(describing: refusal))")
      return
    }
    let recorder = try SessionRecorder(recording: store, to: file, maximumBytes: smallest)
    store.dispatch(.addWord("a"))
    try recorder.finish()
    let recording = try SessionRecording(contentsOf: file)
    #expect(recording.isTruncated && recording.steps.isEmpty && recorder.stepCount == 0)
  }
}

/// A tally whose actions start effects that send actions: one at once, one after an await.
struct Tally: Equatable, Codable, Sendable {
  var value = 0
}

enum TallyAction: Equatable, Codable, Sendable {
  case addThenBump
  case bump(Int)
  case fetch
  case fetched(Int)
}

struct TallyFeature: Reducer {
  let runs: EffectCount

  func reduce(into state: inout Tally, action: TallyAction) -> Effect<TallyAction> {
    switch action {
    case .addThenBump:
      state.value += 10
      return .send(.bump(1))
    case .bump(let amount):
      state.value += amount
      return .none
    case .fetch:
      let runs = runs
      return .run { send in
        await runs.increment()
        await send(.fetched(5))
      }
    case .fetched(let amount):
      state.value += amount
      return .none
    }
  }
}

/// The former spelling, a replay through `send`, gives the recorded states too: the actions the
/// effects sent are not applied twice.
@MainActor
@Suite struct DeprecatedReplayTests {
  @available(*, deprecated, message: "checks the deprecated replay(into:as:send:)")
  @Test func aReplayThroughSendGivesTheRecordedStates() throws {
    let file = try makeTestFolder().appendingPathComponent("session.jsonl")
    let store = FeatureStore(initialState: Tally(), reducer: TallyFeature(runs: EffectCount()))
    let recorder = try SessionRecorder(recording: store, to: file)
    store.send(.addThenBump)
    store.send(.addThenBump)
    try recorder.finish()
    let copy = FeatureStore(initialState: Tally(), reducer: TallyFeature(runs: EffectCount()))
    try SessionRecording(contentsOf: file).replay(into: copy, as: TallyAction.self) { copy.send($0) }
    #expect(copy.state == store.state)
  }
}
