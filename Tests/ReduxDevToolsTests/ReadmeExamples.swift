import Foundation
import FunctionalStore
import ReduxDevTools
import Testing

// The sample of Packages/ReduxDevTools/README.md, run.

private struct Counter: Equatable, Codable, Sendable {
  var count = 0
}

private enum CounterAction: Equatable, Codable, Sendable {
  case increment
}

private let counterReducer = ReduxReducer<Counter, CounterAction> { state, action in
  switch action {
  case .increment: state.count += 1
  }
}

@MainActor private func undoAndRecord(in folder: URL) throws {
  let store = createStore(reducer: counterReducer, initialState: Counter())
  let history = StoreHistory(of: store)
  let recorder = try SessionRecorder(recording: store, to: folder.appendingPathComponent("session.jsonl"))
  store.dispatch(.increment)
  history.undo()  // store.count == 0
  history.redo()  // store.count == 1
  try recorder.finish()
  let recording = try SessionRecording(contentsOf: folder.appendingPathComponent("session.jsonl"))
  try InspectorPage(recording).write(to: folder.appendingPathComponent("session.html"))
}

@MainActor
@Suite struct ReadmeExamples {
  @Test func undoAndRecordRuns() throws {
    let folder = try makeTestFolder()
    try undoAndRecord(in: folder)
    let recording = try SessionRecording(contentsOf: folder.appendingPathComponent("session.jsonl"))
    #expect(recording.steps.map(\.action) == ["increment"])
    #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("session.html").path))
  }
}
