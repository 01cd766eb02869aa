public import Observation

/// The observations of one list's rows, read by id (``StateStore/state(_:id:)``): what lets a
/// row's view be told only after an action that changed its row, at a small cost per watched
/// row and action.
///
/// A row's observation is found by its id in a dictionary of the list's rows, without making a
/// key path for the row at each read (the runtime builds one for a subscript with an argument
/// every time, which cost more than the rest of the read). The rows read since they last changed
/// are checked together, after each action, by one armed observation of the list (``group``):
/// the list is reached once, and each row is looked for where it was found last (one comparison
/// of ids, no hashing) and compared there with the value kept when it was read, without copying
/// either. Only a row that moved is looked up by id.
///
/// A store keeps one per list key path (see ``ElementTables``).
@usableFromInline
final class ElementObservations<State, Elements: IdentifiedElements> where Elements.Element: Equatable {
  // Exclusivity: read and written only in the store's domain, by its read path and its
  // dispatch, never during each other (a read during the reducer stops with a message).

  /// Reads the list where it lies in the state (at its offset, for a stored field).
  @usableFromInline let reader: FieldReader<State, Elements>
  /// Every row read and not yet forgotten, by id.
  @exclusivity(unchecked) @usableFromInline var byID: [Elements.Element.ID: WatchedElement] = [:]
  /// The rows read since they last changed, with where each was found and its value then.
  @exclusivity(unchecked) @usableFromInline var armed: [ArmedElement<Elements>] = []
  /// The rows the last check found changed, while they are reported; empty otherwise.
  @exclusivity(unchecked) @usableFromInline var changed: [WatchedElement] = []
  /// The list's one entry among the store's armed fields while any of its rows is armed: its
  /// check is ``findChanged(in:)``, its report tells each changed row. Set by the store once.
  @exclusivity(unchecked) @usableFromInline var group: FieldObservation<State>?

  @inlinable
  init(list: KeyPath<State, Elements>) {
    reader = FieldReader(list)
  }

  /// Arms `row`, found at `index` (or absent) with `value`, to be checked after each action.
  @inlinable
  func arm(_ row: WatchedElement, id: Elements.Element.ID, at index: Int?, value: Elements.Element?) {
    row.isArmed = true
    armed.append(ArmedElement(row: row, id: id, index: index ?? -1, kept: value))
  }

  /// Moves the armed rows that differ from their kept values to ``changed``, disarmed; whether
  /// there were any. Nothing it calls can reach the store (only `==` and the list's lookups).
  @inlinable
  func findChanged(in list: inout Elements) -> Bool {
    let elements = list.elements
    let count = armed.count
    var keptCount = 0
    armed.withUnsafeMutableBufferPointer { rows in
      for index in 0..<count {
        if Self.isUnchanged(&rows[index], in: &list, elements) {
          if keptCount != index { rows.swapAt(keptCount, index) }
          keptCount += 1
        } else {
          rows[index].row.isArmed = false
          changed.append(rows[index].row)
        }
      }
    }
    if keptCount < count { armed.removeLast(count - keptCount) }
    return keptCount < count
  }

  /// Whether the row is still what it was when kept: looked for where it was last found, and
  /// by id only when it is not there.
  @inlinable @inline(__always)
  static func isUnchanged(
    _ row: inout ArmedElement<Elements>, in list: inout Elements, _ elements: [Elements.Element]
  ) -> Bool {
    var position = row.index
    if position < 0 || position >= elements.count || elements[position].id != row.id {
      guard let found = list.index(id: row.id) else {
        row.index = -1
        if case .none = row.kept { return true }
        return false
      }
      position = found
      row.index = found
    }
    if case .some(let kept) = row.kept { return elements[position] == kept }
    return false
  }

  /// Tells each changed row's observers. An observer may read rows meanwhile, arming them
  /// again; it cannot reach ``changed``.
  @inlinable
  func reportChanged() {
    for index in changed.indices { changed[index].tellChanged() }
    changed.removeAll(keepingCapacity: true)
  }

  /// Forgets the rows nobody has read since they last changed, once they are many and most of
  /// them are not armed: rows scroll by, and each one read left an observation.
  @inlinable
  func dropUnreadIfMany() {
    guard byID.count > 64, byID.count > 2 * armed.count else { return }
    byID = byID.filter { $0.value.isArmed }
  }
}

/// One row someone read by id, and its observers.
///
/// Each row has a registrar of its own, as each row object of a hand-written `@Observable` model
/// does, and is known to it by one key path shared by every row. In the store's registrar, each
/// row was a key path of its own (the state, the list, the row's id): a screen of rows filled
/// that registrar's table with key paths that hash and compare component by component, and a
/// look-up there compared eight of them on average (a fifth of what a row's view cost per action).
@usableFromInline
final class WatchedElement: Observable {
  @usableFromInline let registrar = ObservationRegistrar()
  /// Whether someone read the row since it last changed.
  @exclusivity(unchecked) @usableFromInline var isArmed = false

  @inlinable
  init() {}

  /// What the row's registrar knows the row by: a stored property's key path, the same object
  /// for every row, so that the registrar finds it by identity.
  @usableFromInline
  static let observedKeyPath: any KeyPath<WatchedElement, Bool> & Sendable = \.isArmed

  /// Registers the reader's access to the row, for Observation tracking.
  @inlinable
  func tellRead() {
    registrar.access(self, keyPath: Self.observedKeyPath)
  }

  /// Tells the row's observers that it changed (its registrar's `willSet` and `didSet`).
  @inlinable
  func tellChanged() {
    registrar.willSet(self, keyPath: Self.observedKeyPath)
    registrar.didSet(self, keyPath: Self.observedKeyPath)
  }
}

/// An armed row as the check after each action reads it, in the list's array of armed rows.
@usableFromInline
struct ArmedElement<Elements: IdentifiedElements> {
  @usableFromInline let row: WatchedElement
  @usableFromInline let id: Elements.Element.ID
  /// Where the row was found last; -1 when the list had none with its id.
  @usableFromInline var index: Int
  /// The row when it was read (`nil`: there was none with its id).
  @usableFromInline let kept: Elements.Element?

  @inlinable
  init(row: WatchedElement, id: Elements.Element.ID, index: Int, kept: Elements.Element?) {
    self.row = row
    self.id = id
    self.index = index
    self.kept = kept
  }
}
