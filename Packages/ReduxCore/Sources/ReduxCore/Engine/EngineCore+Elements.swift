public import Observation

/// Per-row Observation: a row's view reads its row by id (``StateStore/state(_:id:)``) and is
/// told only after an action that changed that row. Each row's observation is found by the
/// list's key path object and the id, with no key path made for the row after its first read,
/// and is checked after each action where the row was last found.
extension EngineCore {
  /// The element with `id` of the list `list` names, read with Observation tracking of that
  /// element alone.
  @inlinable
  func trackedElement<Elements: IdentifiedElements>(
    id: Elements.Element.ID, in list: KeyPath<State, Elements>
  ) -> Elements.Element? where Elements.Element: Equatable {
    if _slowPath(isReducing) { ProgrammerError.readDuringReduce(in: style) }
    if _slowPath(isLazy) { followParentIfLazy() }
    let rows = elementObservations(of: list)
    let observation = rows.byID[id] ?? observeElement(id, of: rows)
    let value = rows.reader.withField(inPlace: &storedState) { elements in
      elements.index(id: id).map { elements[$0] }
    }
    if !observation.isArmed {
      observation.arm(&storedState)
      armedFields.append(ArmedField(observation))
      watchedWordsAreCurrent = false
      mayBeTracked = true
    }
    let observedKeyPath = unsafeDowncast(
      observation.observedKeyPath, to: KeyPath<EngineCore, Elements.Element?>.self)
    registrar.access(self, keyPath: observedKeyPath)
    return value
  }

  /// The table of `list`'s row observations: the one found last when `list` is the same key path
  /// object (the common case: one list on a screen), else the one of an equal key path.
  @inlinable
  func elementObservations<Elements>(
    of list: KeyPath<State, Elements>
  ) -> ElementObservations<State, Elements> {
    // Equal key paths have the same type, hence the same `Elements`.
    if let tables = elementTables, tables.lastList === list, let last = tables.lastTable {
      return unsafeDowncast(last, to: ElementObservations<State, Elements>.self)
    }
    return findElementObservations(of: list)
  }

  @inlinable
  func findElementObservations<Elements>(
    of list: KeyPath<State, Elements>
  ) -> ElementObservations<State, Elements> {
    let tables = elementTables ?? ElementTables()
    elementTables = tables
    let rows: ElementObservations<State, Elements>
    if let found = tables.byList[list] {
      rows = unsafeDowncast(found, to: ElementObservations<State, Elements>.self)
    } else {
      rows = ElementObservations(list: list)
      tables.byList[list] = rows
    }
    tables.lastList = list
    tables.lastTable = rows
    return rows
  }

  /// The observation of a row read for the first time (or again after it was dropped).
  @inlinable
  func observeElement<Elements>(
    _ id: Elements.Element.ID, of rows: ElementObservations<State, Elements>
  ) -> FieldObservation<State> where Elements.Element: Equatable {
    rows.dropUnreadIfMany(armedCount: armedFields.count)
    let observedKeyPath = fieldsRootKeyPath.appending(path: rows.reader.keyPath)
      .appending(path: \Elements[id: id])
    let observation = FieldObservation<State>(
      element: id, of: rows.reader, observedAs: observedKeyPath
    ) { [unowned self] in
      registrar.willSet(self, keyPath: observedKeyPath)
      registrar.didSet(self, keyPath: observedKeyPath)
    }
    rows.byID[id] = observation
    return observation
  }
}

/// The row observations of a store's lists, made at the first row read (most stores never
/// read one, and carry a single empty reference).
@usableFromInline
final class ElementTables {
  /// One table per list, by key path (equal key paths share one).
  @exclusivity(unchecked) @usableFromInline var byList: [AnyKeyPath: AnyObject] = [:]
  /// The key path object and table found last: a screen's rows are read through one key path
  /// written in code, one object, found with a pointer comparison instead of hashing.
  @exclusivity(unchecked) @usableFromInline var lastList: AnyKeyPath?
  @exclusivity(unchecked) @usableFromInline var lastTable: AnyObject?

  @inlinable init() {}
}
