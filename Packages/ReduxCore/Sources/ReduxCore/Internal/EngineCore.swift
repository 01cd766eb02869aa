public import Observation

/// The part of a store that applies an action: the state, the reducer, the subscribers and the
/// `Observable` bookkeeping.
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
  /// The engine, to run queued actions through its middleware chain; weak, because the engine
  /// owns the chain that holds this core.
  @usableFromInline weak var owner: StoreEngine<State, Action>?
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
  /// The field observations read since they last changed: compared after each action.
  @exclusivity(unchecked) @usableFromInline var armedFields: [ArmedField<State>] = []
  /// The words of the state that armed fields lie in, with the bits that belong to them and
  /// their values when armed: what the dispatch compares first, branch-free (see
  /// ``everyArmedFieldHasItsBits()``). Rebuilt from `armedFields` when they change.
  @exclusivity(unchecked) @usableFromInline var watchedWords: [WatchedWord] = []
  /// Whether `watchedWords` was built from the current `armedFields`.
  @exclusivity(unchecked) @usableFromInline var watchedWordsAreCurrent = false
  /// Whether every armed field is compared by its words (none needs `==` through its observation).
  @exclusivity(unchecked) @usableFromInline var everyArmedFieldIsInWords = false
  /// The field observations an action changed, while they are reported; empty otherwise (kept
  /// only for its capacity).
  @exclusivity(unchecked) @usableFromInline var changedFields: [FieldObservation<State>] = []
  @usableFromInline let registrar = ObservationRegistrar()
  /// `\.trackedState`, made once: a key path on a generic class is otherwise rebuilt by the
  /// runtime (`swift_getKeyPath`) at every use, which made each read of `state` cost microseconds.
  @usableFromInline let trackedKeyPath: KeyPath<EngineCore, State>
  /// `\.storedState`, made once: the root of the key paths fields are observed by. Registrar
  /// keys are hashed several times per observer, and stored-property components hash as an
  /// offset, where a computed one (`\.trackedState`) costs more.
  @usableFromInline let fieldsRootKeyPath: KeyPath<EngineCore, State>
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

  @usableFromInline
  init(
    state: State, reducer: @escaping (inout State, Action) -> Void,
    workAfterEachAction: WorkAfterEachAction
  ) {
    self.workAfterEachAction = workAfterEachAction
    storedState = state
    initialReducer = reducer
    trackedKeyPath = \.trackedState
    fieldsRootKeyPath = \.storedState
  }

  /// The state, read without Observation tracking (for middlewares and the store's own use).
  @inlinable
  var state: State {
    if _slowPath(isReducing) { ReduxError.readDuringReduce() }
    if _slowPath(isLazy) { readLazyPart() }
    return storedState
  }

  /// Reads a lazy child's part from its parent; apart, so that a read's fast path stays small.
  @usableFromInline @inline(never)
  func readLazyPart() {
    if let lazyPart { storedState = lazyPart.read() }
  }

  /// Makes a child store nobody watched follow its parent from now on: someone is about to
  /// subscribe to it or track it.
  @usableFromInline @inline(never)
  func followParentIfLazy() {
    guard let part = lazyPart else { return }
    storedState = part.read()
    lazyPart = nil
    part.startFollowing()
  }

  /// The state, read with Observation tracking, for ``StoreEngine/state``.
  @inlinable
  var trackedState: State {
    if _slowPath(isReducing) { ReduxError.readDuringReduce() }
    if _slowPath(isLazy) { followParentIfLazy() }
    let state = storedState
    mayBeTracked = true
    wholeStateMayBeTracked = true
    registrar.access(self, keyPath: trackedKeyPath)
    return state
  }

  /// One field of the state, read with Observation tracking of that field alone: the reader is
  /// told only after an action that changed it (`isDuplicate` says what counts as a change;
  /// without it, after every action).
  @inlinable
  func trackedValue<Value>(
    at keyPath: KeyPath<State, Value>, isDuplicate: ((Value, Value) -> Bool)?
  ) -> Value {
    if _slowPath(isReducing) { ReduxError.readDuringReduce() }
    if _slowPath(isLazy) { followParentIfLazy() }
    let observation =
      recentFields[keyPath] ?? findField(keyPath, isDuplicate: isDuplicate)
    let value: Value
    if let offset = observation.fieldOffset {
      // A stored field: read at its offset, not through the key path (a runtime call).
      value = FieldReader<State, Value>.load(at: offset, in: &storedState)
    } else {
      value = storedState[keyPath: keyPath]
    }
    if !observation.isArmed {
      observation.arm(&storedState)
      armedFields.append(ArmedField(observation))
      watchedWordsAreCurrent = false
      mayBeTracked = true
    }
    // Equal key paths have equal components, hence the same value type.
    let observedKeyPath = unsafeDowncast(
      observation.observedKeyPath, to: KeyPath<EngineCore, Value>.self)
    registrar.access(self, keyPath: observedKeyPath)
    return value
  }

  /// The observation of a field read through a key path object not in ``recentFields``.
  @inlinable
  func findField<Value>(
    _ keyPath: KeyPath<State, Value>, isDuplicate: ((Value, Value) -> Bool)?
  ) -> FieldObservation<State> {
    let observation = fieldObservations[keyPath] ?? observeField(keyPath, isDuplicate: isDuplicate)
    recentFields[keyPath] = observation
    return observation
  }

  /// The observation of a field read for the first time (or again after it was dropped).
  @inlinable
  func observeField<Value>(
    _ keyPath: KeyPath<State, Value>, isDuplicate: ((Value, Value) -> Bool)?
  ) -> FieldObservation<State> {
    let observedKeyPath = fieldsRootKeyPath.appending(path: keyPath)
    let observation = FieldObservation(
      field: keyPath, observedAs: observedKeyPath, isDuplicate: isDuplicate
    ) { [unowned self] in
      registrar.willSet(self, keyPath: observedKeyPath)
      registrar.didSet(self, keyPath: observedKeyPath)
    }
    fieldObservations[keyPath] = observation
    return observation
  }

  /// Runs the reducer once, then tells every subscriber once.
  @inlinable
  func reduceAndNotify(_ action: Action) {
    if _slowPath(mayBeTracked) {
      reduceWhileTracked(action)
    } else {
      reduce(action)
    }
    if !subscribers.isEmpty { notify() }
    if _slowPath(workAfterEachAction.isDue) { workAfterEachAction.run() }
  }

  /// The end of the middleware chain. A middleware normally calls `next` during a dispatch; one
  /// that calls it later (after a delay, from a task) gets a dispatch of its own here, so that
  /// actions sent by subscribers meanwhile are still queued and seen in order.
  @inlinable
  func reduceAndNotifyFromChain(_ action: Action) {
    if _fastPath(queue.isRunning) {
      reduceAndNotify(action)
    } else {
      reduceAndNotifyOutsideDispatch(action)
    }
  }

  @usableFromInline
  func reduceAndNotifyOutsideDispatch(_ action: Action) {
    _ = queue.enter()
    reduceAndNotify(action)
    while let queued = queue.next() {
      if let owner { owner.run(queued) } else { reduceAndNotify(queued) }
    }
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

  /// Applies an action while someone may be tracking the state: observers of the whole state
  /// are told around the reducer, as Observation expects; observers of a field are told after
  /// it, and only when that field's value changed.
  @inlinable @inline(__always)
  func reduceWhileTracked(_ action: Action) {
    if wholeStateMayBeTracked {
      reduceTellingWholeState(action)
    } else {
      reduce(action)
    }
    if !armedFields.isEmpty { tellChangedFields() }
    mayBeTracked = wholeStateMayBeTracked || !armedFields.isEmpty
  }

  /// Applies an action between the registrar's `willSet` and `didSet` of the whole state. Apart,
  /// so that a dispatch with only fields tracked (the common case with views) stays small.
  @inlinable @inline(never)
  func reduceTellingWholeState(_ action: Action) {
    wholeStateMayBeTracked = false
    registrar.willSet(self, keyPath: trackedKeyPath)
    reduce(action)
    registrar.didSet(self, keyPath: trackedKeyPath)
  }

  /// Reports each armed field whose value the last action changed, and disarms it.
  ///
  /// Every changed field is disarmed before any observer is told, so an observer that reads a
  /// field again from its change handler re-arms it for the next action.
  ///
  /// The loop reads each field where the state lies (`&storedState`), without copying the
  /// state, and works on `armedFields` in place (the changed ones are taken out as it goes): a
  /// field compared by its bits costs a load and a comparison, with no call and no retain.
  /// Nothing it calls can reach the store (only `==`), so the array does not change under it.
  @inlinable @inline(__always)
  func tellChangedFields() {
    if everyArmedFieldHasItsBits() { return }
    var keptCount = 0
    for index in armedFields.indices {
      if fieldChanged(at: index) {
        armedFields[index].observation.isArmed = false
        changedFields.append(armedFields[index].observation)
      } else {
        if keptCount != index { armedFields[keptCount] = armedFields[index] }
        keptCount += 1
      }
    }
    if keptCount < armedFields.count {
      armedFields.removeLast(armedFields.count - keptCount)
      watchedWordsAreCurrent = false
      reportChangedFields()
    }
  }

  /// Whether every armed field is compared by its words and still has the bits it was armed
  /// with: the common dispatch, where views watch plain fields the action did not touch. One
  /// pass over `watchedWords` and the state's bytes: a load, a mask, an exclusive or and an or
  /// per word, and one branch at the end.
  @inlinable @inline(__always)
  func everyArmedFieldHasItsBits() -> Bool {
    if _slowPath(!watchedWordsAreCurrent) { rebuildWatchedWords() }
    guard everyArmedFieldIsInWords else { return false }
    return withUnsafeBytes(of: &storedState) { state in
      let base = state.baseAddress.unsafelyUnwrapped
      return watchedWords.withUnsafeBufferPointer { words in
        var difference: UInt64 = 0
        for index in words.indices {
          // Little-endian, as `FieldBits` reads them.
          let word = base.loadUnaligned(fromByteOffset: words[index].offset, as: UInt64.self)
          difference |= (word & words[index].mask) ^ words[index].kept
        }
        return difference == 0
      }
    }
  }

  /// Lists the words of the armed fields again, after fields were armed or disarmed: from each
  /// field's location and the bits kept when it was armed. A field read as two words (see
  /// ``FieldBits/Location/masks``) adds its first word, and its second when it is longer than
  /// 8 bytes; any other field leaves the list empty, and the dispatch compares field by field.
  @usableFromInline
  func rebuildWatchedWords() {
    watchedWords.removeAll(keepingCapacity: true)
    everyArmedFieldIsInWords = armedFields.allSatisfy { $0.bitsLocation?.masks != nil }
    if everyArmedFieldIsInWords {
      for field in armedFields {
        guard let location = field.bitsLocation, let masks = location.masks else { continue }
        let kept = field.observation.keptBits
        watchedWords.append(WatchedWord(offset: location.offset, mask: masks.low, kept: kept.low))
        if masks.high != 0 {
          watchedWords.append(WatchedWord(offset: location.offset + 8, mask: masks.high, kept: kept.high))
        }
      }
    }
    watchedWordsAreCurrent = true
  }

  /// Whether the armed field at `index` differs from the value kept when it was armed.
  @inlinable @inline(__always)
  func fieldChanged(at index: Int) -> Bool {
    guard let location = armedFields[index].bitsLocation else {
      return armedFields[index].observation.valueChanged(&storedState, FieldBits())
    }
    let kept = armedFields[index].observation.keptBits
    return FieldBits(at: location, in: &storedState) != kept
      && armedFields[index].observation.valueChanged(&storedState, kept)
  }

  /// Tells the registrar about each changed field. An observer may read fields again meanwhile
  /// (re-arming them in `armedFields`); it cannot reach `changedFields`.
  @inlinable
  func reportChangedFields() {
    for index in changedFields.indices { changedFields[index].report() }
    changedFields.removeAll(keepingCapacity: true)
    dropUnreadFieldsIfMany()
  }

  /// Forgets the observations nobody has read since they last changed, once they are many:
  /// reading elements by id (`\.todos[id: id]`) makes one per id, and ids come and go.
  @usableFromInline
  func dropUnreadFieldsIfMany() {
    let count = fieldObservations.count
    guard count > 64, count > 2 * armedFields.count else { return }
    fieldObservations = fieldObservations.filter { $0.value.isArmed }
    recentFields = RecentFields()
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
    // The round's state, copied once, before any subscriber runs: each sees this one.
    let state = storedState
    while index < entries.endIndex {
      defer { index += 1 }
      if let flag = entries[index].flag, !flag.changed { continue }
      entries[index].notify(state)
    }
  }
}

/// How a child store's engine reads its part of its parent's state before anyone watches it,
/// and how it starts following the parent when someone does: a child nobody watches costs its
/// parent nothing per action.
@usableFromInline
final class LazyPart<State> {
  @usableFromInline let read: () -> State
  @usableFromInline let startFollowing: () -> Void

  @usableFromInline
  init(read: @escaping () -> State, startFollowing: @escaping () -> Void) {
    self.read = read
    self.startFollowing = startFollowing
  }
}
