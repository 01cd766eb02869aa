public import Observation

/// Per-field Observation: a view that reads one field (`store.count`) is told only after an action
/// that changed that field. Fields read since they last changed are "armed"; after each action
/// the dispatch compares them, most in one branch-free pass over the state's words.
extension EngineCore {
  /// One field of the state, read with Observation tracking of that field alone: the reader is
  /// told only after an action that changed it (`isDuplicate` says what counts as a change;
  /// without it, after every action).
  @inlinable
  func trackedValue<Value>(
    at keyPath: KeyPath<State, Value>, isDuplicate: ((Value, Value) -> Bool)?
  ) -> Value {
    if _slowPath(isReducing) { ProgrammerError.readDuringReduce(in: style) }
    if _slowPath(isLazy) { followParentIfLazy() }
    let observation =
      recentFields[keyPath] ?? findField(keyPath, isDuplicate: isDuplicate)
    if _slowPath(observation.rowRead != nil) {
      // Equal key paths have equal components, hence the same value type.
      return unsafeDowncast(observation.rowRead.unsafelyUnwrapped, to: RowRead<Value>.self).read()
    }
    let value: Value
    if let offset = observation.fieldOffset {
      // A stored field: read at its offset, not through the key path (a runtime call).
      value = FieldReader<State, Value>.load(at: offset, in: &storedState)
    } else {
      value = storedState[keyPath: keyPath]
    }
    if !observation.isArmed {
      observation.arm(&storedState)
      addArmed(observation)
      mayBeTracked = true
    }
    registrar.access(self, keyPath: registrarKeyPath(observation.observedKeyPath))
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
    let observation = FieldObservation(field: keyPath, observedAs: keyPath, isDuplicate: isDuplicate)
    fieldObservations[keyPath] = observation
    if _slowPath(observation.fieldOffset == nil && Value.self is any RowReadBySubscript.Type) {
      observation.rowRead = (Value.self as? any RowReadableByID.Type)?.rowReadByID(keyPath, in: self)
      if observation.rowRead == nil { ReduxWarning.noteRowReadBySubscript() }
    }
    return observation
  }

  /// Puts an armed observation among those compared after each action.
  @inlinable
  func addArmed(_ observation: FieldObservation<State>) {
    armedFields.append(ArmedField(observation))
    watchedWordsAreCurrent = false
  }

  /// Tells the registrar that the field it knows by `observedKeyPath` changed (its `willSet`
  /// and `didSet`).
  ///
  /// Called by the engine itself, so the registrar is used where it lies: a report closure that
  /// captured the engine copied the registrar (a type of another module, copied through its
  /// value witnesses) and retained both, four atomic operations and about 330 instructions per
  /// change (S7f in Docs/Benchmarks.md).
  @inlinable
  func tellRegistrarChanged(_ observedKeyPath: AnyKeyPath) {
    let keyPath = registrarKeyPath(observedKeyPath)
    registrar.willSet(self, keyPath: keyPath)
    registrar.didSet(self, keyPath: keyPath)
  }

  /// A field's key path on the state (`\.count`), as the registrar's API spells its keys: a
  /// key path on the observed object.
  ///
  /// The registrar uses a key path only as the name of what was read and what changed: it keeps
  /// and compares them as `AnyKeyPath`, by value (root type and components), and never applies
  /// one. So a field is known by the key path the view wrote, one component for a stored
  /// field, which differs from every other field's and from the whole state's
  /// (`\EngineCore.trackedState`, of another root type). The key path on the engine it replaced
  /// (`\.storedState.count`) had two components to hash and compare, several times per change
  /// (about 1,600 instructions per change of a view of one field, S7f).
  @inlinable
  func registrarKeyPath(_ observedKeyPath: AnyKeyPath) -> KeyPath<EngineCore, Void> {
    Unmanaged<KeyPath<EngineCore, Void>>
      .fromOpaque(Unmanaged.passUnretained(observedKeyPath).toOpaque()).takeUnretainedValue()
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
  /// pass over `watchedWords` and the state's bytes: per two words, a load, a mask, an exclusive
  /// or and an or, and one branch at the end.
  @inlinable @inline(__always)
  func everyArmedFieldHasItsBits() -> Bool {
    if _slowPath(!watchedWordsAreCurrent) { rebuildWatchedWords() }
    guard everyArmedFieldIsInWords else { return false }
    return withUnsafeBytes(of: &storedState) { state in
      let base = state.baseAddress.unsafelyUnwrapped
      return watchedWords.withUnsafeBufferPointer { spans in
        // Little-endian, as `FieldBits` reads them.
        func difference(at index: Int) -> SIMD2<UInt64> {
          let words = (base + spans[index].offset).loadUnaligned(as: SIMD2<UInt64>.self)
          return (words & spans[index].mask) ^ spans[index].kept
        }
        // One span (a view's fields within two words) skips the loop the compiler unrolls.
        if spans.count == 1 { return difference(at: 0) == .zero }
        var differences = SIMD2<UInt64>.zero
        for index in spans.indices { differences |= difference(at: index) }
        return differences == .zero
      }
    }
  }

  /// Lists the words of the armed fields again, after fields were armed or disarmed: from each
  /// field's location and the bits kept when it was armed. A field read as two words (see
  /// ``FieldBits/Location/masks``) adds the words its bits are in; any other field leaves the
  /// list empty, and the dispatch compares field by field. The words are then sorted, those of
  /// several fields merged, and adjacent ones paired, in place: no allocation once the list has
  /// its capacity.
  ///
  /// Inlinable, so that it is specialized for the state: a view re-armed after each change
  /// rebuilds the list on every dispatch, and unspecialized, walking `armedFields` looked up
  /// generic metadata for each step (2,400 instructions a rebuild).
  @inlinable @inline(never)
  func rebuildWatchedWords() {
    watchedWords.removeAll(keepingCapacity: true)
    everyArmedFieldIsInWords = true
    for index in armedFields.indices where armedFields[index].bitsLocation?.masks == nil {
      everyArmedFieldIsInWords = false
      break
    }
    if everyArmedFieldIsInWords {
      for index in armedFields.indices {
        guard let location = armedFields[index].bitsLocation, let masks = location.masks else { continue }
        let kept = armedFields[index].observation.keptBits
        if masks.low != 0 {
          watchedWords.append(WatchedWords(offset: location.wordsOffset, mask: masks.low, kept: kept.low))
        }
        if masks.high != 0 {
          watchedWords.append(
            WatchedWords(offset: location.wordsOffset + 8, mask: masks.high, kept: kept.high))
        }
      }
      pairWatchedWords(stateSize: MemoryLayout<State>.size)
    }
    watchedWordsAreCurrent = true
  }

  /// Turns the single words of `watchedWords` (each in its first lane) into as few 16-byte
  /// spans as adjacent words allow: sorted by offset (insertion sort: a few, usually in order
  /// already), words at one offset merged, a word and the next one paired. A word left alone is
  /// read with the word after it, or before it at the end of the state.
  @inlinable
  func pairWatchedWords(stateSize: Int) {
    if watchedWords.count == 1 {
      // The usual list: one view's field, read alone unless it ends the state.
      if watchedWords[0].offset + FieldBits.capacity > stateSize {
        let word = watchedWords[0]
        watchedWords[0] = WatchedWords(
          offset: word.offset - 8, mask: SIMD2(0, word.mask[0]), kept: SIMD2(0, word.kept[0]))
      }
      return
    }
    watchedWords.withUnsafeMutableBufferPointer { words in
      for index in words.indices.dropFirst() {
        let word = words[index]
        var place = index
        while place > 0, words[place - 1].offset > word.offset {
          words[place] = words[place - 1]
          place -= 1
        }
        words[place] = word
      }
    }
    var written = 0
    var index = 0
    while index < watchedWords.count {
      var span = watchedWords[index]
      index += 1
      while index < watchedWords.count, watchedWords[index].offset == span.offset {
        span.mask[0] |= watchedWords[index].mask[0]
        span.kept[0] |= watchedWords[index].kept[0]
        index += 1
      }
      while index < watchedWords.count, watchedWords[index].offset == span.offset + 8 {
        span.mask[1] |= watchedWords[index].mask[0]
        span.kept[1] |= watchedWords[index].kept[0]
        index += 1
      }
      if span.offset + FieldBits.capacity > stateSize {
        // Its own word is the last of the state: read it as the second of two.
        span = WatchedWords(
          offset: span.offset - 8, mask: SIMD2(0, span.mask[0]), kept: SIMD2(0, span.kept[0]))
      }
      watchedWords[written] = span
      written += 1
    }
    watchedWords.removeLast(watchedWords.count - written)
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
    for index in changedFields.indices {
      if let report = changedFields[index].report {
        report()
      } else {
        tellRegistrarChanged(changedFields[index].observedKeyPath)
      }
    }
    changedFields.removeAll(keepingCapacity: true)
    dropUnreadFieldsIfMany()
  }

  /// Forgets the observations nobody has read since they last changed, once they are many:
  /// reading elements through a subscript (`\.todos[id: id]`) makes one per id, and ids come
  /// and go. One that reads its row by id is kept while its row is armed.
  ///
  /// Inlinable, so that the check after each reported change is specialized: in the module's own
  /// generic code, counting `fieldObservations` looked up its element type's metadata in the
  /// runtime's cache first (about 320 instructions, a fifth of what a view of one field costs
  /// the store per change).
  @inlinable
  func dropUnreadFieldsIfMany() {
    let count = fieldObservations.count
    guard count > 64, count > 2 * max(armedFields.count, fieldsKeptAtLastDrop) else { return }
    dropUnreadFields()
  }

  @usableFromInline
  func dropUnreadFields() {
    fieldObservations = fieldObservations.filter { $0.value.isArmed || $0.value.rowRead?.isArmed == true }
    fieldsKeptAtLastDrop = fieldObservations.count
    recentFields = RecentFields()
  }
}
