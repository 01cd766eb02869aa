import Foundation
internal import ReduxCore

/// The live inspector's thread and what it shares with the store's side: entries come in
/// through `mailbox` (a batch at a time, under a lock), and the thread encodes them, compares
/// the states, and sends them to the server, reconnecting when the server is gone.
///
/// Memory stays bounded whatever the store does: the mailbox keeps at most `mailboxLimit`
/// entries and the encoded messages waiting for a server at most `backlogLimit` bytes; past
/// either, the oldest steps are dropped and counted, and the page is told how many.
@usableFromInline
final class LiveSession<State: Encodable & Sendable>: Sendable {
  struct Identity: Sendable {
    let instance: String
    let label: String
    let style: String
    let acceptsActions: Bool
  }

  private let mailbox = Locked(LiveMailbox())
  private let server: LiveInspectorServer
  private let identity: Identity
  private let onCommand: @Sendable (Data) -> Void
  /// Asks the store's side for a hand-off: after a batch the mailbox had no room for.
  private let onRoom: @Sendable () -> Void
  private let mailboxLimit: Int
  private let backlogLimit: Int

  init(
    server: LiveInspectorServer, identity: Identity, mailboxLimit: Int = 1024, backlogLimit: Int = 4 << 20,
    onCommand: @escaping @Sendable (Data) -> Void, onRoom: @escaping @Sendable () -> Void
  ) {
    self.onRoom = onRoom
    self.server = server
    self.identity = identity
    self.mailboxLimit = mailboxLimit
    self.backlogLimit = backlogLimit
    self.onCommand = onCommand
  }

  /// Starts the thread, from the store's state now.
  func start(from state: State, lastStep: Int) {
    let thread = Thread { [self] in run(from: state, lastStep: lastStep) }
    thread.name = "ReduxDevTools.LiveInspector"
    thread.start()
  }

  /// Hands a batch to the thread. Past the mailbox's limit, the oldest batches are dropped
  /// whole (a batch is moved in and out, never copied), and freed on the thread. Nothing here
  /// depends on `State`: unspecialized generic code looked up its types' metadata at every
  /// call, which cost the store's actor more than building the batch.
  @usableFromInline
  func post(_ batch: LiveBatch, dropped: Int = 0) {
    let limit = mailboxLimit
    let freedHere = mailbox.withLock { mailbox in mailbox.post(batch, dropped: dropped, limit: limit) }
    _ = freedHere
  }

  /// Whether the mailbox has room for another batch; when it has none, the thread asks for a
  /// hand-off (`onRoom`) once it has taken what is there.
  @usableFromInline
  func hasRoom() -> Bool {
    let limit = mailboxLimit
    return mailbox.withLock { mailbox in mailbox.hasRoom(limit: limit) }
  }

  /// Ends the thread; it closes the connection.
  func stop() { mailbox.withLock { $0.isStopped = true } }

  var isConnected: Bool { mailbox.withLock { $0.isConnected } }

  // MARK: - The thread

  private func run(from initialState: State, lastStep: Int) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .iso8601
    encoder.userInfo[.redactsSensitiveValues] = true
    var connection: WebSocketConnection?
    var nextAttempt = ContinuousClock.now
    /// The state the next entry's changes are counted from.
    var previous = initialState
    /// The state after the last step the server was sent: what a new connection starts from.
    var lastSent = (state: initialState, step: lastStep)
    /// Encoded messages waiting for the server, with the step and state each one leaves it at.
    var backlog: [(data: Data, step: Int?, state: State?)] = []
    var backlogBytes = 0
    var droppedUntold = 0

    func encode(_ message: LiveMessage<State>) -> Data {
      (try? encoder.encode(message))
        ?? (try? encoder.encode(
          LiveMessage<State>(kind: "error", message: "a state or an action did not encode")))
        ?? Data()
    }

    while true {
      // Taken whole, so that the lock is held for a swap, never for a copy.
      let (batches, discarded, dropped, isStopped, roomWanted) = mailbox.withLock { mailbox in
        mailbox.takeAll()
      }
      _ = consume discarded  // the batches dropped unread, freed here rather than on the store's actor
      if isStopped { break }
      if roomWanted { onRoom() }
      droppedUntold += dropped
      for entry in batches.lazy.flatMap({ $0.entries as! [LiveEntry<State>] }) {
        let before = entry.before ?? previous
        var message = LiveMessage<State>(kind: "", time: entry.time)
        var step: Int?
        switch entry.kind {
        case .step(let number, let action):
          message.kind = "step"
          message.step = number
          step = number
          switch action {
          case .sendable(let value):
            message.action = String(describing: value)
            message.value = (value as? any Encodable).map(EncodableValue.init)
          case .described(let text):
            message.action = text
          }
        case .restated(let number, let skipped):
          message.kind = "restated"
          message.step = number
          message.skipped = skipped
        case .shown(let number):
          message.kind = "shown"
          message.step = number
          message.live = number == nil
        case .paused(let paused):
          message.kind = "paused"
          message.paused = paused
        case .error(let text):
          message.kind = "error"
          message.message = text
        }
        if let state = entry.state {
          message.state = state
          message.changes = StateChange.changes(from: before, to: state).map(\.description)
          previous = state
        }
        let data = encode(message)
        backlog.append((data, step, entry.state))
        backlogBytes += data.count
      }
      // Past the limit, the oldest messages go; the page is told how many steps it missed.
      var dropCount = 0
      while backlogBytes > backlogLimit, dropCount < backlog.count {
        let oldest = backlog[dropCount]
        dropCount += 1
        backlogBytes -= oldest.data.count
        if let step = oldest.step, let state = oldest.state {
          droppedUntold += 1
          lastSent = (state, step)
        }
      }
      backlog.removeFirst(dropCount)

      if connection == nil, ContinuousClock.now >= nextAttempt {
        connection = connect(from: lastSent, droppedUntold: &droppedUntold, encode: encode)
        if connection == nil { nextAttempt = .now + .milliseconds(500) }
      }
      guard let open = connection else {
        Thread.sleep(forTimeInterval: 0.02)
        continue
      }
      var sentCount = 0
      defer { backlog.removeFirst(sentCount) }
      do throws(WebSocketConnection.Failure) {
        if droppedUntold > 0 {
          try open.send(text: encode(LiveMessage(kind: "dropped", count: droppedUntold)))
          droppedUntold = 0
        }
        for message in backlog {
          try open.send(text: message.data)
          sentCount += 1
          backlogBytes -= message.data.count
          if let step = message.step, let state = message.state { lastSent = (state, step) }
        }
        for command in try open.receive(timeout: .milliseconds(backlog.isEmpty ? 20 : 0)) {
          onCommand(command)
        }
      } catch {
        connection = nil
        mailbox.withLock { $0.isConnected = false }
        nextAttempt = .now + .milliseconds(500)
      }
    }
    connection?.sendClose()
    mailbox.withLock { $0.isConnected = false }
  }

  /// A new connection, with the hello that tells the server who this is and where it stands.
  private func connect(
    from lastSent: (state: State, step: Int), droppedUntold: inout Int,
    encode: (LiveMessage<State>) -> Data
  ) -> WebSocketConnection? {
    guard case .success(let url) = server.address(), let connection = try? WebSocketConnection(url: url)
    else {
      return nil
    }
    let hello = LiveMessage<State>(
      kind: "hello", instance: identity.instance, label: identity.label, style: identity.style,
      acceptsActions: identity.acceptsActions, step: lastSent.step, state: lastSent.state)
    guard (try? connection.send(text: encode(hello))) != nil else { return nil }
    mailbox.withLock { $0.isConnected = true }
    return connection
  }
}

/// A batch of entries as the mailbox holds it: erased, so that the store's side hands it over
/// through code that does not depend on the state's type.
@usableFromInline
struct LiveBatch: Sendable {
  /// The entries, a `[LiveEntry<State>]`.
  @usableFromInline let entries: any Sendable
  @usableFromInline let count: Int
  /// The steps it holds (an entry may be no step: a jump, a pause).
  @usableFromInline let steps: Int

  @inlinable
  init<State>(_ entries: [LiveEntry<State>], steps: Int) {
    self.entries = entries
    count = entries.count
    self.steps = steps
  }
}

/// What the store's side and the inspector's thread share, under one lock.
struct LiveMailbox {
  /// Batches as the store's side handed them, oldest first.
  private var batches: [LiveBatch] = []
  private var count = 0
  /// Steps dropped since the thread last took the batches.
  private var dropped = 0
  /// Batches dropped unread, for the thread to free.
  private var discarded: [LiveBatch] = []
  /// Whether the store's side found no room and waits to be asked for a hand-off.
  private var roomWanted = false
  var isStopped = false
  var isConnected = false

  /// Adds a batch, dropping the oldest past `limit` entries (the newest always stays); returns
  /// the dropped batches to free now when the thread has not taken the last ones (so that a
  /// stuck thread does not keep them all).
  mutating func post(_ batch: LiveBatch, dropped droppedBefore: Int, limit: Int) -> [LiveBatch] {
    dropped += droppedBefore
    guard batch.count > 0 else { return [] }
    batches.append(batch)
    count += batch.count
    guard count > limit, batches.count > 1 else { return [] }
    var oldest = 0
    while count > limit, oldest < batches.count - 1 {
      count -= batches[oldest].count
      dropped += batches[oldest].steps
      oldest += 1
    }
    discarded += batches[..<oldest]
    batches.removeFirst(oldest)
    guard discarded.count > 64 else { return [] }
    defer { discarded = [] }
    return discarded
  }

  /// Whether another batch fits; if not, the store's side waits for `roomWanted`.
  mutating func hasRoom(limit: Int) -> Bool {
    if count < limit { return true }
    roomWanted = true
    return false
  }

  /// Takes every batch, the discarded ones and the count of dropped steps, leaving it empty, and
  /// whether the store's side waits for room.
  mutating func takeAll() -> (
    batches: [LiveBatch], discarded: [LiveBatch], dropped: Int, isStopped: Bool, roomWanted: Bool
  ) {
    defer {
      batches = []
      discarded = []
      count = 0
      dropped = 0
      roomWanted = false
    }
    return (batches, discarded, dropped, isStopped, roomWanted)
  }
}
