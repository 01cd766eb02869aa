import Foundation

/// What the app sends the live inspector's server, one JSON text message each. The server adds
/// the instance and passes them to the page; `Docs/TimeTravel.md` lists them.
///
/// - `hello`: who the store is (`label`, `style`), its state now, the last step number, and
///   whether the page may dispatch typed actions (`acceptsActions`);
/// - `step`: an action, with the state after it and what it changed, as a recording's line;
/// - `restated`: a step's new state after a skip (the state recomputed without skipped actions);
/// - `shown`: the step the store shows after a jump (`live` when it shows the newest);
/// - `dropped`: how many steps the app dropped because nothing was reading them;
/// - `paused`, `error`: the answers to a pause and to a command the app could not follow.
struct LiveMessage<State: Encodable>: Encodable {
  var kind: String
  var instance: String? = nil
  var label: String? = nil
  var style: String? = nil
  var acceptsActions: Bool? = nil
  var step: Int? = nil
  var time: Double? = nil
  var action: String? = nil
  var value: EncodableValue? = nil
  var changes: [String]? = nil
  var state: State? = nil
  var skipped: Bool? = nil
  var live: Bool? = nil
  var paused: Bool? = nil
  var count: Int? = nil
  var message: String? = nil
}

/// What the page asks of the app, relayed by the server: `jump` to a step, back to `live`,
/// `skip` a step (again to put it back), `pause` and `resume`, `dispatch` an action given as JSON.
struct LiveCommand: Decodable {
  var kind: String
  var step: Int?
}

/// An action on its way to the inspector's thread: the action itself when its type is
/// `Sendable` (described and encoded there, off the store's actor), or its description made on
/// the actor when it is not (a class-based store's commits, which no encoder can write anyway).
@usableFromInline
enum LiveAction: Sendable {
  case sendable(any Sendable)
  case described(String)
}

/// What the store's side hands the inspector's thread.
@usableFromInline
struct LiveEntry<State: Sendable>: Sendable {
  @usableFromInline
  enum Kind: Sendable {
    /// An action and the state after it.
    case step(Int, LiveAction)
    /// A step's state recomputed after a skip; `skipped` says whether the step itself is skipped.
    case restated(Int, skipped: Bool)
    /// The store moved to a step without an action (a jump); `nil` is the newest.
    case shown(Int?)
    /// Recording paused or resumed.
    case paused(Bool)
    /// A command the app could not follow.
    case error(String)
  }

  @usableFromInline var kind: Kind
  /// Seconds since the inspector started.
  @usableFromInline var time: Double
  /// The state to compare with, when it is not the state of the entry before.
  @usableFromInline var before: State?
  /// The state after the entry, where it has one.
  @usableFromInline var state: State?

  @inlinable
  init(kind: Kind, time: Double, before: State? = nil, state: State? = nil) {
    self.kind = kind
    self.time = time
    self.before = before
    self.state = state
  }
}
