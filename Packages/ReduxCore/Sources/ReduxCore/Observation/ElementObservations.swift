/// The observations of one list's rows, by row id: what ``StateStore/state(_:id:)`` finds a
/// row's observation in without making a key path for the row at each read (the runtime builds
/// one for a subscript with an argument every time, which cost more than the rest of the read).
///
/// A store keeps one per list key path (see ``ElementTables``).
@usableFromInline
final class ElementObservations<State, Elements: IdentifiedElements> {
  /// Reads the list where it lies in the state (at its offset, for a stored field).
  @usableFromInline let reader: FieldReader<State, Elements>
  @exclusivity(unchecked) @usableFromInline var byID: [Elements.Element.ID: FieldObservation<State>] = [:]

  @inlinable
  init(list: KeyPath<State, Elements>) {
    reader = FieldReader(list)
  }

  /// Forgets the observations nobody has read since they last changed, once they are many and
  /// most of them are not armed: rows scroll by, and each one read left an observation.
  @inlinable
  func dropUnreadIfMany(armedCount: Int) {
    guard byID.count > 64, byID.count > 2 * armedCount else { return }
    byID = byID.filter { $0.value.isArmed }
  }
}

extension FieldObservation {
  /// Observes the element with `id` of the list `list` names. After each action it looks the
  /// row up where it was last found (one comparison of ids, no hashing) and compares it with
  /// the value kept when it was armed; only when the row moved is it looked up by id.
  @inlinable
  convenience init<Elements: IdentifiedElements>(
    element id: Elements.Element.ID, of list: FieldReader<State, Elements>,
    observedAs observedKeyPath: AnyKeyPath, report: @escaping () -> Void
  ) where Elements.Element: Equatable {
    let row = WatchedElement<Elements>(id: id)
    self.init(
      observedAs: observedKeyPath, report: report,
      keepValue: { state in list.withField(inPlace: &state) { row.keep(from: &$0) } },
      valueChanged: { state, _ in list.withField(inPlace: &state) { row.changed(in: &$0) } })
  }
}

/// One watched element of a list: its id, where it was found last and its value then.
///
/// It is looked up first where it was found last time: a row rarely moves between two actions,
/// and comparing one id costs a fraction of hashing it. It is compared where it lies in the
/// list, without copying it.
@usableFromInline
final class WatchedElement<Elements: IdentifiedElements> where Elements.Element: Equatable {
  @usableFromInline let id: Elements.Element.ID
  @exclusivity(unchecked) @usableFromInline var lastIndex: Int?
  /// The element when it was kept (`nil` if the list had none with this id then).
  @exclusivity(unchecked) @usableFromInline var kept: Elements.Element?
  /// Whether `kept` holds the value to compare with: once the element differs it is let go,
  /// so that nothing holds a second reference to what it holds (which would make the next
  /// change in place copy it: a string typed into, for one).
  @exclusivity(unchecked) @usableFromInline var isKept = false

  @inlinable
  init(id: Elements.Element.ID) {
    self.id = id
  }

  /// The element's position in `list`, trying the last one first.
  @inlinable
  func index(in list: inout Elements, _ elements: [Elements.Element]) -> Int? {
    if let index = lastIndex, index < elements.count, elements[index].id == id {
      return index
    }
    lastIndex = list.index(id: id)
    return lastIndex
  }

  @inlinable
  func keep(from list: inout Elements) {
    let elements = list.elements
    kept = index(in: &list, elements).map { elements[$0] }
    isKept = true
  }

  /// Whether the element differs from the one kept; lets the kept one go when it does.
  @inlinable
  func changed(in list: inout Elements) -> Bool {
    let elements = list.elements
    let same: Bool
    if let index = index(in: &list, elements) {
      if case .some(let old) = kept { same = elements[index] == old } else { same = false }
    } else {
      same = kept == nil
    }
    if isKept, same { return false }
    kept = nil
    isKept = false
    return true
  }
}
