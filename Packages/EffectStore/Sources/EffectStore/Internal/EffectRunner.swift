/// Starts the effects a store's reducer returns and keeps track of their tasks, for
/// cancellation by id and for cancelling everything when the store goes away.
@usableFromInline
@MainActor
final class EffectRunner<Action> {
  /// Effects returned by the reducer, waiting to start once the action's change is applied.
  @usableFromInline let pending: PendingEffects<Action>
  /// Dispatches follow-up actions into the store; it captures the engine weakly, because the
  /// engine holds this runner.
  @usableFromInline var dispatch: (@MainActor (Action) -> Void)?
  private var running: [Int: Task<Void, Never>] = [:]
  private var idsByCancelID: [AnyHashable: Set<Int>] = [:]
  private var lastTaskID = 0
  /// The tasks started while each open collection lasts (a `send`, a plan's step), innermost
  /// last; every task started is added to each of them.
  private var collections: [[Task<Void, Never>]] = []

  @usableFromInline init(pending: PendingEffects<Action>) {
    self.pending = pending
  }

  /// Starts every pending effect, and those they add, in order.
  @inlinable
  func startPending() {
    if pending.effects.isEmpty { return }
    startAll()
  }

  @usableFromInline
  func startAll() {
    while !pending.effects.isEmpty {
      let effects = pending.effects
      pending.effects.removeAll(keepingCapacity: true)
      for effect in effects { _ = start(effect, cancelIDs: []) }
    }
  }

  /// Starts one effect; returns the tasks it started (empty when it finished synchronously).
  func start(_ effect: Effect<Action>, cancelIDs: [AnyHashable]) -> [Task<Void, Never>] {
    switch effect.operation {
    case .none:
      return []
    case .send(let action):
      dispatch?(action)
      return []
    case .run(let priority, let work):
      let send = Send<Action> { [weak self] action in self?.dispatch?(action) }
      return [track(cancelIDs: cancelIDs) { Task(priority: priority) { await work(send) } }]
    case .merge(let effects):
      return effects.flatMap { start($0, cancelIDs: cancelIDs) }
    case .concatenate(let effects):
      return startInOrder(effects[...], cancelIDs: cancelIDs)
    case .cancellable(let id, let cancelInFlight, let inner):
      if cancelInFlight { cancel(id: id) }
      return start(inner, cancelIDs: cancelIDs + [id])
    case .cancel(let id):
      cancel(id: id)
      return []
    }
  }

  /// Starts effects one after another; synchronous ones at once, and from the first that
  /// leaves work running, the rest in a task that waits for each.
  private func startInOrder(_ effects: ArraySlice<Effect<Action>>, cancelIDs: [AnyHashable])
    -> [Task<Void, Never>]
  {
    var rest = effects
    while let effect = rest.popFirst() {
      // A step's work includes the effects of the actions it sent, when they ran at once.
      let started = collectingTasks { _ = start(effect, cancelIDs: cancelIDs) }
      if started.isEmpty { continue }
      if rest.isEmpty { return started }
      let remaining = rest
      return [
        track(cancelIDs: cancelIDs) {
          Task { @MainActor [weak self] in
            for task in started { await task.value }
            guard let self, !Task.isCancelled else { return }
            for task in self.startInOrder(remaining, cancelIDs: cancelIDs) { await task.value }
          }
        }
      ]
    }
    return []
  }

  private func track(cancelIDs: [AnyHashable], _ makeTask: () -> Task<Void, Never>) -> Task<Void, Never> {
    lastTaskID += 1
    let id = lastTaskID
    let task = makeTask()
    running[id] = task
    for cancelID in cancelIDs { idsByCancelID[cancelID, default: []].insert(id) }
    for index in collections.indices { collections[index].append(task) }
    Task { @MainActor [weak self] in
      await task.value
      self?.finished(id, cancelIDs: cancelIDs)
    }
    return task
  }

  /// Runs `body` and returns every task started meanwhile, by it or by the dispatches it caused.
  @usableFromInline
  func collectingTasks(_ body: () -> Void) -> [Task<Void, Never>] {
    collections.append([])
    body()
    return collections.removeLast()
  }

  private func finished(_ id: Int, cancelIDs: [AnyHashable]) {
    running[id] = nil
    for cancelID in cancelIDs {
      idsByCancelID[cancelID]?.remove(id)
      if idsByCancelID[cancelID]?.isEmpty == true { idsByCancelID[cancelID] = nil }
    }
  }

  func cancel(id: AnyHashable) {
    guard let ids = idsByCancelID.removeValue(forKey: id) else { return }
    for taskID in ids { running.removeValue(forKey: taskID)?.cancel() }
  }

  /// The number of tasks still running.
  var runningCount: Int { running.count }

  func cancelAll() {
    for task in running.values { task.cancel() }
    running.removeAll()
    idsByCancelID.removeAll()
  }
}

/// The effects a reducer returned during one dispatch, waiting to start. A plain object, so the
/// engine's reducer (which is not main-actor isolated, to avoid an executor check per action)
/// can append to it.
@usableFromInline
final class PendingEffects<Action> {
  // Exclusivity: appended to by the reducer and emptied by the runner after the reducer has
  // returned, both on the main actor; the two never overlap.
  @exclusivity(unchecked) @usableFromInline var effects: ContiguousArray<Effect<Action>> = []

  @usableFromInline init() {}
}
