public import Observation

/// The part of a store that applies an action: the state, the reducer, the middleware chain, the
/// subscribers and the `Observable` bookkeeping. This file holds the dispatch itself (reduce, then
/// notify); per-field Observation, lazy child stores and the end of the middleware chain are in
/// the `EngineCore+` files beside it.
///
/// It is separate from ``StoreEngine`` so that the middleware chain (owned by the engine) can
/// hold this strongly without a retain cycle: a `next` function kept by a middleware after its
/// store is gone still points to valid memory and harms nothing.
@usableFromInline
final class EngineCore<State, Action>: Observable {
  // Exclusivity: every mutable property here is marked `@exclusivity(unchecked)`, because the
  // dynamic checks a class's stored `var`s otherwise pay on each access were most of a dispatch's
  // cost. It is safe because no two accesses can overlap: the class is not `Sendable`, so one
  // isolation domain owns it and there is one thread at a time; the reducer, the only code that runs while `state` is borrowed `inout`,
  // cannot reach the store (reading, dispatching, subscribing or replacing the reducer from it
  // stops with a message, checked through `isReducing`); and notification iterates a copy of
  // the subscriber list, so subscribing or cancelling meanwhile touches a different value.

  @exclusivity(unchecked) @usableFromInline var storedState: State
  /// The re-entrancy queue. It lives here, not in the engine, so that the end of the middleware
  /// chain can see whether it runs inside a dispatch (see ``reduceAndNotifyFromChain(_:)``).
  @exclusivity(unchecked) @usableFromInline var queue = ActionQueue<Action>()
  /// The middleware chain's entry, or `nil` when there is no middleware (the common fast path).
  /// The engine builds it; it lives here so that actions queued while a middleware's late `next`
  /// runs (see ``reduceAndNotifyFromChain(_:)``) go through it with no reference back to the
  /// engine. Its innermost `next` holds this core, so the engine clears it when it goes.
  @exclusivity(unchecked) @usableFromInline private(set) var chain: MiddlewareChain<Action>?
  /// The reducer the store was made with. A constant, so a dispatch calls it without retaining
  /// its context first (a variable closure could be replaced during the call, so Swift keeps it
  /// alive around it): that pair was the largest cost of a dispatch with a capturing reducer.
  @usableFromInline let initialReducer: (inout State, Action) -> Void
  /// The reducer that replaced ``initialReducer`` (`replaceReducer`, or a test store's wrapper);
  /// `nil` until then.
  @exclusivity(unchecked) @usableFromInline var replacedReducer: ((inout State, Action) -> Void)?
  /// Whether ``replacedReducer`` is set: one byte tested per action.
  @exclusivity(unchecked) @usableFromInline var reducerIsReplaced = false
  @exclusivity(unchecked) @usableFromInline var subscribers = SubscriberList<State>()
  @exclusivity(unchecked) @usableFromInline var isReducing = false
  /// Whether anyone may be tracking the whole state or a field through Observation since it
  /// last changed. Observation tracking fires once and must be re-armed by reading again, so
  /// while this is `false` nobody can be waiting for a change, and a dispatch skips the
  /// registrar and the field comparisons entirely.
  @exclusivity(unchecked) @usableFromInline var mayBeTracked = false
  /// Whether anyone may be tracking ``trackedState`` (the whole state).
  @exclusivity(unchecked) @usableFromInline var wholeStateMayBeTracked = false
  /// One observation per field read through ``trackedValue(at:isDuplicate:)``, by key path.
  @exclusivity(unchecked) @usableFromInline var fieldObservations: [AnyKeyPath: FieldObservation<State>] = [:]
  /// The observations last found by each key path object, in slots chosen by the object's
  /// address: a key path written in code is one object, made once, so a view's next read of
  /// its field finds it with a pointer comparison instead of hashing the path's components
  /// (which made a read cost 4-5 times a read of an `@Observable` property). A slot holds its
  /// key path, so no address is reused while it is there.
  @exclusivity(unchecked) @usableFromInline var recentFields = RecentFields<State>()
  /// The observations of rows read by id (``trackedElement(id:in:)``), by list; `nil` until
  /// the first such read.
  @exclusivity(unchecked) @usableFromInline var elementTables: ElementTables?
  /// The field observations read since they last changed: compared after each action.
  @exclusivity(unchecked) @usableFromInline var armedFields: [ArmedField<State>] = []
  /// The words of the state that armed fields lie in, two by two, with the bits that belong to
  /// them and their values when armed: what the dispatch compares first, branch-free (see
  /// ``everyArmedFieldHasItsBits()``). Rebuilt from `armedFields` when they change.
  @exclusivity(unchecked) @usableFromInline var watchedWords: [WatchedWords] = []
  /// Whether `watchedWords` was built from the current `armedFields`.
  @exclusivity(unchecked) @usableFromInline var watchedWordsAreCurrent = false
  /// Whether every armed field is compared by its words (none needs `==` through its observation).
  @exclusivity(unchecked) @usableFromInline var everyArmedFieldIsInWords = false
  /// The field observations an action changed, while they are reported; empty otherwise (kept
  /// only for its capacity).
  @exclusivity(unchecked) @usableFromInline var changedFields: [FieldObservation<State>] = []
  @usableFromInline let registrar = ObservationRegistrar()
  /// `\.trackedState`, made once per engine type (``EngineKeyPaths``): a key path on a generic
  /// class is otherwise rebuilt by the runtime (`swift_getKeyPath`) at every use, which made each
  /// read of `state` cost microseconds.
  @usableFromInline let trackedKeyPath: KeyPath<EngineCore, State>
  /// Style work to run after an action that asked for it (the effect style starts the effects
  /// its reducer returned): one flag tested per action.
  @usableFromInline let workAfterEachAction: WorkAfterEachAction
  /// For a child store that nobody has watched yet: where its state is read from, and how it
  /// starts following its parent once someone watches it; `nil` for every other store.
  @exclusivity(unchecked) @usableFromInline var lazyPart: LazyPart<State>? {
    didSet { isLazy = lazyPart != nil }
  }
  /// Whether ``lazyPart`` is set: a flag, so that every read of every store tests one byte.
  @exclusivity(unchecked) @usableFromInline var isLazy = false

  /// The style the store belongs to, for the words of its programmer-error messages.
  @usableFromInline let style: StoreStyle
  // The chain's bookkeeping comes last: placed before the reducer, it moved the offsets of the
  // fields after it, and the Observation registrar's key-path look-ups into this class cost 15%
  // more per action of a screen (W1 in Docs/Benchmarks.md).
  /// ``chain`` again, not counted, for ``run(_:)`` to call it with no reference taken.
  @exclusivity(unchecked) @usableFromInline private(set) unowned(unsafe) var chainToRun:
    MiddlewareChain<Action>?
  /// Whether ``run(_:)`` is calling the chain.
  @exclusivity(unchecked) @usableFromInline var isRunningChain = false
  /// Chains replaced while an action ran through them (a subscriber disposing of the store or
  /// removing a middleware): kept until that action is done, since ``run(_:)`` does not hold
  /// the chain it calls.
  @exclusivity(unchecked) @usableFromInline var replacedChains: [MiddlewareChain<Action>] = []
  /// Whether and how notifications of low-priority actions are held (last, for the same
  /// reason as the chain's bookkeeping); `nil` for almost every store.
  @exclusivity(unchecked) @usableFromInline var batching: NotificationBatching<Action>?
  /// How many field observations the last drop of unread ones kept (rows read by id through a
  /// key path subscript are kept while their row is armed): the next drop waits for twice as many.
  @exclusivity(unchecked) @usableFromInline var fieldsKeptAtLastDrop = 0

  @usableFromInline
  init(
    state: State, reducer: @escaping (inout State, Action) -> Void,
    workAfterEachAction: WorkAfterEachAction, style: StoreStyle
  ) {
    self.style = style
    self.workAfterEachAction = workAfterEachAction
    storedState = state
    initialReducer = reducer
    let keyPaths = EngineKeyPaths.of(EngineCore.self) {
      EngineKeyPaths(tracked: \EngineCore.trackedState)
    }
    trackedKeyPath = unsafeDowncast(keyPaths.tracked, to: KeyPath<EngineCore, State>.self)
  }

  /// The state, read without Observation tracking (for middlewares and the store's own use).
  @inlinable
  var state: State {
    if _slowPath(isReducing) { ProgrammerError.readDuringReduce(in: style) }
    if _slowPath(isLazy) { readLazyPart() }
    return storedState
  }

  /// The state, read with Observation tracking, for ``StoreEngine/state``.
  @inlinable
  var trackedState: State {
    if _slowPath(isReducing) { ProgrammerError.readDuringReduce(in: style) }
    if _slowPath(isLazy) { followParentIfLazy() }
    let state = storedState
    mayBeTracked = true
    wholeStateMayBeTracked = true
    registrar.access(self, keyPath: trackedKeyPath)
    return state
  }

  /// Runs an action through the middleware chain, if any, to the reducer and the observers.
  @inlinable @inline(__always)
  func run(_ action: Action) {
    if chain == nil { reduceAndNotify(action) } else { runThroughChain(action) }
  }

  /// Calls the chain through a reference it does not count: only `replaceChain(with:)` lets a
  /// chain go meanwhile, and it keeps it. Apart from ``run(_:)``, so that a store with no
  /// middleware inlines its dispatch whole.
  @inlinable
  func runThroughChain(_ action: Action) {
    isRunningChain = true
    Unmanaged.passUnretained(chainToRun.unsafelyUnwrapped)._withUnsafeGuaranteedRef { $0.entry(action) }
    isRunningChain = false
    if _slowPath(!replacedChains.isEmpty) { replacedChains.removeAll() }
  }

  /// Makes `entry` the chain's entry (`nil`: no middleware). A chain replaced while an action
  /// runs through it is kept until that action is done.
  @usableFromInline
  func replaceChain(with entry: ((Action) -> Void)?) {
    if isRunningChain, let chain { replacedChains.append(chain) }
    if let entry { chain = MiddlewareChain(entry) } else { chain = nil }
    chainToRun = chain
  }

  /// Runs the reducer once, then tells every subscriber once.
  @inlinable
  func reduceAndNotify(_ action: Action) {
    if _slowPath(mayBeTracked) {
      reduceWhileTracked(action)
    } else {
      reduce(action)
    }
    if !subscribers.isEmpty {
      if _slowPath(batching != nil) {
        notifyUnlessBatched(action, by: batching.unsafelyUnwrapped)
      } else {
        notify()
      }
    }
    if _slowPath(workAfterEachAction.isDue) { workAfterEachAction.run() }
  }

  /// The reducer that runs now.
  @usableFromInline var reducer: (inout State, Action) -> Void {
    get { replacedReducer ?? initialReducer }
    set {
      replacedReducer = newValue
      reducerIsReplaced = true
    }
  }

  @inlinable @inline(__always)
  func reduce(_ action: Action) {
    isReducing = true
    if _slowPath(reducerIsReplaced) {
      reduceWithReplacedReducer(action)
    } else {
      initialReducer(&storedState, action)
    }
    isReducing = false
  }

  @usableFromInline @inline(never)
  func reduceWithReplacedReducer(_ action: Action) {
    replacedReducer.unsafelyUnwrapped(&storedState, action)
  }

  /// Calls every subscriber of a snapshot of the list, in the order they subscribed. The
  /// selections (shared key paths, selector closures) are evaluated first, once each; their
  /// subscribers are then skipped with a branch when the value did not change.
  @inlinable
  func notify() {
    // The selections read the fields where the state lies
    // (`&storedState`), so it is copied only when a subscriber is told; nothing they call can
    // change it.
    if !subscribers.groups.isEmpty {
      let groups = subscribers.groups
      for index in groups.indices {
        if let location = groups[index].bitsLocation {
          // Unchanged bytes need no call at all.
          let bits = FieldBits(at: location, in: &storedState)
          if bits == groups[index].flag.lastBits {
            groups[index].flag.changed = false
            continue
          }
          groups[index].flag.lastBits = bits
        }
        groups[index].evaluate(&storedState)
      }
    }
    let entries = subscribers.entries
    var index = entries.startIndex
    while index < entries.endIndex, let flag = entries[index].flag, !flag.changed { index += 1 }
    guard index < entries.endIndex else { return }
    guard subscribers.stateReaders > 0 else {
      // Only subscribers of selections, which read their values: no copy of the state.
      while index < entries.endIndex {
        defer { index += 1 }
        if let flag = entries[index].flag, !flag.changed { continue }
        entries[index].tell()
      }
      return
    }
    // The round's state, copied once, before any subscriber runs: each sees this one.
    let state = storedState
    while index < entries.endIndex {
      defer { index += 1 }
      if let flag = entries[index].flag, !flag.changed { continue }
      if entries[index].readsState { entries[index].notify(state) } else { entries[index].tell() }
    }
  }
}
