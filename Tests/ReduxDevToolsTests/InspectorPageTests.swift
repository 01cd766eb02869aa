import Foundation
import FunctionalStore
import ReduxCore
import ReduxDevTools
import Testing

/// A state whose strings are shaped like markup and script: the page must show them as text.
struct Notes: Equatable, Codable, Sendable {
  var notes: [Note] = []
  @Redacted var token = "t0k3n"
}

struct Note: Identifiable, Equatable, Codable, Sendable {
  let id: Int
  var text: String
  var isPinned = false
}

enum NotesAction: Equatable, Codable, Sendable {
  case add(String)
  case pin(Int)
}

let notesReducer = ReduxReducer<Notes, NotesAction> { state, action in
  switch action {
  case .add(let text): state.notes.append(Note(id: state.notes.count + 1, text: text))
  case .pin(let id): state.notes[id - 1].isPinned.toggle()
  }
}

/// Strings an attacker would put in a state that ends up in a recording.
let hostileTexts = [
  #"</script><img src=x onerror="window.injected=1">"#,
  #"<b onmouseover="window.injected=2">bold</b> & more"#,
  "line\u{2028}separator\u{2029}end",
]

@MainActor
@Suite struct InspectorPageTests {
  /// Writes a recording and its page; with `INSPECTOR_SAMPLE_DIR` set (by `.ci/check-inspector`,
  /// which drives the page in a real browser), also a copy of both there, and a 10,000-action
  /// recording's page.
  @Test func thePageEmbedsTheRecordingAsDataOnly() throws {
    let folder = try makeTestFolder()
    let sample = ProcessInfo.processInfo.environment["INSPECTOR_SAMPLE_DIR"].map { URL(fileURLWithPath: $0) }
    let page = try recordNotes(actions: 12, in: sample ?? folder, named: "sample")
    #expect(!page.contains("<img"))
    #expect(!page.contains("<b "))
    #expect(!page.contains("t0k3n"))
    #expect(!page.contains("\u{2028}") && !page.contains("\u{2029}"))
    #expect(page.contains(#"\u003c/script\u003e\u003cimg src=x onerror="#))
    #expect(page.contains("Content-Security-Policy"))
    #expect(page.contains("default-src 'none'"))
    // Exactly one script runs, the page's own, and it carries the nonce the policy names.
    #expect(page.components(separatedBy: "<script nonce=").count == 2)
    let mode =
      try FileManager.default.attributesOfItem(
        atPath: (sample ?? folder).appendingPathComponent("sample.html").path)[.posixPermissions] as? Int
    #expect(mode == 0o600)
    if sample != nil { _ = try recordNotes(actions: 10_000, in: sample!, named: "large") }
  }

  @Test func theRecordingInThePageReadsBackAsRecorded() throws {
    let folder = try makeTestFolder()
    let page = try recordNotes(actions: 4, in: folder, named: "session")
    let start = try #require(page.range(of: #"<script id="recording" type="application/json">"#))
    let end = try #require(page.range(of: "</script>", range: start.upperBound..<page.endIndex))
    let json = try #require(
      JSONSerialization.jsonObject(with: Data(page[start.upperBound..<end.lowerBound].utf8)) as? [String: Any]
    )
    let steps = try #require(json["steps"] as? [[String: Any]])
    #expect(steps.count == 4)
    #expect(steps.first?["action"] as? String == "add(\(String(reflecting: hostileTexts[0])))")
    let notes = (steps.last?["state"] as? [String: Any])?["notes"] as? [[String: Any]]
    #expect(notes?.first?["text"] as? String == hostileTexts[0])
  }

  /// Records `actions` actions on a notes store into `<name>.jsonl` and writes `<name>.html`.
  private func recordNotes(actions: Int, in folder: URL, named name: String) throws -> String {
    let file = folder.appendingPathComponent("\(name).jsonl")
    let store = createStore(reducer: notesReducer, initialState: Notes())
    let recorder = try SessionRecorder(recording: store, to: file, label: "notes <&>")
    // Eight notes, then pins: the state stays small however many actions there are.
    for index in 0..<actions {
      if index < 8 {
        store.dispatch(.add(index < hostileTexts.count ? hostileTexts[index] : "note \(index)"))
      } else {
        store.dispatch(.pin(index % 8 + 1))
      }
    }
    try recorder.finish()
    let page = InspectorPage(try SessionRecording(contentsOf: file))
    try page.write(to: folder.appendingPathComponent("\(name).html"))
    return page.html
  }
}
