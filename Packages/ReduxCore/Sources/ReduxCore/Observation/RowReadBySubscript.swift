@_spi(Reflection) import Swift

/// The value of a row read by id through a key path subscript (`\.todos[id: id]` is an optional
/// `Identifiable` element): how a store recognizes that spelling, to read the row by its list
/// and id instead, or to warn of it.
@usableFromInline
protocol RowReadBySubscript {}

extension Optional: RowReadBySubscript where Wrapped: Identifiable {}

/// The value of a row that a store can read by its list and id: an `Equatable` one, which the
/// list's rows are compared by.
@usableFromInline
protocol RowReadableByID {
  /// The reader by id of the row `keyPath` reads, when it is a stored list of the state
  /// followed by the list's own `[id:]` subscript (``IdentifiedElements/keyPath(toElementWithID:)``),
  /// and the list has that row now; `nil` otherwise.
  static func rowReadByID<State, Action>(
    _ keyPath: AnyKeyPath, in core: EngineCore<State, Action>
  ) -> RowReadState?
}

extension Optional: RowReadableByID where Wrapped: Identifiable & Equatable {
  @usableFromInline
  static func rowReadByID<State, Action>(
    _ keyPath: AnyKeyPath, in core: EngineCore<State, Action>
  ) -> RowReadState? {
    // The row's id comes from the row itself: the key path's argument cannot be read.
    guard let read = core.storedState[keyPath: keyPath] as? Wrapped?, let row = read else { return nil }
    func reader<List: IdentifiedElements>(
      _: List.Type, at list: AnyKeyPath
    ) -> RowReadState? where List.Element == Wrapped {
      guard let list = list as? KeyPath<State, List>, let element = List.keyPath(toElementWithID: row.id),
        list.appending(path: element) == keyPath
      else { return nil }
      return RowReadByID(core, list: list, id: row.id)
    }
    for list in StoredLists.of(State.self) {
      if let listType = type(of: list).valueType as? any IdentifiedElements<Wrapped>.Type,
        let found = reader(listType, at: list)
      {
        return found
      }
    }
    return nil
  }
}

/// What a store asks of a row read through a key path subscript, whatever its type.
@usableFromInline
class RowReadState {
  @usableFromInline
  init() {}

  /// Whether someone read the row since it last changed: its field observation is kept while
  /// this holds (see ``EngineCore/dropUnreadFieldsIfMany()``).
  var isArmed: Bool { false }
}

/// A row read through a key path subscript, read by its list and id: what
/// ``EngineCore/trackedValue(at:isDuplicate:)`` returns for such a key path, typed by its value
/// alone so that the read finds it with one downcast.
@usableFromInline
class RowRead<Value>: RowReadState {

  /// The row, tracked by Observation as `state(_:id:)` tracks it.
  @usableFromInline
  func read() -> Value { fatalError("RowRead.read() is overridden") }
}

/// ``RowRead`` for a row of `List` in the state of `core`.
@usableFromInline
final class RowReadByID<State, Action, List: IdentifiedElements>: RowRead<List.Element?>
where List.Element: Equatable {
  /// The core that holds this reader (in a field observation), so it is never gone first.
  unowned(unsafe) let core: EngineCore<State, Action>
  let list: KeyPath<State, List>
  let id: List.Element.ID

  init(_ core: EngineCore<State, Action>, list: KeyPath<State, List>, id: List.Element.ID) {
    self.core = core
    self.list = list
    self.id = id
  }

  @usableFromInline
  override func read() -> List.Element? {
    core.trackedElement(id: id, in: list)
  }

  override var isArmed: Bool {
    core.elementObservations(of: list).byID[id]?.isArmed ?? false
  }
}

/// The stored properties of a state type that are lists (``IdentifiedElements``), found once
/// per type: where a row read through a key path subscript may come from.
enum StoredLists {
  private static let found = Locked<[ObjectIdentifier: [AnyKeyPath]]>([:])

  /// The key paths of `State`'s stored lists.
  static func of<State>(_: State.Type) -> [AnyKeyPath] {
    if let lists = found.withLock({ $0[ObjectIdentifier(State.self)] }) { return lists }
    var lists: [AnyKeyPath] = []
    _ = _forEachFieldWithKeyPath(of: State.self) { _, path in
      if type(of: path).valueType is any IdentifiedElements.Type { lists.append(path) }
      return true
    }
    found.withLock { $0[ObjectIdentifier(State.self)] = lists }
    return lists
  }
}
