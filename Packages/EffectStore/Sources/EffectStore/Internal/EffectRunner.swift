import ReduxCore

/// Starts the effects a store's reducer returns, after the action's change is applied, and
/// carries out what its ``EffectBook`` decides: cancelling by id, when a list element leaves,
/// and everything when the store goes away.
///
/// It belongs to its store's isolation domain; the tasks it starts come back to the store's
/// home to send actions and to report that they finished.
///
/// The engine runs it only after an action that left it work (``WorkAfterEachAction``): an
/// action whose reducer returns `.none` costs the effect style one append-free branch here.
@usableFromInline
final class EffectRunner<State, Action> {
  // Exclusivity: the properties marked unchecked are read and written in the store's domain
  // only, by the reducer's wrapper (`enqueue`), by the work after each action, and by `send`,
  // which never run during each other.
  /// Effects returned by the reducer, waiting to start once the action's change is applied.
  @exclusivity(unchecked) @usableFromInline var pending: ContiguousArray<Effect<Action>> = []
  /// The engine's flag for work after an action: raised while this runner has any.
  @usableFromInline let workAfterEachAction = WorkAfterEachAction()
  /// The store's engine: where effects send actions, and whose state, action numbers and home
  /// the runner reads. Weak, because the engine holds this runner (through its reducer).
  @usableFromInline weak var engine: StoreEngine<State, Action>?
  /// Queued actions whose `send` returned a task, oldest first, until their action runs.
  @exclusivity(unchecked) @usableFromInline var followedQueuedActions: [QueuedActionWork] = []
  @usableFromInline var book = EffectBook<(task: Task<Void, Never>, lifetime: EffectLifetime)>()
  // Exclusivity: the two properties below are read and written only by `startCollecting`,
  // `endCollecting` and `track`, in the store's domain, never while another access to them is
  // in progress.
  /// How many collections are open (a `send`, a plan's step, nested).
  @exclusivity(unchecked) @usableFromInline var openCollections = 0
  /// The tasks started while any collection is open; each collection takes the ones after the
  /// count it saw when it opened, so nested collections share one array.
  @exclusivity(unchecked) @usableFromInline var collectedTasks: [Task<Void, Never>] = []
  /// `collectedTasks.count`, kept apart: a `send` reads it twice, and an `Int` is one load where
  /// the array's count is two.
  @exclusivity(unchecked) @usableFromInline var collectedCount = 0
  /// Told whenever running work ends or is cancelled (a test store waiting for effects to end).
  var workEnded: (() -> Void)?
  /// The numbers of work whose body has returned, until the store's home records its end:
  /// written by the work's own task, so behind a lock. Made with the first task, so that a
  /// store that never starts one does not pay for it.
  var returnedWork: Locked<Set<Int>>?
  /// For a test store: the number of the action whose reducer returned each piece of work, by
  /// the work's number, so that work still running is traced to the action that started it.
  /// `nil` (nothing recorded) in an app.
  var startedBy: [Int: Int]?
  /// For a test store: told of each action a `.run` effect sends after its closure returned (a
  /// `send` escaped into a task of its own), which TCA reports too; `nil` in an app.
  var reportSendAfterEnd: (@Sendable (_ action: String) -> Void)?
  /// The numbers of work a test store no longer waits for (``skipRunningWork()``).
  var skippedWork: Set<Int> = []
  /// The plan step whose work is being started (by the step itself, or by an action that work
  /// sent): every task started meanwhile belongs to it, so the next step waits for it.
  var activeWork: StepWork?
  /// Whether a `send` is being applied: the work it starts, and the work of the actions that
  /// work sends, at once or later, make its task tree, which its ``StoreTask`` awaits and
  /// cancels, as TCA's task of a send does.
  @exclusivity(unchecked) @usableFromInline var isApplyingASend = false
  /// The task tree of the `send` being applied, made when its first task starts.
  @exclusivity(unchecked) @usableFromInline var treeOfTheSend: StepWork?
  /// The store's dependencies, in force when an action an effect sends reaches the reducer:
  /// not those the effect's own work runs with (`withDependencies` around a `.run`).
  @usableFromInline var dependencies = DependencyValues()
  /// The work inside effects that ids cancel (`withTaskCancellation`): made with the first
  /// `.run`, so that a store that runs none does not pay for it.
  private var _taskCancellers: Locked<TaskCancellers>?
  private var taskCancellers: Locked<TaskCancellers> {
    if let _taskCancellers { return _taskCancellers }
    let made = Locked(TaskCancellers())
    _taskCancellers = made
    return made
  }
  /// The open intervals of throttled effects, by id (``Effect/throttle(id:for:clock:latest:)``).
  var throttleWindows: [EffectID: ThrottleWindow<Action>] = [:]

  /// The collections this store follows for its element child stores, for `ForEachElement`
  /// to reach while the reducer runs; `nil` until the first element child store.
  @exclusivity(unchecked) @usableFromInline var rowFollowers: RowFollowers?

  @usableFromInline init() {}

  /// Makes `rows` reachable from the reducer's `ForEachElement`.
  @inlinable
  func follow<Rows: ElementCollection>(_ rows: FollowedRows<Rows>) {
    if rowFollowers == nil { rowFollowers = RowFollowers() }
    rowFollowers.unsafelyUnwrapped.add(rows)
  }

  /// Makes this the runner of `engine`, made with ``engineReducer(_:runner:)`` and
  /// ``workAfterEachAction`` of this runner (so after it): once, as the store is made.
  @inlinable func attach(to engine: StoreEngine<State, Action>) {
    self.engine = engine
    workAfterEachAction.setWork { [unowned self] in startPending() }
    engine.whenDisposed { [unowned self] in cancelAll() }
  }

  /// The engine's reducer for a feature's reducer: applies the action and keeps the effect it
  /// returns for after the change.
  @inlinable
  static func engineReducer<R: Reducer>(
    _ reducer: R, runner: EffectRunner
  ) -> (inout State, Action) -> Void where R.State == State, R.Action == Action {
    // In a class, so that each action borrows the reducer where it lies: captured by the
    // closure as a value, a large one (a `body` of nested scopes, each with its closures) was
    // copied out of the closure's context on every action.
    let kept = KeptReducer(reducer)
    return { state, action in
      let effect =
        if _slowPath(runner.rowFollowers != nil) {
          reduceFollowingRows(kept.reducer, &state, action, runner: runner)
        } else {
          kept.reducer.reduce(into: &state, action: action)
        }
      // A switch, not `isNone`: on `.none` the compiler then knows there is nothing to release.
      switch effect.operation {
      case .none: return
      case .send, .work: runner.enqueue(effect)
      }
    }
  }

  /// The reducer of a store with element child stores: apart, so that the common dispatch
  /// inlines the reducer once.
  @inlinable @inline(never)
  static func reduceFollowingRows<R: Reducer>(
    _ reducer: R, _ state: inout State, _ action: Action, runner: EffectRunner
  ) -> Effect<Action> where R.State == State, R.Action == Action {
    Unmanaged.passUnretained(runner.rowFollowers.unsafelyUnwrapped)._withUnsafeGuaranteedRef {
      $0.whileReducing { reducer.reduce(into: &state, action: action) }
    }
  }

  /// Keeps an effect to start once the action's change is applied. Never inlined: in the
  /// engine's reducer it would make every dispatch save and restore the registers it uses.
  @inlinable @inline(never)
  func enqueue(_ effect: Effect<Action>) {
    pending.append(effect)
    workAfterEachAction.isDue = true
  }

  /// Keeps the engine's flag raised exactly while there is work to do after the next action.
  @inlinable
  func updateWorkAfterEachAction() {
    workAfterEachAction.isDue = !pending.isEmpty || !followedQueuedActions.isEmpty || book.hasScopes
  }

  /// Starts every pending effect, and those they add, in order; then cancels the work of
  /// elements that left the state.
  ///
  /// Inlinable, like ``startAll()``, so the module that makes the store compiles it for its own
  /// action type: unspecialized, each `.send` spent thousands of instructions looking up
  /// generic metadata.
  @inlinable
  func startPending() {
    if _slowPath(workAfterEachAction.dropsNewWork) {
      // A replayed action: the actions its effects sent are replayed as their own steps.
      pending.removeAll()
    } else if _slowPath(!followedQueuedActions.isEmpty) {
      startPendingOfFollowedAction()
    } else if !pending.isEmpty {
      startAll()
    }
    if _slowPath(book.hasScopes) { cancelWorkOfElementsThatLeft() }
    updateWorkAfterEachAction()
  }

  /// Follows a queued action until it runs, so its `send`'s task can track its work.
  @usableFromInline
  func follow(actionNumber: Int) -> QueuedActionWork {
    let work = QueuedActionWork(actionNumber: actionNumber)
    followedQueuedActions.append(work)
    workAfterEachAction.isDue = true
    return work
  }

  /// `startPending` while a queued action is followed: when the action being applied is the
  /// followed one, the tasks its effects start are handed to its `send`'s task.
  @usableFromInline
  func startPendingOfFollowedAction() {
    let number = engine?.currentActionNumber ?? 0
    // An action whose turn passed with no change applied (a middleware dropped it) started no
    // work: its task stays empty.
    followedQueuedActions.removeAll { $0.actionNumber < number }
    if let followed = followedQueuedActions.first, followed.actionNumber == number {
      followedQueuedActions.removeFirst()
      followed.take(collectingTasks { if !pending.isEmpty { startAll() } })
    } else if !pending.isEmpty {
      startAll()
    }
  }

  /// Cancels the work of every element scope whose element left the state.
  @usableFromInline
  func cancelWorkOfElementsThatLeft() {
    guard let state = engine?.untrackedState else { return }
    for id in book.scopesWhoseElementLeft(state) { cancel(id: id) }
  }

  // Exclusivity: used only by `startAll`, which never runs inside itself (it runs after an
  // action, and the `.send`s it makes are queued, not run, at that point).
  /// The effects being started; swapped with the pending list so neither is ever copied.
  @exclusivity(unchecked) @usableFromInline var starting: ContiguousArray<Effect<Action>> = []

  /// Starts the pending effects; `.send`, the common synchronous effect, is handled here, other
  /// effects go to the general path.
  @inlinable
  func startAll() {
    while !pending.isEmpty {
      swap(&starting, &pending)
      for index in starting.indices {
        switch starting[index].operation {
        case .none: break
        case .send(let action): engine?.dispatch(action)
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
          engine?.dispatch(action)
        case .work(.run(let priority, let operation)):
          startRun(operation, priority: priority, cancelIDs: cancelIDs, namespace: namespace)
        case .work(.merge(let effects)):
          for effect in effects.reversed() {
            steps.append(.start(effect, cancelIDs: cancelIDs, namespace: namespace, work: work))
          }
        case .work(.concatenate(let effects)):
          let outer = work ?? workForNewTask()
          steps.append(
            .carryOn(
              effects[...], cancelIDs: cancelIDs, namespace: namespace, mark: 0,
              work: StepWork(partOf: outer), outer: outer))
        case .work(.cancellable(let id, let cancelInFlight, let inner)):
          let ids = Self.ids(id, inAndAround: namespace)
          if cancelInFlight { cancel(id: ids[0]) }
          steps.append(.start(inner, cancelIDs: cancelIDs + ids, namespace: namespace, work: work))
        case .work(.cancel(let id)):
          cancel(id: Self.id(id, in: namespace))
        case .work(.scoped(let scope, let inner)):
          let scopeID = Self.id(scope.id, in: namespace)
          book.scopeStarted(scopeID, isAlive: scope.isAlive)
          workAfterEachAction.isDue = true
          steps.append(.start(inner, cancelIDs: cancelIDs + [scopeID], namespace: scopeID, work: work))
        case .work(.throttled(let throttle, let inner)):
          let id = Self.id(throttle.id, in: namespace)
          if startThrottled(inner, throttle, id: id, cancelIDs: cancelIDs, namespace: namespace, work: work) {
            steps.append(.start(inner, cancelIDs: cancelIDs, namespace: namespace, work: work))
          }
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
    cancelIDs: [EffectID], namespace: EffectID?
  ) {
    let home = requireHome()
    let lifetime = EffectLifetime()
    let work = workForNewTask()
    let dependencies = dependencies
    let dispatch = HomeBound { [weak self] (action: Action) in
      // Dropped once cancelled (by id, or by cancelling its task), even if the send was
      // already on its way: this runs in the effect's own task.
      guard let self, !lifetime.isCancelled, !Task.isCancelled else { return }
      let enclosing = self.activeWork
      self.activeWork = work
      // The reducer sees the store's dependencies, not those of the effect's task.
      DependencyValues.$current.withValue(dependencies) { self.engine?.dispatch(action) }
      self.activeWork = enclosing
    }
    // A test store's: told of an action sent after the closure returned (an escaped `send`).
    let report = reportSendAfterEnd
    let ended = report == nil ? nil : Locked(false)
    let send = Send<Action> { action in
      guard !Task.isCancelled else { return }
      if let report, let ended, ended.withLock({ $0 }) { report("\(action)") }
      let action = HomeBound(action)
      await home.run(dispatch) { dispatch in dispatch(action.value) }
    }
    // `Task.cancel(id:)` from the work: back at home, in the namespace the effect belongs to.
    let cancelByID = HomeBound { [weak self] (id: EffectID) in self?.cancel(id: Self.id(id, in: namespace)) }
    let cancellers = taskCancellers
    let cancellation = EffectCancellation(
      cancel: { id in
        let id = HomeBound(id)
        await home.run(cancelByID) { cancel in cancel(id.value) }
      },
      register: { id, cancel in
        let ids = Self.ids(id, inAndAround: namespace)
        let token = cancellers.withLock { $0.add(cancel, under: ids) }
        return { cancellers.withLock { $0.remove(token, under: ids) } }
      })
    _ = track(cancelIDs: cancelIDs, lifetime: lifetime, home: home, priority: priority) {
      await EffectCancellation.$current.withValue(cancellation) { await operation(send) }
      ended?.withLock { $0 = true }
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
  static func id(_ id: EffectID, in namespace: EffectID?) -> EffectID {
    guard let namespace else { return id }
    return EffectID(NamespacedID(namespace: namespace, id: id))
  }

  /// A cancellable effect's id as its own scope sees it (first), then as each scope around it
  /// does, out to the store's: the effect is registered under all of them, so that a parent's
  /// `.cancel(id:)` reaches the effects its children and their children started under that id,
  /// as TCA's does, while a child's reaches neither its parent's nor its siblings'.
  static func ids(_ id: EffectID, inAndAround namespace: EffectID?) -> [EffectID] {
    var ids = [Self.id(id, in: namespace)]
    var scope = namespace
    while let inner = scope {
      scope = (inner.value.base as? NamespacedID)?.namespace
      ids.append(Self.id(id, in: scope))
    }
    return ids
  }

  /// The store's home, which async work needs to come back to.
  func requireHome() -> StoreHome {
    guard let engine else { EffectProgrammerError.noHomeForAsyncWork() }
    return engine.homeForAsyncWork { EffectProgrammerError.noHomeForAsyncWork() }
  }

  /// Starts a task for `body` that forgets itself when done, and records it for cancellation.
  func track(
    cancelIDs: [EffectID], lifetime: EffectLifetime, home: StoreHome, priority: TaskPriority? = nil,
    _ body: @escaping @Sendable () async -> Void
  ) -> Task<Void, Never> {
    let returned = returnedWork ?? Locked<Set<Int>>([])
    returnedWork = returned
    let owner = workForNewTask()
    var started = 0
    let (task, _) = book.start(cancelIDs: cancelIDs) { number in
      started = number
      // It reports that it finished at the store's home, so not before this method has
      // returned and recorded it.
      let finished = HomeBound { [weak self] in
        self?.finished(number, cancelIDs: cancelIDs)
        owner?.remove(number)
      }
      if startedBy != nil { startedBy?[number] = engine?.currentActionNumber ?? 0 }
      let task = Task(priority: priority) {
        await body()
        // Its work is over from here, though the store's home learns it a moment later: a
        // count of running work made meanwhile (a test store released) must not include it.
        returned.withLock { _ = $0.insert(number) }
        await home.run(finished) { finished in finished() }
      }
      return (task, lifetime)
    }
    if openCollections > 0 {
      collectedTasks.append(task)
      collectedCount = collectedTasks.count
    }
    owner?.add(task, number: started)
    return task
  }

  /// Runs `body` and returns every task started meanwhile, by it or by the dispatches it caused.
  /// - Complexity: O(1) and no allocation when `body` starts no task.
  @inlinable
  func collectingTasks(_ body: () -> Void) -> [Task<Void, Never>] {
    let mark = startCollecting()
    body()
    return endCollecting(from: mark) ?? []
  }

  /// Runs `body` and returns the work it started, as ``collectingTasks(_:)`` does; `.none` when
  /// it started none, with no empty array made and let go (a runtime call per send).
  @inlinable
  func collectingWork(_ body: () -> Void) -> StoreTask {
    let mark = startCollecting()
    let isNested = isApplyingASend
    isApplyingASend = true
    body()
    isApplyingASend = isNested
    // (A tree made for a concatenation that started no task stays for the next send that
    // starts one: nothing was added to it, and nothing will be.)
    guard let tasks = endCollecting(from: mark) else { return .none }
    return task(of: tasks, isNested: isNested)
  }

  /// A send's task: its tree, once the outermost send is applied; the tasks it started at once
  /// for a send inside another's (a subscriber's), whose tree is the outer one.
  @usableFromInline
  func task(of tasks: [Task<Void, Never>], isNested: Bool) -> StoreTask {
    guard !isNested else { return StoreTask(tasks: tasks) }
    defer { treeOfTheSend = nil }
    guard let tree = treeOfTheSend else { return StoreTask(tasks: tasks) }
    return StoreTask(.plan(tree))
  }

  /// The step or task tree a task started now belongs to: the plan step being started, or the
  /// tree of the `send` being applied (made here, with its first task); `nil` for work started
  /// outside any (an action dispatched without `send`).
  func workForNewTask() -> StepWork? {
    if let activeWork { return activeWork }
    guard isApplyingASend else { return nil }
    if let treeOfTheSend { return treeOfTheSend }
    let tree = StepWork(partOf: nil)
    treeOfTheSend = tree
    return tree
  }

  @inlinable
  func startCollecting() -> Int {
    openCollections &+= 1
    return collectedCount
  }

  /// The tasks started since `mark`; `nil` when none was.
  @inlinable
  func endCollecting(from mark: Int) -> [Task<Void, Never>]? {
    openCollections &-= 1
    if _fastPath(collectedCount == mark) { return nil }
    return closeCollection(from: mark)
  }

  @usableFromInline
  func closeCollection(from mark: Int) -> [Task<Void, Never>] {
    let tasks = Array(collectedTasks[mark...])
    if openCollections == 0 {
      collectedTasks.removeAll(keepingCapacity: true)
      collectedCount = 0
    }
    return tasks
  }

  private func finished(_ number: Int, cancelIDs: [EffectID]) {
    book.finished(number, cancelIDs: cancelIDs)
    returnedWork?.withLock { _ = $0.remove(number) }
    skippedWork.remove(number)
    startedBy?[number] = nil
    workEnded?()
  }

  func cancel(id: EffectID) {
    throttleWindows[id] = nil
    if let registered = _taskCancellers?.withLock({ $0.take(id) }) {
      for cancel in registered { cancel() }
    }
    let cancelled = book.cancel(id: id)
    for entry in cancelled {
      entry.lifetime.isCancelled = true
      entry.task.cancel()
    }
    if !cancelled.isEmpty { workEnded?() }
  }

  /// The number of tasks still running.
  /// The work still running: started, and whose body has not returned (work that returned and
  /// has yet to tell the store's home is over).
  var runningCount: Int { book.runningCount(excluding: notCounted) }

  /// The work not counted as running: whose body returned, or that a test skipped.
  private var notCounted: Set<Int> {
    let returned = returnedWork?.withLock { $0 } ?? []
    return skippedWork.isEmpty ? returned : returned.union(skippedWork)
  }

  /// Stops counting the work running now (a test store's `skipInFlightEffects()`): it goes
  /// on, and what it sends is applied, but a test no longer waits for it to end.
  /// - Returns: How much work that was.
  func skipRunningWork() -> Int {
    let running = book.runningNumbers(excluding: notCounted)
    skippedWork.formUnion(running)
    return running.count
  }

  /// For each piece of work still running (as ``runningCount`` counts it), the number of the
  /// action that started it, when recorded (see ``startedBy``); 0 when not.
  var runningWorkStarts: [Int] {
    book.runningNumbers(excluding: notCounted).map { startedBy?[$0] ?? 0 }
  }

  /// Cancels every running effect (the store went, or was disposed of).
  @usableFromInline func cancelAll() {
    throttleWindows.removeAll()
    for entry in book.cancelAll() {
      entry.lifetime.isCancelled = true
      entry.task.cancel()
    }
    updateWorkAfterEachAction()
  }
}

/// A feature's reducer, held by reference for the engine's reducer closure (see
/// `EffectRunner.engineReducer`).
@usableFromInline
final class KeptReducer<R: Reducer> {
  @usableFromInline let reducer: R

  @inlinable
  init(_ reducer: R) { self.reducer = reducer }
}
