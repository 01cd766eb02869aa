import ReduxCore

/// Starts the effects a store's reducer returns and keeps track of their tasks, for
/// cancellation by id and for cancelling everything when the store goes away.
///
/// It belongs to its store's isolation domain; the tasks it starts come back to the store's
/// home to send actions and to report that they finished.
@usableFromInline
final class EffectRunner<Action> {
  /// Effects returned by the reducer, waiting to start once the action's change is applied.
  @usableFromInline let pending: PendingEffects<Action>
  // Exclusivity: set once, when the store is created.
  /// Dispatches follow-up actions into the store; it captures the engine weakly, because the
  /// engine holds this runner.
  @exclusivity(unchecked) @usableFromInline var dispatch: ((Action) -> Void)?
  /// Reads the store's state, for the liveness checks of element scopes.
  @usableFromInline var readState: (() -> Any?)?
  /// The engine's number for the action being applied, to hand a queued action its tasks.
  @usableFromInline var currentActionNumber: (() -> Int)?
  /// Where the tasks come back to: the store's home, `nil` while it has none.
  @usableFromInline var readHome: (() -> StoreHome?)?
  /// Queued actions whose `send` returned a task, oldest first, until their action runs.
  // Exclusivity: read after each action and appended to by `send`, in the store's domain, never
  // during each other.
  @exclusivity(unchecked) @usableFromInline var followedQueuedActions: [QueuedActionWork] = []
  private var running: [Int: (task: Task<Void, Never>, lifetime: EffectLifetime)] = [:]
  /// The element scopes with work started, and how to tell they are still in the state.
  private var liveScopes: [EffectID: (Any) -> Bool] = [:]
  // Exclusivity: read in the store's domain after each action, written by `start` and
  // `checkScopes`, never during each other.
  @exclusivity(unchecked) @usableFromInline var hasLiveScopes = false
  private var idsByCancelID: [EffectID: Set<Int>] = [:]
  private var lastTaskID = 0
  // Exclusivity: the two properties below are read and written only by `collectingTasks` and
  // `track`, in the store's domain, never while another access to them is in progress.
  /// How many collections are open (a `send`, a plan's step, nested).
  @exclusivity(unchecked) @usableFromInline var openCollections = 0
  /// The tasks started while any collection is open; each collection takes the ones after the
  /// count it saw when it opened, so nested collections share one array.
  @exclusivity(unchecked) @usableFromInline var collectedTasks: [Task<Void, Never>] = []

  @usableFromInline init(pending: PendingEffects<Action>) {
    self.pending = pending
  }

  /// Starts every pending effect, and those they add, in order.
  @inlinable
  func startPending() {
    if _slowPath(!followedQueuedActions.isEmpty) { return startPendingOfFollowedAction() }
    if !pending.effects.isEmpty { startAll() }
    if _slowPath(hasLiveScopes) { checkScopes() }
  }

  /// Follows a queued action until it runs, so its `send`'s task can track its work.
  @usableFromInline
  func follow(actionNumber: Int) -> QueuedActionWork {
    let work = QueuedActionWork(actionNumber: actionNumber)
    followedQueuedActions.append(work)
    return work
  }

  /// `startPending` while a queued action is followed: when the action being applied is the
  /// followed one, the tasks its effects start are handed to its `send`'s task.
  @usableFromInline
  func startPendingOfFollowedAction() {
    let number = currentActionNumber?() ?? 0
    // An action whose turn passed with no change applied (a middleware dropped it) started no
    // work: its task stays empty.
    followedQueuedActions.removeAll { $0.actionNumber < number }
    if let followed = followedQueuedActions.first, followed.actionNumber == number {
      followedQueuedActions.removeFirst()
      followed.take(collectingTasks { if !pending.effects.isEmpty { startAll() } })
    } else if !pending.effects.isEmpty {
      startAll()
    }
    if hasLiveScopes { checkScopes() }
  }

  /// Cancels the work of every element scope whose element left the state, and forgets scopes
  /// with no work left.
  @usableFromInline
  func checkScopes() {
    guard let state = readState?() else { return }
    for (id, isAlive) in liveScopes {
      if idsByCancelID[id] == nil {
        liveScopes[id] = nil
      } else if !isAlive(state) {
        cancel(id: id)
        liveScopes[id] = nil
      }
    }
    hasLiveScopes = !liveScopes.isEmpty
  }

  // Exclusivity: used only by `startAll`, which never runs inside itself (it runs after an
  // action, and the `.send`s it makes are queued, not run, at that point).
  /// The effects being started; swapped with the pending list so neither is ever copied.
  @exclusivity(unchecked) @usableFromInline var starting: ContiguousArray<Effect<Action>> = []

  /// Inlinable, so `.send`, the common synchronous effect, is handled in code specialized for
  /// the store's action type; other effects go to the general path.
  @inlinable
  func startAll() {
    while !pending.effects.isEmpty {
      swap(&starting, &pending.effects)
      for index in starting.indices {
        switch starting[index].operation {
        case .none: break
        case .send(let action): dispatch?(action)
        case .work: _ = start(starting[index], cancelIDs: [])
        }
      }
      starting.removeAll(keepingCapacity: true)
    }
  }

  /// What is left to do while starting an effect: an effect to start, or a concatenation to
  /// carry on once its previous step has been started.
  private enum StartStep {
    /// `namespace` is the element scope the effect belongs to: its ids are that element's.
    case start(Effect<Action>, cancelIDs: [EffectID], namespace: EffectID?)
    /// `mark` is how many tasks had been collected before the previous step started: more
    /// now means that step left work running, and the rest must wait for it.
    case carryOn(ArraySlice<Effect<Action>>, cancelIDs: [EffectID], namespace: EffectID?, mark: Int)
  }

  /// Starts one effect; returns the tasks it started (empty when it finished synchronously).
  ///
  /// A loop over an explicit list of steps, not recursion, so an effect nested 100,000 levels
  /// deep (merges, concatenations, cancellable wrappers) uses no extra stack.
  @usableFromInline
  func start(_ effect: Effect<Action>, cancelIDs: [EffectID], namespace: EffectID? = nil)
    -> [Task<Void, Never>]
  {
    let mark = collectedTasks.count
    openCollections += 1
    var steps: [StartStep] = [.start(effect, cancelIDs: cancelIDs, namespace: namespace)]
    while let step = steps.popLast() {
      switch step {
      case .start(let effect, let cancelIDs, let namespace):
        switch effect.operation {
        case .none:
          break
        case .send(let action):
          dispatch?(action)
        case .work(.run(let priority, let work)):
          let home = requireHome()
          let lifetime = EffectLifetime()
          let dispatch = HomeBound { [weak self] (action: Action) in
            // Dropped once cancelled, even if the send was already on its way.
            if !lifetime.isCancelled { self?.dispatch?(action) }
          }
          let send = Send<Action> { action in
            let action = HomeBound(action)
            await home.run(dispatch) { dispatch in dispatch(action.value) }
          }
          _ = track(cancelIDs: cancelIDs, lifetime: lifetime, home: home, priority: priority) {
            await work(send)
          }
        case .work(.merge(let effects)):
          for effect in effects.reversed() {
            steps.append(.start(effect, cancelIDs: cancelIDs, namespace: namespace))
          }
        case .work(.concatenate(let effects)):
          steps.append(
            .carryOn(effects[...], cancelIDs: cancelIDs, namespace: namespace, mark: collectedTasks.count))
        case .work(.cancellable(let id, let cancelInFlight, let inner)):
          let id = Self.id(id, in: namespace)
          if cancelInFlight { cancel(id: id) }
          steps.append(.start(inner, cancelIDs: cancelIDs + [id], namespace: namespace))
        case .work(.cancel(let id)):
          cancel(id: Self.id(id, in: namespace))
        case .work(.scoped(let scope, let inner)):
          let scopeID = Self.id(scope.id, in: namespace)
          liveScopes[scopeID] = scope.isAlive
          hasLiveScopes = true
          steps.append(.start(inner, cancelIDs: cancelIDs + [scopeID], namespace: scopeID))
        }
      case .carryOn(var rest, let cancelIDs, let namespace, let stepMark):
        if collectedTasks.count > stepMark {
          // The previous step left work running (its own, or that of the actions it sent when
          // they ran at once): the rest starts in a task once that work is done.
          if rest.isEmpty { break }
          let started = Array(collectedTasks[stepMark...])
          let remaining = Effect<Action>.concatenate(Array(rest))
          let home = requireHome()
          let lifetime = EffectLifetime()
          let startRest = HomeBound { [weak self] () -> [Task<Void, Never>] in
            guard let self, !lifetime.isCancelled else { return [] }
            return self.start(remaining, cancelIDs: cancelIDs, namespace: namespace)
          }
          _ = track(cancelIDs: cancelIDs, lifetime: lifetime, home: home) {
            for task in started { await task.value }
            for task in await home.run(startRest, { startRest in startRest() }) ?? [] {
              await task.value
            }
          }
          break
        }
        guard let next = rest.popFirst() else { break }
        steps.append(
          .carryOn(rest, cancelIDs: cancelIDs, namespace: namespace, mark: collectedTasks.count))
        steps.append(.start(next, cancelIDs: cancelIDs, namespace: namespace))
      }
    }
    openCollections -= 1
    return closeCollection(from: mark)
  }

  /// An id as seen inside an element scope: the element's own.
  private static func id(_ id: EffectID, in namespace: EffectID?) -> EffectID {
    guard let namespace else { return id }
    return EffectID(NamespacedID(namespace: namespace, id: id))
  }

  /// The store's home, which async work needs to come back to.
  private func requireHome() -> StoreHome {
    guard let home = readHome?() else { EffectStoreError.noHomeForAsyncWork() }
    return home
  }

  /// Starts a task for `body` that forgets itself when done, and records it for cancellation.
  private func track(
    cancelIDs: [EffectID], lifetime: EffectLifetime, home: StoreHome, priority: TaskPriority? = nil,
    _ body: @escaping @Sendable () async -> Void
  ) -> Task<Void, Never> {
    lastTaskID += 1
    let id = lastTaskID
    // It reports that it finished at the store's home, so not before this method has returned
    // and recorded it.
    let finished = HomeBound { [weak self] in self?.finished(id, cancelIDs: cancelIDs) }
    let task = Task(priority: priority) {
      await body()
      await home.run(finished) { finished in finished() }
    }
    running[id] = (task, lifetime)
    for cancelID in cancelIDs { idsByCancelID[cancelID, default: []].insert(id) }
    if openCollections > 0 { collectedTasks.append(task) }
    return task
  }

  /// Runs `body` and returns every task started meanwhile, by it or by the dispatches it caused.
  /// - Complexity: O(1) and no allocation when `body` starts no task.
  @inlinable
  func collectingTasks(_ body: () -> Void) -> [Task<Void, Never>] {
    let mark = collectedTasks.count
    openCollections += 1
    body()
    openCollections -= 1
    if _fastPath(collectedTasks.count == mark) { return [] }
    return closeCollection(from: mark)
  }

  @usableFromInline
  func closeCollection(from mark: Int) -> [Task<Void, Never>] {
    let tasks = Array(collectedTasks[mark...])
    if openCollections == 0 { collectedTasks.removeAll(keepingCapacity: true) }
    return tasks
  }

  private func finished(_ id: Int, cancelIDs: [EffectID]) {
    running[id] = nil
    for cancelID in cancelIDs {
      idsByCancelID[cancelID]?.remove(id)
      if idsByCancelID[cancelID]?.isEmpty == true { idsByCancelID[cancelID] = nil }
    }
  }

  func cancel(id: EffectID) {
    guard let ids = idsByCancelID.removeValue(forKey: id) else { return }
    for taskID in ids {
      guard let entry = running.removeValue(forKey: taskID) else { continue }
      entry.lifetime.isCancelled = true
      entry.task.cancel()
    }
  }

  /// The number of tasks still running.
  var runningCount: Int { running.count }

  func cancelAll() {
    for entry in running.values {
      entry.lifetime.isCancelled = true
      entry.task.cancel()
    }
    running.removeAll()
    idsByCancelID.removeAll()
    liveScopes.removeAll()
    hasLiveScopes = false
  }
}

/// Whether one piece of effect work was cancelled: its `Send` checks it, so that nothing the
/// work sends after its cancellation (or had already sent, on its way to the store's home)
/// reaches a reducer.
///
/// Read and written only at the store's home: by the runner, and by the work's `send` once it is
/// back there.
final class EffectLifetime {
  var isCancelled = false
}

/// The effects a reducer returned during one dispatch, waiting to start.
@usableFromInline
final class PendingEffects<Action> {
  // Exclusivity: appended to by the reducer and emptied by the runner after the reducer has
  // returned, both in the store's domain; the two never overlap.
  @exclusivity(unchecked) @usableFromInline var effects: ContiguousArray<Effect<Action>> = []

  @usableFromInline init() {}
}
