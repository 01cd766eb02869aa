public import Foundation
public import ReduxCore

/// A recording that ``SessionRecorder`` wrote, read back: to replay it into a fresh store with
/// a check after every step (a bug report becomes a regression test), or to make an inspector
/// page of it (``InspectorPage``).
///
/// ```swift
/// let recording = try SessionRecording(contentsOf: file)
/// let store = createStore(reducer: counterReducer, initialState: Counter())
/// try recording.replay(into: store, as: CounterAction.self)
/// ```
public struct SessionRecording {
  /// One recorded action.
  public struct Step {
    /// The step's number, from 1.
    public let number: Int
    /// Seconds from the start of the recording.
    public let time: Double
    /// The action as Swift described it.
    public let action: String
    /// What the action changed, by path.
    public let changes: [String]
    /// The line as written, for replay (the action's value) and the inspector (the state).
    let line: Data
    /// The state after the action, as plain Swift values (see `plainJSON`).
    let state: Any
  }

  /// The store's name, given to the recorder.
  public let label: String
  /// The store's style: `functional`, `class-based` or `reducer/effect`.
  public let style: String
  /// The steps, in order.
  public let steps: [Step]
  /// Whether the recorder stopped at its size limit before the session ended.
  public let isTruncated: Bool
  /// The first line as written.
  let headerLine: Data
  /// The state when recording began, as plain Swift values (see `plainJSON`).
  let initialState: Any
  /// Where the recording was read from, for messages.
  let source: URL

  /// Reads a recording from a file.
  ///
  /// ```swift
  /// let recording = try SessionRecording(contentsOf: file)
  /// print(recording.steps.count, "actions")
  /// ```
  /// - Parameter file: A file ``SessionRecorder`` wrote.
  /// - Throws: ``RecordingError/cannotRead(_:reason:)`` or
  ///   ``RecordingError/notARecording(_:line:reason:)``.
  public init(contentsOf file: URL) throws(RecordingError) {
    let data: Data
    do {
      data = try Data(contentsOf: file)
    } catch {
      throw .cannotRead(file, reason: error.localizedDescription)
    }
    try self.init(jsonLines: data, source: file)
  }

  init(jsonLines data: Data, source: URL) throws(RecordingError) {
    let lines = data.split(separator: 0x0A, omittingEmptySubsequences: true).map { Data($0) }
    func object(_ index: Int) throws(RecordingError) -> [String: Any] {
      guard let object = try? JSONSerialization.jsonObject(with: lines[index]) as? [String: Any] else {
        throw .notARecording(source, line: index + 1, reason: "not a JSON object")
      }
      return object
    }
    guard !lines.isEmpty else { throw .notARecording(source, line: 1, reason: "the file is empty") }
    let header = try object(0)
    guard header["format"] as? String == RecordingFormat.name else {
      throw .notARecording(source, line: 1, reason: "no \"format\": \"\(RecordingFormat.name)\"")
    }
    guard let version = header["version"] as? Int, version <= RecordingFormat.version else {
      throw .notARecording(
        source, line: 1,
        reason: "a version newer than \(RecordingFormat.version), which this release cannot read")
    }
    label = header["label"] as? String ?? "store"
    style = header["style"] as? String ?? ""
    initialState = plainJSON(header["state"] ?? NSNull())
    headerLine = lines[0]
    self.source = source
    var steps: [Step] = []
    var isTruncated = false
    for index in lines.indices.dropFirst() {
      let object = try object(index)
      if object["end"] != nil {
        isTruncated = true
        break
      }
      guard let number = object["step"] as? Int, let action = object["action"] as? String,
        let state = object["state"]
      else {
        throw .notARecording(
          source, line: index + 1, reason: "a step needs \"step\", \"action\" and \"state\"")
      }
      steps.append(
        Step(
          number: number, time: (object["time"] as? NSNumber)?.doubleValue ?? 0, action: action,
          changes: object["changes"] as? [String] ?? [], line: lines[index], state: plainJSON(state)))
    }
    self.steps = steps
    self.isTruncated = isTruncated
  }

  /// Applies every recorded action to a fresh store, in order, and checks after each one that
  /// the store's state is the recorded one; stops at the first step where it is not.
  ///
  /// ```swift
  /// let store = createStore(reducer: counterReducer, initialState: Counter())
  /// try recording.replay(into: store, as: CounterAction.self)
  /// ```
  ///
  /// Each action goes to the store's reducer alone, as it reached the reducer when it was
  /// recorded: no middleware runs, and no effect, listener or thunk starts, since every action
  /// they sent was recorded too and is replayed as its own step. So the replay gives the
  /// recorded states whatever the session's async work did and whenever it finished, touches
  /// no network or file, and a difference can only come from the reducer (or from what it
  /// reads besides the state and the action). Observers of the store are told after each step
  /// as after an action.
  ///
  /// The states are compared as they were written: encoded, with `Redacted` values as their
  /// mark (a redacted field is not checked; a redacted payload replays as its mark).
  /// - Parameters:
  ///   - store: A store made with the initial state the recording began with, of the
  ///     functional or the reducer/effect style (a class-based store's commits are functions,
  ///     which a recording names but cannot hold).
  ///   - actionType: The store's action type, which must decode the recorded actions.
  ///   - lastStep: Where to stop: the store is left at the state after that step (the moment a
  ///     bug report shows, say); `nil` replays every step.
  /// - Throws: ``RecordingError/stateDiffers(step:action:changes:)`` with the step and what
  ///   differs (recorded -> replayed), or ``RecordingError/cannotDecodeAction(step:action:reason:)``.
  public func replay<Store: StateStore, Action: Decodable>(
    into store: Store, as actionType: Action.Type, through lastStep: Int? = nil
  ) throws(RecordingError) where Store.State: Encodable, Store.EngineAction == Action {
    let engine = store.engine
    try replaySteps(into: store, through: lastStep) { (action: Action) in
      engine.replay(action, operation: "SessionRecording.replay(into:as:)")
    }
  }

  /// Sends every recorded action to a fresh store through `send`, checking the state after each.
  ///
  /// ```swift
  /// try recording.replay(into: store, as: CounterAction.self) { store.dispatch($0) }
  /// ```
  ///
  /// It replays as ``replay(into:as:through:)`` does, each action to the reducer alone, and calls
  /// `send` only for an action that is not the store's own type (which no recording can
  /// replay): sent through the store, an action would run its middlewares and start its effects
  /// and listeners again, and the actions they send would be applied on top of the recorded
  /// steps that already hold them. Drop the closure.
  /// - Parameters:
  ///   - store: A store made with the initial state the recording began with.
  ///   - actionType: The store's action type, which must decode the recorded actions.
  ///   - lastStep: Where to stop; `nil` replays every step.
  ///   - send: Sends one action to the store.
  /// - Throws: As ``replay(into:as:through:)``.
  @available(
    *, deprecated,
    message:
      "Drop the send closure: a replay applies each action to the reducer alone, so that effects and listeners do not apply their actions twice"
  )
  public func replay<Store: StateStore, Action: Decodable>(
    into store: Store, as actionType: Action.Type, through lastStep: Int? = nil, send: (Action) -> Void
  ) throws(RecordingError) where Store.State: Encodable {
    let engine = store.engine
    try replaySteps(into: store, through: lastStep) { (action: Action) in
      guard let own = action as? Store.EngineAction else { return send(action) }
      engine.replay(own, operation: "SessionRecording.replay(into:as:send:)")
    }
  }

  /// Decodes each step's action, hands it to `apply`, and checks the store's state after it.
  private func replaySteps<Store: StateStore, Action: Decodable>(
    into store: Store, through lastStep: Int?, apply: (Action) -> Void
  ) throws(RecordingError) where Store.State: Encodable {
    let encoder = JSONEncoder()
    encoder.userInfo[.redactsSensitiveValues] = true
    func check(_ expected: Any, step: Int, action: String) throws(RecordingError) {
      let actual: Any
      do {
        actual = try plainJSON(
          JSONSerialization.jsonObject(
            with: encoder.encode(store.engine.untrackedState), options: .fragmentsAllowed))
      } catch {
        throw .cannotEncode(step: step, reason: "\(error)")
      }
      let changes = StateChange.changes(from: expected, to: actual)
      if !changes.isEmpty { throw .stateDiffers(step: step, action: action, changes: changes) }
    }
    try check(initialState, step: 0, action: "the state before the first action")
    let decoder = JSONDecoder()
    for step in steps where step.number <= lastStep ?? .max {
      let action: Action
      do {
        action = try decoder.decode(RecordedAction<Action>.self, from: step.line).value
      } catch {
        throw .cannotDecodeAction(step: step.number, action: step.action, reason: Self.reason(error))
      }
      apply(action)
      try check(step.state, step: step.number, action: step.action)
    }
  }

  private static func reason(_ error: any Error) -> String {
    if case DecodingError.keyNotFound(let key, _) = error, key.stringValue == "value" {
      return "it was recorded without a value, since its type is not Encodable"
    }
    return "\(error)"
  }
}

/// The part of a step's line a replay decodes.
private struct RecordedAction<Action: Decodable>: Decodable {
  let value: Action
}
