import ReduxCore
import Synchronization

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
  /// The plan step whose work is being started (by the step itself, or by an action that work
  /// sent): every task started meanwhile belongs to it, so the next step waits for it.
  private var activeWork: StepWork?

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
    /// `work` is the plan step it is part of, if any.
    case start(Effect<Action>, cancelIDs: [EffectID], namespace: EffectID?, work: StepWork?)
    /// `work` gathers the tasks of the concatenation's current step; `mark` is how many it had
    /// before that step started: more now means the step left work running, and the rest must
    /// wait for it. `outer` is the step the concatenation itself is part of.
    case carryOn(
      ArraySlice<Effect<Action>>, cancelIDs: [EffectID], namespace: EffectID?, mark: Int,
      work: StepWork, outer: StepWork?)
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
    let enclosingWork = activeWork
    defer { activeWork = enclosingWork }
    var steps: [StartStep] = [
      .start(effect, cancelIDs: cancelIDs, namespace: namespace, work: enclosingWork)
    ]
    while let step = steps.popLast() {
      switch step {
      case .start(let effect, let cancelIDs, let namespace, let work):
        activeWork = work
        switch effect.operation {
        case .none:
          break
        case .send(let action):
          dispatch?(action)
        case .work(.run(let priority, let operation)):
          startRun(operation, priority: priority, cancelIDs: cancelIDs)
        case .work(.merge(let effects)):
          for effect in effects.reversed() {
            steps.append(.start(effect, cancelIDs: cancelIDs, namespace: namespace, work: work))
          }
        case .work(.concatenate(let effects)):
          steps.append(
            .carryOn(
              effects[...], cancelIDs: cancelIDs, namespace: namespace, mark: 0,
              work: StepWork(partOf: work), outer: work))
        case .work(.cancellable(let id, let cancelInFlight, let inner)):
          let id = Self.id(id, in: namespace)
          if cancelInFlight { cancel(id: id) }
          steps.append(.start(inner, cancelIDs: cancelIDs + [id], namespace: namespace, work: work))
        case .work(.cancel(let id)):
          cancel(id: Self.id(id, in: namespace))
        case .work(.scoped(let scope, let inner)):
          let scopeID = Self.id(scope.id, in: namespace)
          liveScopes[scopeID] = scope.isAlive
          hasLiveScopes = true
          steps.append(.start(inner, cancelIDs: cancelIDs + [scopeID], namespace: scopeID, work: work))
        }
      case .carryOn(var rest, let cancelIDs, let namespace, let stepMark, let work, let outer):
        if work.startedCount > stepMark {
          // The previous step left work running (its own, or that of the actions it sent, at
          // once or later): the rest starts in a task once all of it is done.
          if rest.isEmpty { break }
          activeWork = outer
          carryOnLater(.concatenate(Array(rest)), after: work, cancelIDs: cancelIDs, namespace: namespace)
          break
        }
        guard let next = rest.popFirst() else { break }
        steps.append(
          .carryOn(
            rest, cancelIDs: cancelIDs, namespace: namespace, mark: work.startedCount, work: work,
            outer: outer))
        steps.append(.start(next, cancelIDs: cancelIDs, namespace: namespace, work: work))
      }
    }
    openCollections -= 1
    return closeCollection(from: mark)
  }

  /// Starts a plan's steps and returns their work, which grows as the steps run (including the
  /// work of actions its last step sends later); `nil` for a plan that finished at once.
  func startPlan(_ steps: Effect<Action>) -> StepWork? {
    let plan = StepWork(partOf: activeWork)
    let enclosing = activeWork
    activeWork = plan
    _ = start(steps, cancelIDs: [])
    activeWork = enclosing
    return plan.startedCount > 0 ? plan : nil
  }

  /// Starts a `.run` effect's work in a task; what it sends is applied at the store's home as
  /// part of the plan step the effect belongs to, if any.
  private func startRun(
    _ operation: @escaping @Sendable (Send<Action>) async -> Void, priority: TaskPriority?,
    cancelIDs: [EffectID]
  ) {
    let home = requireHome()
    let lifetime = EffectLifetime()
    let work = activeWork
    let dispatch = HomeBound { [weak self] (action: Action) in
      // Dropped once cancelled (by id, or by cancelling its task), even if the send was
      // already on its way: this runs in the effect's own task.
      guard let self, !lifetime.isCancelled, !Task.isCancelled else { return }
      let enclosing = self.activeWork
      self.activeWork = work
      self.dispatch?(action)
      self.activeWork = enclosing
    }
    let send = Send<Action> { action in
      guard !Task.isCancelled else { return }
      let action = HomeBound(action)
      await home.run(dispatch) { dispatch in dispatch(action.value) }
    }
    _ = track(cancelIDs: cancelIDs, lifetime: lifetime, home: home, priority: priority) {
      await operation(send)
    }
  }

  /// Starts the rest of a concatenation once every task of its current step is done: a task,
  /// part of the step the concatenation belongs to. Cancelling it (a plan's `StoreTask`, an id)
  /// cancels the step's work, and the rest never starts.
  private func carryOnLater(
    _ remaining: Effect<Action>, after work: StepWork, cancelIDs: [EffectID], namespace: EffectID?
  ) {
    let home = requireHome()
    let lifetime = EffectLifetime()
    let startRest = HomeBound { [weak self] () -> Void in
      guard let self, !lifetime.isCancelled, !Task.isCancelled else { return }
      let enclosing = self.activeWork
      self.activeWork = work
      _ = self.start(remaining, cancelIDs: cancelIDs, namespace: namespace)
      self.activeWork = enclosing
    }
    _ = track(cancelIDs: cancelIDs, lifetime: lifetime, home: home) {
      await withTaskCancellationHandler {
        await work.waitUntilDone()
        if Task.isCancelled { return }
        await home.run(startRest) { startRest in startRest() }
        await work.waitUntilDone()
      } onCancel: {
        work.cancelAll()
      }
    }
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
    activeWork?.add(task)
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

/// The tasks of one step of a concatenation (a plan's step): those the step started, and those
/// started by the actions its work sent, at once or later. The next step waits until they are
/// all done; cancelling the wait cancels them. A step of a concatenation that is itself a step
/// of another counts as work of that one too.
///
/// Tasks are added at the store's home and awaited from the task that carries the plan on, so
/// the list is behind a lock.
@usableFromInline
final class StepWork: Sendable {
  private let enclosing: StepWork?
  private let state = Mutex<(tasks: [Task<Void, Never>], isCancelled: Bool)>(([], false))

  init(partOf enclosing: StepWork?) {
    self.enclosing = enclosing
  }

  /// How many tasks the step has started so far.
  var startedCount: Int { state.withLock { $0.tasks.count } }

  /// Adds a task to this step and to every step that encloses it (a loop: concatenations
  /// nested thousands deep must not use the stack).
  func add(_ task: Task<Void, Never>) {
    var step: StepWork? = self
    while let current = step {
      let cancelled = current.state.withLock { state in
        state.tasks.append(task)
        return state.isCancelled
      }
      if cancelled { task.cancel() }
      step = current.enclosing
    }
  }

  /// Waits until every task added so far, and every task added meanwhile, is done.
  func waitUntilDone() async {
    var done = 0
    while true {
      let tasks = state.withLock { state in state.tasks[done...] }
      if tasks.isEmpty { return }
      for task in tasks { await task.value }
      done += tasks.count
    }
  }

  /// Cancels every task of the step, and any added later.
  func cancelAll() {
    let tasks = state.withLock { state in
      state.isCancelled = true
      return state.tasks
    }
    for task in tasks { task.cancel() }
  }
}

/// The effects a reducer returned during one dispatch, waiting to start.
@usableFromInline
final class PendingEffects<Action> {
  // Exclusivity: appended to by the reducer and emptied by the runner after the reducer has
  // returned, both in the store's domain; the two never overlap.
  @exclusivity(unchecked) @usableFromInline var effects: ContiguousArray<Effect<Action>> = []

  @usableFromInline init() {}
}
