public import Foundation
public import ReduxCore

/// The name and version a recording's first line declares.
enum RecordingFormat {
  static let name = "swift-redux-session"
  static let version = 1
}

/// The first line of a recording: what it is, which store, and its state when recording began.
struct RecordingHeader<State: Encodable>: Encodable {
  let format: String
  let version: Int
  let label: String
  let style: String
  let started: Date
  let state: State
}

/// A line per action.
struct RecordedStep<State: Encodable>: Encodable {
  let step: Int
  /// Seconds since recording began.
  let time: Double
  /// The action as Swift describes it (a commit as its method's name and payload).
  let action: String
  /// The action encoded, when its type is `Encodable`: what a replay decodes.
  let value: EncodableValue?
  let state: State
  /// What the action changed, by path (``StateChange``).
  let changes: [String]
}

/// The last line of a recording that reached its size limit.
struct RecordingEnd: Encodable {
  let end: String
  let steps: Int
}

/// What can go wrong with a recording: writing it, reading it, or replaying it.
public enum RecordingError: Error, Equatable, CustomStringConvertible {
  /// The file could not be created or written.
  case cannotWrite(URL, reason: String)
  /// A state or an action could not be encoded (an `encode(to:)` that throws).
  case cannotEncode(step: Int, reason: String)
  /// The recorder's `maximumBytes` cannot hold the recording's first line (the store's state
  /// when recording begins) and the line that ends a cut recording.
  case limitTooSmall(maximumBytes: Int, smallest: Int)
  /// The file could not be read.
  case cannotRead(URL, reason: String)
  /// The file is not a recording of this format, or a line is not valid JSON of it.
  case notARecording(URL, line: Int, reason: String)
  /// A step's action could not be decoded as the store's action type.
  case cannotDecodeAction(step: Int, action: String, reason: String)
  /// After a step, the replayed store's state differs from the recorded one.
  case stateDiffers(step: Int, action: String, changes: [StateChange])

  /// What went wrong, and what to do about it.
  public var description: String {
    switch self {
    case .cannotWrite(let file, let reason):
      "Could not write the recording \(file.path): \(reason). Check that its folder is writable."
    case .cannotEncode(let step, let reason):
      "Could not encode step \(step) of the recording: \(reason)."
    case .limitTooSmall(let maximumBytes, let smallest):
      """
      A recording limited to \(maximumBytes) bytes cannot hold its first line, which holds the \
      store's state when recording begins: give `maximumBytes` at least \(smallest), or record a \
      store with a smaller state.
      """
    case .cannotRead(let file, let reason):
      "Could not read the recording \(file.path): \(reason)."
    case .notARecording(let file, let line, let reason):
      "\(file.path) is not a recording SessionRecorder wrote (line \(line): \(reason))."
    case .cannotDecodeAction(let step, let action, let reason):
      """
      Step \(step) (\(action)) cannot be replayed: its action does not decode as the store's \
      action type (\(reason)). Replay into a store of the action type that was recorded; a \
      recording made before the type changed cannot replay the changed cases.
      """
    case .stateDiffers(let step, let action, let changes):
      """
      After step \(step) (\(action)) the state differs from the recording \
      (recorded -> replayed): \(changes.map(\.description).joined(separator: "; ")). \
      The reducer now does something else with this action than when it was recorded, or it \
      reads something besides the state and the action (a date, a random value).
      """
    }
  }
}
