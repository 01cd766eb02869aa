/// What a prepared creator's `prepare` makes of its arguments (Redux Toolkit's
/// `prepareAction` result): the payload, and optionally a meta and an error, which the action
/// carries beside it (``PayloadAction/meta``, ``PayloadAction/error``).
///
/// ```swift
/// let todoAdded = createAction("todos/added") { (title: String, id: Int) in
///   PreparedAction(payload: title, meta: id)
/// }
/// ```
public struct PreparedAction<Payload: Sendable>: Sendable {
  /// The payload, what `match` returns.
  public var payload: Payload
  /// Anything the action carries beside its payload: a timestamp, an id, a flag for middleware.
  public var meta: (any Sendable)?
  /// An error the action reports, by Redux convention set when the action says something failed.
  public var error: (any Sendable)?

  /// A prepared action's parts.
  ///
  /// ```swift
  /// let prepared = PreparedAction(payload: "Buy milk", meta: 7, error: nil)
  /// ```
  /// - Parameters:
  ///   - payload: The payload.
  ///   - meta: What the action carries beside it.
  ///   - error: The error it reports.
  public init(payload: Payload, meta: (any Sendable)? = nil, error: (any Sendable)? = nil) {
    self.payload = payload
    self.meta = meta
    self.error = error
  }
}

/// How an action of a prepared kind holds its payload, meta and error, in the one slot where
/// other actions hold their payload alone (so other actions pay nothing for it).
@usableFromInline
struct PreparedParts: Sendable {
  @usableFromInline let payload: any Sendable
  let meta: (any Sendable)?
  let error: (any Sendable)?

  init<Payload>(_ prepared: PreparedAction<Payload>) {
    payload = prepared.payload
    meta = prepared.meta
    error = prepared.error
  }
}

/// Makes actions from several arguments through a `prepare` function, which may add a meta and
/// an error (Redux Toolkit's `createAction(type, prepareAction)`). Its actions are of its
/// type's name, so a plain ``ActionCreator`` of that name, `addCase`, listeners and matchers
/// see them as any other.
///
/// ```swift
/// let todoAdded = createAction("todos/added") { (title: String, id: Int) in
///   PreparedAction(payload: title, meta: id)
/// }
/// let action = todoAdded("Buy milk", 7)
/// print(todoAdded.match(action) ?? "")  // "Buy milk"
/// ```
public struct PreparedActionCreator<Payload: Sendable, each Argument>: Sendable {
  /// Never freed (see `ActionKind`), so held without counting.
  @usableFromInline unowned(unsafe) let kind: ActionKind
  let prepare: @Sendable (repeat each Argument) -> PreparedAction<Payload>

  init(kind: ActionKind, prepare: @escaping @Sendable (repeat each Argument) -> PreparedAction<Payload>) {
    self.kind = kind
    self.prepare = prepare
  }

  /// The type of the actions this creator makes.
  ///
  /// ```swift
  /// print(todoAdded.type.name)  // "todos/added"
  /// ```
  public var type: ActionType { ActionType(kind: kind) }

  /// Makes an action: `prepare` with the arguments, its result carried by the action.
  ///
  /// ```swift
  /// todosStore.dispatch(todoAdded("Buy milk", 7))
  /// ```
  /// - Parameter arguments: What `prepare` takes.
  /// - Returns: The action.
  public func callAsFunction(_ arguments: repeat each Argument) -> PayloadAction {
    PayloadAction(kind: kind, payload: PreparedParts(prepare(repeat each arguments)))
  }

  /// The payload of `action` if it is of this creator's type; `nil` for any other action.
  ///
  /// ```swift
  /// let title = todoAdded.match(action)  // String?
  /// ```
  /// - Parameter action: Any action.
  /// - Returns: The payload, typed.
  @inlinable
  public func match(_ action: PayloadAction) -> Payload? {
    action.kind.typeID == kind.typeID ? action.payload as? Payload : nil
  }

  /// The payload, meta and error of `action` if it is of this creator's type.
  ///
  /// ```swift
  /// if let added = todoAdded.matchPrepared(action) { print(added.meta ?? "no meta") }
  /// ```
  /// - Parameter action: Any action.
  /// - Returns: What `prepare` made, typed; `nil` for another type.
  public func matchPrepared(_ action: PayloadAction) -> PreparedAction<Payload>? {
    match(action).map { PreparedAction(payload: $0, meta: action.meta, error: action.error) }
  }

  /// Whether `action` is of this creator's type: the creator as a `switch` case's pattern.
  ///
  /// ```swift
  /// if todoAdded ~= action { print("added") }
  /// ```
  /// - Parameters:
  ///   - creator: The creator.
  ///   - action: The action.
  /// - Returns: Whether the types are one.
  @inlinable
  public static func ~= (creator: PreparedActionCreator, action: PayloadAction) -> Bool {
    action.kind.typeID == creator.kind.typeID
  }
}

extension PreparedActionCreator: ActionMatching {
  /// Whether `action` is of this creator's type.
  ///
  /// ```swift
  /// todoAdded.matches(todoAdded("Buy milk", 7))  // true
  /// ```
  /// - Parameter action: Any action.
  /// - Returns: Whether the types are one.
  @inlinable
  public func matches(_ action: PayloadAction) -> Bool {
    action.kind.typeID == kind.typeID
  }
}

extension PreparedActionCreator: CustomStringConvertible {
  /// The action type's name, as Redux Toolkit prints an action creator.
  ///
  /// ```swift
  /// print(todoAdded)  // "todos/added"
  /// ```
  public var description: String { kind.name }
}

/// Declares a creator whose actions are made by `prepare` from any arguments, with a meta and
/// an error if it gives them (Redux Toolkit's `createAction(type, prepareAction)`). A creator
/// of one payload needs none: `ActionCreator<Int>("counter/added")`.
///
/// ```swift
/// let todoAdded = createAction("todos/added") { (title: String, id: Int) in
///   PreparedAction(payload: title, meta: id)
/// }
/// ```
/// - Parameters:
///   - type: The action type's name.
///   - prepare: Makes the payload, and the meta and error, from the creator's arguments.
/// - Returns: The creator.
public func createAction<Payload: Sendable, each Argument>(
  _ type: String, prepare: @escaping @Sendable (repeat each Argument) -> PreparedAction<Payload>
) -> PreparedActionCreator<Payload, repeat each Argument> {
  if type.isEmpty { FunctionalProgrammerError.emptyName(of: "an ActionCreator's action type") }
  return PreparedActionCreator(kind: ActionKind.prepared(type), prepare: prepare)
}

extension StateSlice {
  /// Declares a case whose actions `prepare` makes from any arguments, with a meta and an
  /// error if it gives them (Redux Toolkit's case reducer with `prepare`, and
  /// `create.preparedReducer`); the reducer gets all three.
  ///
  /// ```swift
  /// let renamed = Counter.slice.caseReducer("renamed", prepare: { (name: String, by: String) in
  ///   PreparedAction(payload: name, meta: by)
  /// }) { state, renamed in state.value = renamed.payload.count }
  /// ```
  /// - Parameters:
  ///   - name: The case's name; the action type is `"<slice>/<name>"`.
  ///   - prepare: Makes the payload, and the meta and error, from the creator's arguments.
  ///   - reduce: Changes the slice's state with what `prepare` made, in place.
  /// - Returns: The creator: `renamed("Ada", "admin")` makes the action.
  public func caseReducer<Payload: Sendable, each Argument>(
    _ name: String,
    prepare: @escaping @Sendable (repeat each Argument) -> PreparedAction<Payload>,
    _ reduce: @escaping @Sendable (inout State, PreparedAction<Payload>) -> Void
  ) -> PreparedActionCreator<Payload, repeat each Argument> {
    PreparedActionCreator(
      kind: PreparedCaseKind(name: typeName(name), sliceID: sliceID, reduce: reduce), prepare: prepare)
  }
}
