/// The action of a slice-first app: a type (`"todos/added"`) and a payload, as in Redux
/// Toolkit. You do not build one by hand: an ``ActionCreator`` makes it
/// (`Todos.added("Buy milk")`), and one tells its own apart with its payload typed
/// (`Todos.added.match(action)`).
///
/// A store of slices, a middleware and a listener all take this one type, so actions of every
/// slice, and the lifecycle actions of async thunks, go through one store:
///
/// ```swift
/// let store = createStore(reducer: Counter.slice.reducer, initialState: CounterState())
/// store.dispatch(Counter.incremented())
/// store.dispatch(Counter.added(5))
/// ```
///
/// Two actions are equal when their types are and their payloads are equal (`Equatable`
/// payloads; `Void` payloads are always equal), so a test store can expect one.
public struct PayloadAction: Sendable {
  /// Never freed (see `ActionKind`), so held without counting.
  @usableFromInline unowned(unsafe) let kind: ActionKind
  /// The payload; `nil` for `Void`, which then costs nothing to copy.
  @usableFromInline let storedPayload: (any Sendable)?

  @inlinable
  init(kind: ActionKind, payload: (any Sendable)?) {
    self.kind = kind
    self.storedPayload = payload
  }

  /// The payload, typed by the creator that made the action; read it typed with
  /// ``ActionCreator/match(_:)``.
  @inlinable
  public var payload: any Sendable {
    guard let storedPayload else { return () }
    return kind.carriesParts ? (storedPayload as! PreparedParts).payload : storedPayload
  }

  /// What a prepared creator's `prepare` put beside the payload (Redux Toolkit's
  /// `action.meta`); `nil` for every other action.
  ///
  /// ```swift
  /// let action = todoAdded("Buy milk", 7)
  /// print(action.meta as? Int ?? 0)  // 7
  /// ```
  public var meta: (any Sendable)? { parts?.meta }

  /// The error a prepared creator's `prepare` gave the action (Redux Toolkit's
  /// `action.error`); `nil` for every other action.
  ///
  /// ```swift
  /// if let error = todoAdded("", 7).error { print("refused: \(error)") }
  /// ```
  public var error: (any Sendable)? { parts?.error }

  private var parts: PreparedParts? {
    kind.carriesParts ? storedPayload as? PreparedParts : nil
  }

  /// The action's type.
  ///
  /// ```swift
  /// print(Counter.added(5).type.name)  // "counter/added"
  /// ```
  public var type: ActionType { ActionType(kind: kind) }
}

extension PayloadAction: Equatable {
  /// Whether two actions have one type and equal payloads, metas and errors.
  ///
  /// ```swift
  /// Counter.added(5) == Counter.added(5)  // true
  /// ```
  public static func == (lhs: PayloadAction, rhs: PayloadAction) -> Bool {
    guard lhs.kind.typeID == rhs.kind.typeID, payloadsAreEqual(lhs.payload, rhs.payload) else { return false }
    guard lhs.kind.carriesParts || rhs.kind.carriesParts else { return true }
    return optionalsAreEqual(lhs.meta, rhs.meta) && optionalsAreEqual(lhs.error, rhs.error)
  }
}

extension PayloadAction: CustomStringConvertible {
  /// The type's name with the payload, `counter/added(5)`; a `Void` payload shows none.
  public var description: String {
    storedPayload.map { "\(type.name)(\($0))" } ?? type.name
  }
}

/// The type of a ``PayloadAction``: a name such as `"todos/added"`, compared as a number.
///
/// ```swift
/// if action.type == Counter.incremented.type { print("incremented") }
/// ```
public struct ActionType: Hashable, Sendable, CustomStringConvertible {
  unowned(unsafe) let kind: ActionKind

  /// The full name: the slice's name, a slash and the case's (`"todos/added"`).
  public var name: String { kind.name }

  /// The name.
  public var description: String { name }

  /// Whether two types are one.
  ///
  /// ```swift
  /// Counter.added.type == Counter.added.type  // true
  /// ```
  public static func == (lhs: ActionType, rhs: ActionType) -> Bool {
    lhs.kind.typeID == rhs.kind.typeID
  }

  /// Hashes the type.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(kind.typeID)
  }
}

/// Whether two metas or errors are equal: both absent, or equal values.
private func optionalsAreEqual(_ lhs: (any Sendable)?, _ rhs: (any Sendable)?) -> Bool {
  switch (lhs, rhs) {
  case (nil, nil): true
  case (let lhs?, let rhs?): payloadsAreEqual(lhs, rhs)
  default: false
  }
}

/// Whether two payloads are equal: both `Void`, or equal values of one `Equatable` type.
func payloadsAreEqual(_ lhs: any Sendable, _ rhs: any Sendable) -> Bool {
  if lhs is Void, rhs is Void { return true }
  guard let lhs = lhs as? any Equatable else { return false }
  return lhs.isEqual(to: rhs)
}

extension Equatable {
  /// Whether `other` is a value of this type equal to this one.
  fileprivate func isEqual(to other: Any) -> Bool {
    (other as? Self) == self
  }
}
