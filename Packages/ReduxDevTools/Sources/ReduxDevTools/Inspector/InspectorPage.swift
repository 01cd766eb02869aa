public import Foundation
internal import ReduxCore

/// A page to look at a recording in a browser: the action list, a slider over the steps, the
/// state after each action as a tree that unfolds, and what each action changed. One HTML
/// file, with nothing to install or serve: open it from the disk, send it with a bug report.
///
/// ```swift
/// let recording = try SessionRecording(contentsOf: file)
/// try InspectorPage(recording).write(to: folder.appendingPathComponent("session.html"))
/// ```
///
/// From the command line: `swift run redux-inspect session.jsonl` writes `session.html`.
///
/// The recorded data goes into the page as data, never as markup: one JSON script element
/// (which a browser does not run) with `<`, `>`, `&` and the line separators U+2028 and U+2029
/// escaped, so no string in a state can close it; the page shows every value as text. Its
/// Content-Security-Policy runs only the page's own script and style (by a nonce made for each
/// page), forbids inline event handlers, and allows no network access: the page loads nothing.
/// The file is written `0600`, like everything the package writes.
public struct InspectorPage: Sendable {
  /// The page.
  public let html: String

  /// Makes the page of a recording.
  ///
  /// ```swift
  /// let page = InspectorPage(try SessionRecording(contentsOf: file))
  /// ```
  /// - Parameter recording: The recording to show.
  public init(_ recording: SessionRecording) {
    var data = Data("{\"header\":".utf8)
    data.append(recording.headerLine)
    data.append(Data(",\"steps\":[".utf8))
    for (index, step) in recording.steps.enumerated() {
      if index > 0 { data.append(0x2C) }
      data.append(step.line)
    }
    data.append(Data("],\"truncated\":\(recording.isTruncated)}".utf8))
    let nonce = (0..<2).map { _ in String(UInt64.random(in: .min ... .max), radix: 36) }.joined()
    html = InspectorTemplate.page(
      title: recording.label, embeddedJSON: Self.escapedForHTML(data), nonce: nonce)
  }

  /// Writes the page to a file, readable by its owner only (`0600`).
  ///
  /// ```swift
  /// try InspectorPage(recording).write(to: folder.appendingPathComponent("session.html"))
  /// ```
  /// - Parameter file: Where to write; an existing file is replaced.
  /// - Throws: ``RecordingError/cannotWrite(_:reason:)``.
  public func write(to file: URL) throws(RecordingError) {
    do throws(POSIXFailure) {
      try FileOperations.createFolder(for: file)
      try FileOperations.writeAtomically(Data(html.utf8), to: file, mode: 0o600)
    } catch {
      throw .cannotWrite(file, reason: error.description)
    }
  }

  /// JSON made safe inside a script element: the characters that could end the element or
  /// start markup, and the line separators older JavaScript parsers refuse, as `\u` escapes.
  /// They can occur only inside JSON strings, where the escape means the same character.
  static func escapedForHTML(_ json: Data) -> String {
    var escaped = ""
    escaped.reserveCapacity(json.count)
    for scalar in String(decoding: json, as: UTF8.self).unicodeScalars {
      switch scalar {
      case "<": escaped += "\\u003c"
      case ">": escaped += "\\u003e"
      case "&": escaped += "\\u0026"
      case "\u{2028}": escaped += "\\u2028"
      case "\u{2029}": escaped += "\\u2029"
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped
  }
}
