public import Foundation
public import ReduxCore

/// Records what a store does to a JSON Lines file, a line per action: the action, the state
/// after it and what it changed. Open the file with ``SessionRecording`` to replay it into a
/// fresh store (a bug report becomes a regression test) or to make an inspector page of it.
///
/// ```swift
/// let store = createStore(reducer: counterReducer, initialState: Counter())
/// let recorder = try SessionRecorder(recording: store, to: folder.appendingPathComponent("session.jsonl"))
/// store.dispatch(.increment)
/// try recorder.finish()
/// ```
///
/// What it writes is what leaves the process, so `Redacted` values are written as
/// `"<redacted>"` (in states and in actions), and the file is private: created `0600`, a
/// symbolic link in its place refused. The format is in `Docs/TimeTravel.md`.
///
/// Each line holds the whole state, encoded as it is dispatched (the state may not be
/// `Sendable`, so it is encoded where the store runs); lines are written in batches of about
/// 256 KB, on ``flush()``, on ``finish()`` and when the recorder goes, so most actions cost an
/// encoding and no system call. The file stops growing before it passes `maximumBytes`, with a
/// last line that says so.
///
/// > Note: It belongs to its store's isolation domain, like the store.
public final class SessionRecorder<State: Encodable, Action> {
  private let file: URL
  private var descriptor: Int32?
  private var buffer = Data()
  private let encoder: JSONEncoder
  private let maximumBytes: Int
  private var bytesWritten = 0
  private var stepNumber = 0
  private let started = ContinuousClock.now
  private var recording: AddedMiddleware?
  /// The first error met while writing; recording stops there, and ``flush()`` throws it.
  private var failure: RecordingError?

  /// Starts recording a store of any style, from its current state.
  ///
  /// ```swift
  /// let recorder = try SessionRecorder(recording: store, to: folder.appendingPathComponent("session.jsonl"))
  /// ```
  /// - Parameters:
  ///   - store: The store (a root store).
  ///   - file: Where to write; an existing file is replaced.
  ///   - label: The store's name in the file, shown by the inspector.
  ///   - maximumBytes: Where the file stops growing.
  ///   - isolation: Where the store lives; leave the default, the caller's actor.
  /// - Throws: ``RecordingError/cannotWrite(_:reason:)`` when the file cannot be created,
  ///   ``RecordingError/limitTooSmall(maximumBytes:smallest:)`` when `maximumBytes` leaves no
  ///   room for the first line (the initial state), and
  ///   ``RecordingError/cannotEncode(step:reason:)`` when the initial state does not encode.
  public init<Store: StateStore>(
    recording store: Store,
    to file: URL,
    label: String = "store",
    maximumBytes: Int = 64 << 20,
    isolation: (any Actor)? = #isolation
  ) throws(RecordingError) where Store.State == State, Store.EngineAction == Action {
    self.file = file
    self.maximumBytes = maximumBytes
    encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .iso8601
    encoder.userInfo[.redactsSensitiveValues] = true
    let engine = store.engine
    // The header is encoded before the file is touched: a limit it does not fit in (with the
    // line that ends a cut recording) is refused, as it would make a file no reader can open.
    let header: Data
    do {
      header = try Self.line(
        RecordingHeader(
          format: RecordingFormat.name, version: RecordingFormat.version, label: label,
          style: engine.styleName, started: Date(), state: engine.untrackedState),
        encoder)
    } catch {
      throw RecordingError.cannotEncode(step: 0, reason: "\(error)")
    }
    let smallest = header.count + Self.endLineLength(steps: 0)
    guard maximumBytes >= smallest else {
      throw RecordingError.limitTooSmall(maximumBytes: maximumBytes, smallest: smallest)
    }
    do throws(POSIXFailure) {
      try FileOperations.createFolder(for: file)
      descriptor = try FileOperations.openForWriting(file, mode: 0o600)
    } catch {
      throw RecordingError.cannotWrite(file, reason: error.description)
    }
    bytesWritten = header.count
    buffer.append(header)
    recording = engine.addMiddleware(
      Middleware(
        curried: { [weak self] context in
          { next in
            { action in
              guard let self, self.failure == nil, self.descriptor != nil else { return next(action) }
              let before = context.state
              // Writes to shared values, which the state before and after both hold.
              let writes = ReferenceWrites()
              ReferenceWrites.$current.withValue(writes) { next(action) }
              self.record(action, before: before, after: context.state, sharedChanges: writes.changes)
            }
          }
        }, isolation: isolation))
  }

  deinit {
    try? finish()
  }

  /// How many actions have been recorded: the steps in the file, a cut recording's included,
  /// and none past the cut.
  public var stepCount: Int { stepNumber }

  /// Writes what is buffered to the file.
  ///
  /// ```swift
  /// try recorder.flush()
  /// ```
  /// - Throws: The first error met while writing, if any.
  public func flush() throws(RecordingError) {
    if let failure { throw failure }
    guard let descriptor, !buffer.isEmpty else { return }
    do throws(POSIXFailure) {
      try FileOperations.writeAll(buffer, to: descriptor, path: file.path)
      buffer.removeAll(keepingCapacity: true)
    } catch {
      let failure = RecordingError.cannotWrite(file, reason: error.description)
      self.failure = failure
      throw failure
    }
  }

  /// Stops recording, writes what is buffered and closes the file. Later actions are not
  /// recorded; calling it again does nothing.
  ///
  /// ```swift
  /// try recorder.finish()
  /// ```
  /// - Throws: The first error met while writing, if any.
  public func finish() throws(RecordingError) {
    recording?.remove()
    recording = nil
    defer {
      if let descriptor { close(descriptor) }
      descriptor = nil
    }
    try flush()
  }

  private func record(_ action: Action, before: State, after: State, sharedChanges: [StateChange]) {
    guard failure == nil, descriptor != nil else { return }
    let number = stepNumber + 1
    do {
      let line = try Self.line(
        RecordedStep(
          step: number,
          time: (ContinuousClock.now - started) / .seconds(1),
          action: String(describing: action),
          value: (action as? any Encodable).map(EncodableValue.init),
          state: after,
          changes: (StateChange.changes(from: before, to: after) + sharedChanges).map(\.description)),
        encoder)
      // Room is kept for the line that ends a cut recording, so the file never passes the limit.
      guard bytesWritten + line.count + Self.endLineLength(steps: number) <= maximumBytes else {
        buffer.append(try Self.line(RecordingEnd(end: "maximumBytes", steps: stepNumber), encoder))
        try? finish()
        return
      }
      stepNumber = number
      bytesWritten += line.count
      buffer.append(line)
      if buffer.count >= 256 << 10 { try flush() }
    } catch let error as RecordingError {
      failure = error
    } catch {
      failure = .cannotEncode(step: number, reason: "\(error)")
    }
  }

  /// One line of the file: a value encoded, then a line feed.
  private static func line(_ value: some Encodable, _ encoder: JSONEncoder) throws -> Data {
    var data = try encoder.encode(value)
    data.append(0x0A)
    return data
  }

  /// The length of the line that ends a recording cut after `steps` steps.
  private static func endLineLength(steps: Int) -> Int {
    #"{"end":"maximumBytes","steps":}"#.utf8.count + String(steps).utf8.count + 1
  }
}

/// An `Encodable` value of a type known only at run time (an action, when its type is
/// `Encodable`).
struct EncodableValue: Encodable {
  let value: any Encodable
  func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }
}
