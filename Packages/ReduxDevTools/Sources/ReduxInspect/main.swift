// `swift run redux-inspect session.jsonl [page.html]`: makes the inspector page of a recording
// that SessionRecorder wrote, beside it unless told where.
// `swift run redux-inspect --live`: serves the live inspector (LiveCommand.swift).
import Foundation
import ReduxDevTools

let arguments = CommandLine.arguments.dropFirst()
if arguments.first == "--live" { LiveCommand.run(Array(arguments.dropFirst())) }
guard let recordingPath = arguments.first, !recordingPath.hasPrefix("-") else {
  FileHandle.standardError.write(
    Data(
      """
      usage: redux-inspect <recording.jsonl> [<page.html>]
      Makes a page to look at a recording of SessionRecorder in a browser: the actions, a slider
      over the steps, the state after each action and what it changed. Without <page.html>, the
      page is written beside the recording, with the extension .html.

      \(LiveCommand.usage)
      """.utf8))
  exit(2)
}
let recordingFile = URL(fileURLWithPath: recordingPath)
let pageFile =
  arguments.dropFirst().first.map { URL(fileURLWithPath: $0) }
  ?? recordingFile.deletingPathExtension().appendingPathExtension("html")
do {
  let recording = try SessionRecording(contentsOf: recordingFile)
  try InspectorPage(recording).write(to: pageFile)
  print("\(pageFile.path): \(recording.steps.count) actions of \(recording.label); open it in a browser.")
} catch {
  FileHandle.standardError.write(Data("redux-inspect: \(error)\n".utf8))
  exit(1)
}
