/// Per-row Observation: a row's view reads its row by id (``StateStore/state(_:id:)``) and is
/// told only after an action that changed that row. A list's rows are checked together by one
/// armed field, the list's ``ElementObservations/group`` (see ``ElementObservations``).
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
    let row = rows.byID[id] ?? observeElement(id, of: rows)
    let (index, value) = rows.reader.withField(inPlace: &storedState) { elements in
      let index = elements.index(id: id)
      return (index, index.map { elements[$0] })
    }
    if !row.isArmed {
      rows.arm(row, id: id, at: index, value: value)
      armGroup(of: rows)
      mayBeTracked = true
    }
    row.tellRead()
    return value
  }

  /// Puts a list's rows among the armed fields, to be checked after each action, unless they
  /// are there.
  @inlinable
  func armGroup<Elements>(of rows: ElementObservations<State, Elements>) where Elements.Element: Equatable {
    let group = rows.group.unsafelyUnwrapped
    if group.isArmed { return }
    group.isArmed = true
    addArmed(group)
  }

  /// The table of `list`'s row observations: the one found last when `list` is the same key path
  /// object (the common case: one list on a screen), else the one of an equal key path.
  @inlinable
  func elementObservations<Elements>(
    of list: KeyPath<State, Elements>
  ) -> ElementObservations<State, Elements> where Elements.Element: Equatable {
    // Equal key paths have the same type, hence the same `Elements`.
    if let tables = elementTables, tables.lastList === list, let last = tables.lastTable {
      return unsafeDowncast(last, to: ElementObservations<State, Elements>.self)
    }
    return findElementObservations(of: list)
  }

  @inlinable
  func findElementObservations<Elements>(
    of list: KeyPath<State, Elements>
  ) -> ElementObservations<State, Elements> where Elements.Element: Equatable {
    let tables = elementTables ?? ElementTables()
    elementTables = tables
    let rows: ElementObservations<State, Elements>
    if let found = tables.byList[list] {
      rows = unsafeDowncast(found, to: ElementObservations<State, Elements>.self)
    } else {
      rows = makeElementObservations(of: list)
      tables.byList[list] = rows
    }
    tables.lastList = list
    tables.lastTable = rows
    return rows
  }

  /// A list's table and its group: one armed field that checks the list's armed rows after
  /// each action and reports the changed ones, and arms itself again while rows stay armed.
  @inlinable
  func makeElementObservations<Elements>(
    of list: KeyPath<State, Elements>
  ) -> ElementObservations<State, Elements> where Elements.Element: Equatable {
    let rows = ElementObservations(list: list)
    rows.group = FieldObservation<State>(
      observedAs: list,
      report: { [unowned self, unowned rows] in
        rows.reportChanged()
        if !rows.armed.isEmpty { armGroup(of: rows) }
      },
      keepValue: { _ in },
      valueChanged: { [unowned rows] state, _ in
        rows.reader.withField(inPlace: &state) { rows.findChanged(in: &$0) }
      })
    return rows
  }

  /// The observation of a row read for the first time (or again after it was dropped).
  @inlinable
  func observeElement<Elements>(
    _ id: Elements.Element.ID, of rows: ElementObservations<State, Elements>
  ) -> WatchedElement where Elements.Element: Equatable {
    rows.dropUnreadIfMany()
    let row = WatchedElement()
    rows.byID[id] = row
    return row
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
