public import Observation
public import ReduxCore

/// Undo and redo for a store of any style, over its whole state or one part of it: each action
/// that changes that part is a step, and ``undo()``, ``redo()`` and ``jump(to:)`` move the live
/// store between steps.
///
/// ```swift
/// let store = createStore(reducer: counterReducer, initialState: Counter())
/// let history = StoreHistory(of: store, limit: 50)
/// store.dispatch(.increment)
/// store.dispatch(.add(2))
/// history.undo()  // store.count == 1
/// history.redo()  // store.count == 3
/// ```
///
/// Moving between steps sets the store's state without an action: subscribers, state streams,
/// views (Observation) and child stores are told as after any action, each only if its part
/// changed; no middleware and no reducer runs, so no effect starts again. An action dispatched
/// after an undo applies to the state shown and ends the redo branch, as in any editor.
///
/// What makes a step:
/// - an action that changed the part the history covers (one that did not makes none);
/// - except an action `ignoring` returns `true` for: its change joins the step shown, as a
///   selection or a scroll position would;
/// - and consecutive actions with the same key from `groupingBy` (typing into one field) make
///   one step together.
///
/// ``canUndo`` and ``canRedo`` are observed per field, like a store's state: a view that shows
/// an Undo button is told only when it should enable or disable it.
///
/// - Complexity: O(1) per action whatever the limit, with no allocation once the limit is
///   reached: a step keeps the part's value, which shares its storage with the state
///   (copy-on-write). The store's next write to a collection the step shares copies that
///   collection once; a history over a small part (the document, not the whole app) keeps that
///   cost to the part.
///
/// > Note: It belongs to its store's isolation domain, like the store. Undo, redo and jump are
/// > called from the code that drives the store (a button, a menu command, a task), not from a
/// > reducer, a middleware or a subscriber during a dispatch: that stops with a message.
public final class StoreHistory<State, Action>: Observable {
  @usableFromInline let steps: HistorySteps<State, Action>
  @usableFromInline weak var engine: StoreEngine<State, Action>?
  /// The middleware that makes the steps; it holds the steps, not the history.
  @usableFromInline var recording: AddedMiddleware?
  private let registrar = ObservationRegistrar()
  /// What observers were last told; kept only once someone observes.
  private var shown: Summary?
  // Key paths on a generic class are made by the runtime at each use: made once here.
  private let canUndoKeyPath: KeyPath<StoreHistory, Bool> = \.canUndo
  private let canRedoKeyPath: KeyPath<StoreHistory, Bool> = \.canRedo
  private let currentStepKeyPath: KeyPath<StoreHistory, Int> = \.currentStep
  private let stepCountKeyPath: KeyPath<StoreHistory, Int> = \.stepCount

  /// What observers see, compared after each change to tell only those whose value changed.
  private struct Summary: Equatable {
    var currentStep: Int
    var stepCount: Int
    var canUndo: Bool { currentStep > 0 }
    var canRedo: Bool { currentStep < stepCount - 1 }
  }

  /// The most steps kept before the one shown; older ones are dropped. Lowering it drops them
  /// at once; the steps after the one shown stay for redo, and a redo past the limit drops the
  /// oldest, so that ``currentStep`` is never more than the limit.
  ///
  /// ```swift
  /// history.limit = 0  // no undo from here on; what can be redone stays until the next action
  /// ```
  public var limit: Int {
    didSet {
      steps.setLimit(limit)
      publish()
    }
  }

  /// A history of the store's whole state.
  ///
  /// ```swift
  /// let store = createStore(reducer: counterReducer, initialState: Counter())
  /// let history = StoreHistory(of: store, limit: 100)
  /// ```
  /// - Parameters:
  ///   - store: The store, of any style (a root store: a child store's state belongs to its
  ///     parent, whose history covers it).
  ///   - limit: The most steps to keep before the one shown.
  ///   - ignoring: Returns `true` for an action whose change joins the step shown instead of
  ///     making one.
  ///   - groupingBy: A key per action; consecutive actions with the same key make one step.
  ///   - isolation: Where the store lives; leave the default, the caller's actor.
  @inlinable
  public convenience init<Store: StateStore>(
    of store: Store,
    limit: Int = 100,
    ignoring: @escaping (Action) -> Bool = { _ in false },
    groupingBy: @escaping (Action) -> String? = { _ in nil },
    isolation: (any Actor)? = #isolation
  ) where Store.State == State, Store.EngineAction == Action, State: Equatable {
    let steps = PartSteps<State, Action, State>(
      store.engine.untrackedState, limit: limit, ignoring: ignoring, groupingBy: groupingBy,
      read: { $0 }, write: { $0 = $1 })
    self.init(engine: store.engine, steps: steps, limit: limit)
    startRecording(into: steps, isolation: isolation)
  }

  /// A history of one part of the store's state: undo restores that part and leaves the rest
  /// as it is.
  ///
  /// ```swift
  /// let store = createStore(reducer: editorReducer, initialState: Editor())
  /// let history = StoreHistory(of: store, part: \.document)
  /// ```
  /// - Parameters:
  ///   - store: The store, of any style (a root store).
  ///   - part: The part the history covers.
  ///   - limit: The most steps to keep before the one shown.
  ///   - ignoring: Returns `true` for an action whose change joins the step shown instead of
  ///     making one.
  ///   - groupingBy: A key per action; consecutive actions with the same key make one step.
  ///   - isolation: Where the store lives; leave the default, the caller's actor.
  @inlinable
  public convenience init<Store: StateStore, Part: Equatable>(
    of store: Store,
    part: WritableKeyPath<State, Part>,
    limit: Int = 100,
    ignoring: @escaping (Action) -> Bool = { _ in false },
    groupingBy: @escaping (Action) -> String? = { _ in nil },
    isolation: (any Actor)? = #isolation
  ) where Store.State == State, Store.EngineAction == Action {
    let steps = PartSteps<State, Action, Part>(
      store.engine.untrackedState, limit: limit, ignoring: ignoring, groupingBy: groupingBy,
      read: { $0[keyPath: part] }, write: { $0[keyPath: part] = $1 })
    self.init(engine: store.engine, steps: steps, limit: limit)
    startRecording(into: steps, isolation: isolation)
  }

  @usableFromInline
  init(engine: StoreEngine<State, Action>, steps: HistorySteps<State, Action>, limit: Int) {
    self.engine = engine
    self.steps = steps
    self.limit = limit
  }

  /// Makes a step of each action that changed the part, from the engine's step recorder (not a
  /// middleware, whose layers cost more than the step: see the live inspector in
  /// Benchmarks.md). The recorder holds the steps strongly and calls them by their concrete
  /// type: no weak reference to load and no dynamic dispatch per action.
  @inlinable
  func startRecording<Part>(into steps: PartSteps<State, Action, Part>, isolation: (any Actor)?) {
    recording = engine?.recordSteps(isolation: isolation) { action, state in
      steps.record(action, giving: state)
    }
  }

  deinit {
    recording?.remove()
  }

  /// Whether there is a step before the one shown. Observed per field.
  public var canUndo: Bool {
    access(canUndoKeyPath)
    return steps.position > 0
  }

  /// Whether there is a step after the one shown (an undo happened, and no action since).
  /// Observed per field.
  public var canRedo: Bool {
    access(canRedoKeyPath)
    return steps.position < steps.count - 1
  }

  /// The step shown, `0` being the oldest kept. Observed per field.
  public var currentStep: Int {
    access(currentStepKeyPath)
    return steps.position
  }

  /// How many steps are kept, the one shown included. Observed per field.
  public var stepCount: Int {
    access(stepCountKeyPath)
    return steps.count
  }

  /// Shows the step before the one shown; does nothing when there is none.
  ///
  /// ```swift
  /// history.undo()
  /// ```
  public func undo() {
    guard steps.position > 0 else { return }
    show(steps.position - 1, operation: "StoreHistory.undo()")
  }

  /// Shows the step after the one shown; does nothing when there is none.
  ///
  /// ```swift
  /// history.redo()
  /// ```
  public func redo() {
    guard steps.position < steps.count - 1 else { return }
    show(steps.position + 1, operation: "StoreHistory.redo()")
  }

  /// Shows a step: `0` is the oldest kept, ``stepCount`` `- 1` the newest (the present).
  ///
  /// ```swift
  /// history.jump(to: 0)                      // back to the oldest step
  /// history.jump(to: history.stepCount - 1)  // back to the present
  /// ```
  /// - Parameter step: The step; one out of range is clamped to the steps kept.
  public func jump(to step: Int) {
    let step = min(max(step, 0), steps.count - 1)
    guard step != steps.position else { return }
    show(step, operation: "StoreHistory.jump(to: \(step))")
  }

  /// Forgets every step but the one shown: nothing to undo or redo until the next action.
  ///
  /// ```swift
  /// history.clearHistory()  // after saving a document, say
  /// ```
  public func clearHistory() {
    steps.keepOnlyShown()
    steps.lastGroup = nil
    publish()
  }

  private func show(_ step: Int, operation: String) {
    guard let engine else { return }
    steps.position = step
    // Only after the limit was lowered with redo steps kept can a step lie past it: moving
    // there drops the oldest, so that no more than `limit` steps are ever before the one shown.
    if step > limit { steps.setLimit(limit) }
    steps.lastGroup = nil
    engine.travel(to: steps.applyShown(to: engine.untrackedState), operation: operation)
    publish()
  }

  /// Tells the observers of each summary value that changed, around the change, as
  /// Observation expects.
  private func publish() {
    guard let old = shown else { return }
    let new = Summary(currentStep: steps.position, stepCount: steps.count)
    guard new != old else { return }
    let undo = old.canUndo != new.canUndo
    let redo = old.canRedo != new.canRedo
    let step = old.currentStep != new.currentStep
    let count = old.stepCount != new.stepCount
    if undo { registrar.willSet(self, keyPath: canUndoKeyPath) }
    if redo { registrar.willSet(self, keyPath: canRedoKeyPath) }
    if step { registrar.willSet(self, keyPath: currentStepKeyPath) }
    if count { registrar.willSet(self, keyPath: stepCountKeyPath) }
    shown = new
    if undo { registrar.didSet(self, keyPath: canUndoKeyPath) }
    if redo { registrar.didSet(self, keyPath: canRedoKeyPath) }
    if step { registrar.didSet(self, keyPath: currentStepKeyPath) }
    if count { registrar.didSet(self, keyPath: stepCountKeyPath) }
  }

  /// Registers an observer's read; the first one makes the steps tell the history of each step.
  private func access<Value>(_ keyPath: KeyPath<StoreHistory, Value>) {
    if shown == nil {
      shown = Summary(currentStep: steps.position, stepCount: steps.count)
      steps.onStep = { [weak self] in self?.publish() }
    }
    registrar.access(self, keyPath: keyPath)
  }
}
