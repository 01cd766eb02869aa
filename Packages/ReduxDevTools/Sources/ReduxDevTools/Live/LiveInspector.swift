internal import Foundation
public import ReduxCore

/// Connects a store of any style to the live inspector, `redux-inspect --live`: each action
/// appears on the page as it happens, with what it changed and the state after it, and the page
/// steers the running store (jump to a past step and back, skip an action, pause, dispatch).
///
/// ```swift
/// let store = createStore(reducer: counterReducer, initialState: Counter())
/// let inspector = LiveInspector(of: store, label: "counter")
/// store.dispatch(.increment)  // on the page within a few milliseconds
/// ```
///
/// Keep the inspector as long as the store should be inspected (a property beside the store);
/// when it goes, the connection closes. Build it into debug builds only:
/// `#if DEBUG` around the line that makes it.
///
/// What it costs the store: after each action the reducer applies (inside every middleware), the
/// action and the state are written into a ring of the newest `stepsKept` steps (the state
/// shares its storage with the store's), and a batch of steps is handed to the inspector's own
/// thread when the store's actor is next free.
/// That thread describes and encodes the actions and states, lists what changed, and sends them.
/// When no server is there, it tries again twice a second and keeps what waits within a fixed
/// size, dropping the oldest steps (the page is told how many); nothing ever blocks a dispatch.
///
/// What leaves the process is redacted as a recording is: `Redacted` values are sent as
/// `"<redacted>"`, and never reach the socket.
///
/// From the page:
/// - a click on a past step shows it in the app: the store's state is set to that step's (as
///   `StoreHistory` does: observers told, no effect run again); "Live" returns to the newest;
///   an action the app dispatches meanwhile applies to the state shown, and the store is live
///   again from there;
/// - "Skip" recomputes the state without that action, by applying the kept actions after it to
///   the reducer alone (no middleware, no effect); the steps must still be kept (`stepsKept`);
/// - "Pause" stops sending steps until "Resume";
/// - "Dispatch" sends an action typed as JSON, decoded as the store's action type when it is
///   `Decodable` (the page shows why not otherwise).
///
/// > Note: It belongs to its store's isolation domain, like the store. Steering needs the
/// > store's actor (the caller's, or the one the store lives on): a store made outside any
/// > actor is shown, and the page's commands are answered with a message.
public final class LiveInspector<State: Encodable & Sendable, Action> {
  @usableFromInline let steps: LiveSteps<State, Action>
  @usableFromInline weak var engine: StoreEngine<State, Action>?
  @usableFromInline var recording: AddedMiddleware?
  private let work: AsyncStream<HomeWork>.Continuation
  /// Steps skipped from the page.
  private var skipped: Set<Int> = []

  /// What the store's actor is asked to do by the inspector's thread.
  enum HomeWork: Sendable {
    case handOff
    case command(Data)
  }

  /// Connects a store whose actions are `Sendable`: they are described and encoded on the
  /// inspector's thread, off the store's actor.
  ///
  /// ```swift
  /// let inspector = LiveInspector(of: store, label: "counter")
  /// ```
  /// - Parameters:
  ///   - store: The store, of any style (a root store).
  ///   - server: Where the server is; ``LiveInspectorServer/local`` finds the one running on
  ///     this machine.
  ///   - label: The store's name on the page; give each store of an app its own.
  ///   - stepsKept: How many of the newest steps the app keeps, for jumps and skips from the
  ///     page (each holds the state after its action).
  ///   - isolation: Where the store lives; leave the default, the caller's actor.
  @inlinable
  public convenience init<Store: StateStore>(
    of store: Store, server: LiveInspectorServer = .local, label: String = "store", stepsKept: Int = 100,
    isolation: (any Actor)? = #isolation
  ) where Store.State == State, Store.EngineAction == Action, Action: Sendable {
    self.init(
      engine: store.engine, server: server, label: label, stepsKept: stepsKept, isolation: isolation,
      describe: { .sendable($0) })
    startRecording(isolation: isolation)
  }

  /// Connects a store whose actions are not `Sendable` (a class-based store's commits): each
  /// is described on the store's actor, when its batch is handed to the inspector's thread.
  ///
  /// ```swift
  /// let inspector = LiveInspector(of: store, label: "counter")
  /// ```
  /// - Parameters:
  ///   - store: The store, of any style (a root store).
  ///   - server: Where the server is; ``LiveInspectorServer/local`` finds the one running on
  ///     this machine.
  ///   - label: The store's name on the page; give each store of an app its own.
  ///   - stepsKept: How many of the newest steps the app keeps, for jumps and skips from the page.
  ///   - isolation: Where the store lives; leave the default, the caller's actor.
  @inlinable
  public convenience init<Store: StateStore>(
    of store: Store, server: LiveInspectorServer = .local, label: String = "store", stepsKept: Int = 100,
    isolation: (any Actor)? = #isolation
  ) where Store.State == State, Store.EngineAction == Action {
    self.init(
      engine: store.engine, server: server, label: label, stepsKept: stepsKept, isolation: isolation,
      // A type's own description is asked for directly: `String(describing:)` looks the
      // conformance up at run time, which cost a class-based commit most of a microsecond.
      describe: { .described(($0 as? any CustomStringConvertible)?.description ?? String(describing: $0)) })
    startRecording(isolation: isolation)
  }

  @usableFromInline
  init(
    engine: StoreEngine<State, Action>, server: LiveInspectorServer, label: String, stepsKept: Int,
    isolation: (any Actor)?, describe: @escaping (Action) -> LiveAction
  ) {
    self.engine = engine
    let (stream, work) = AsyncStream<HomeWork>.makeStream(bufferingPolicy: .unbounded)
    self.work = work
    let session = LiveSession<State>(
      server: server,
      identity: .init(
        instance: UUID().uuidString, label: label, style: engine.styleName,
        acceptsActions: Action.self is any Decodable.Type),
      onCommand: { work.yield(.command($0)) }, onRoom: { work.yield(.handOff) })
    // The caller's actor, or where the store says it lives (a store made in a nonisolated closure).
    let home = isolation.map(StoreHome.init) ?? engine.home
    steps = LiveSteps(
      state: engine.untrackedState, capacity: max(stepsKept, 1), session: session, describe: describe,
      askForHandOff: home == nil ? nil : { work.yield(.handOff) })
    let bound = HomeBound(WeakReference(self))
    if let home, home.actor === MainActor.shared {
      // Isolated to the main actor, the task's jobs go on the main queue itself: a hand-off
      // never waits behind the work queued for the global executor, which under load (a test
      // run of a thousand tests, an app's burst of background work) held steps back for seconds.
      // (Only the main actor: a task isolated to another actor would keep it alive as long as
      // the inspector, which that actor may own.)
      Task { @MainActor in
        for await item in stream { bound.value.value?.perform(item) }
      }
    } else if let home {
      Task {
        for await item in stream {
          await home.run(bound) { inspector in inspector.value?.perform(item) }
        }
      }
    } else {
      // No actor to steer on: commands are answered from the thread's side.
      Task {
        for await item in stream {
          if case .command = item {
            session.post(
              LiveBatch(
                [
                  LiveEntry<State>(
                    kind: .error(
                      "The store was made outside any actor, so the page cannot steer it; make it on an actor (the main actor, say)."
                    ),
                    time: 0)
                ], steps: 0))
          }
        }
      }
    }
    session.start(from: engine.untrackedState, lastStep: 0)
  }

  /// Keeps each step the store's dispatches apply. The recorder holds the steps strongly, not
  /// the inspector, and is compiled in the caller's module for its types (see `LiveSteps`).
  /// Not a middleware: a middleware's layers cost more than the recording itself (Benchmarks.md,
  /// "The live inspector").
  @inlinable
  func startRecording(isolation: (any Actor)?) {
    let steps = steps
    recording = engine?.recordSteps(isolation: isolation) { action, state in
      steps.record(action, giving: state)
    }
  }

  deinit {
    recording?.remove()
    work.finish()
    steps.session.stop()
  }

  /// Whether the inspector is connected to a server now.
  ///
  /// ```swift
  /// if !inspector.isConnected { print("start redux-inspect --live to see the store") }
  /// ```
  public var isConnected: Bool { steps.session.isConnected }

  /// Hands the steps not yet sent to the inspector's thread now, rather than when the store's
  /// actor is next free: for a test, or before a long synchronous stretch of work.
  ///
  /// ```swift
  /// inspector.flush()
  /// ```
  public func flush() { steps.handOff() }

  /// Stops inspecting: the connection closes and later actions are not sent.
  ///
  /// ```swift
  /// inspector.disconnect()
  /// ```
  public func disconnect() {
    steps.handOff()
    recording?.remove()
    recording = nil
    work.finish()
    steps.session.stop()
  }

  // MARK: - Steering

  private func perform(_ work: HomeWork) {
    switch work {
    case .handOff:
      steps.handOffAsked = false
      steps.handOff()
    case .command(let data):
      follow(data)
    }
  }

  private func follow(_ data: Data) {
    guard let command = try? JSONDecoder().decode(LiveCommand.self, from: data) else {
      return refuse("The app did not understand a command from the page.")
    }
    switch command.kind {
    case "jump": jump(to: command.step ?? steps.lastStep)
    case "live": jump(to: steps.lastStep)
    case "skip": toggleSkip(command.step ?? -1)
    case "pause": setPaused(true)
    case "resume": setPaused(false)
    case "dispatch": dispatch(actionIn: data)
    default: refuse("The app does not know the command \"\(command.kind)\"; update the package.")
    }
  }

  private func jump(to number: Int) {
    guard let engine else { return }
    guard let kept = steps.kept(number) else {
      return refuse(
        "Step \(number) is no longer kept by the app, which keeps the newest \(steps.promised) (give LiveInspector a larger stepsKept)."
      )
    }
    steps.handOff()
    let isNewest = number == steps.lastStep
    steps.shownStep = isNewest ? nil : number
    engine.travel(to: kept.state, operation: "LiveInspector (a jump from the page)")
    steps.handOff(then: [steps.entry(.shown(isNewest ? nil : number), state: kept.state)])
  }

  private func toggleSkip(_ number: Int) {
    guard let engine else { return }
    guard number > 0, number <= steps.lastStep, let base = steps.kept(number - 1) else {
      return refuse(
        "Step \(number) cannot be skipped: the app keeps the newest \(steps.promised) steps and the state before them (give LiveInspector a larger stepsKept)."
      )
    }
    steps.handOff()
    if skipped.contains(number) { skipped.remove(number) } else { skipped.insert(number) }
    // The state recomputed from the step before, each kept action after it applied to the
    // reducer alone, skipped ones left out.
    engine.travel(to: base.state, operation: "LiveInspector (a skip from the page)")
    var entries: [LiveEntry<State>] = []
    var before = base.state
    for later in number...steps.lastStep {
      guard let action = steps.kept(later)?.action else { continue }
      if !skipped.contains(later) {
        engine.replay(action, operation: "LiveInspector (a skip from the page)")
      }
      let state = engine.untrackedState
      steps.restate(later, as: state)
      entries.append(
        steps.entry(.restated(later, skipped: skipped.contains(later)), before: before, state: state))
      before = state
    }
    steps.shownStep = nil
    entries.append(steps.entry(.shown(nil), state: engine.untrackedState))
    steps.handOff(then: entries)
  }

  private func setPaused(_ paused: Bool) {
    guard let engine else { return }
    steps.handOff()
    steps.isPaused = paused
    // Resumed, the next step is counted from the state now, which actions during the pause
    // changed without a step.
    steps.handOff(then: [steps.entry(.paused(paused), state: paused ? nil : engine.untrackedState)])
    if !paused, steps.kept(steps.lastStep) != nil {
      steps.restate(steps.lastStep, as: engine.untrackedState)
    }
  }

  private func dispatch(actionIn data: Data) {
    guard let engine else { return }
    guard let decodable = Action.self as? any Decodable.Type else {
      return refuse(
        "This store's actions (\(Action.self)) are not Decodable, so the page cannot make one: declare the action type Decodable (Codable) to dispatch from the page."
      )
    }
    guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let value = object["action"],
      let actionData = try? JSONSerialization.data(withJSONObject: value, options: .fragmentsAllowed)
    else {
      return refuse("The page sent no action to dispatch.")
    }
    do {
      guard let action = try JSONDecoder().decode(decodable, from: actionData) as? Action else { return }
      engine.dispatch(action)
      steps.handOff()
    } catch {
      refuse(
        "The JSON does not decode as \(Action.self): \(error). Type it as the action type encodes, for instance as a step's value shows it."
      )
    }
  }

  private func refuse(_ message: String) {
    steps.handOff(then: [steps.entry(.error(message))])
  }
}

/// A weak reference that a task can carry to the store's actor.
final class WeakReference<Object: AnyObject> {
  weak var value: Object?
  init(_ value: Object) { self.value = value }
}
