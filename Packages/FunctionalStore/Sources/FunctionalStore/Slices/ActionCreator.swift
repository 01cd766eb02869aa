/// Makes the actions of one type, and tells them apart, with their payload typed: what a
/// slice's case reducer gives you (`StateSlice/caseReducer(_:_:)`),
/// what an async thunk's `pending`, `fulfilled` and `rejected` are, and Redux Toolkit's
/// `createAction` for an action no slice owns.
///
/// ```swift
/// let appReset = ActionCreator<Void>("app/reset")
/// counterStore.dispatch(appReset())
/// let addOne = ActionCreator<Int>("counter/addedLater")
/// if let amount = addOne.match(addOne(1)) { print(amount) }  // 1
/// ```
///
/// In a `switch` over actions, a creator is a pattern:
///
/// ```swift
/// func describe(_ action: PayloadAction) -> String {
///   switch action {
///   case Counter.incremented: "one more"
///   case Counter.added: "\(Counter.added.match(action)!) more"
///   default: action.type.name
///   }
/// }
/// ```
public struct ActionCreator<Payload: Sendable>: Sendable {
  /// Never freed (see `ActionKind`), so held without counting.
  @usableFromInline unowned(unsafe) let kind: ActionKind

  init(kind: ActionKind) {
    self.kind = kind
  }

  /// Makes a creator of actions that belong to no slice (Redux Toolkit's `createAction`);
  /// slices react to them with ``ExtraReducers/addCase(_:_:)``.
  ///
  /// ```swift
  /// let loggedOut = ActionCreator<Void>("session/loggedOut")
  /// ```
  /// - Parameter name: The action type's name; creators made with one name make one type.
  public init(_ name: String) {
    if name.isEmpty { FunctionalProgrammerError.emptyName(of: "an ActionCreator's action type") }
    kind = ActionKind.named(name)
  }

  /// The type of the actions this creator makes.
  ///
  /// ```swift
  /// print(Counter.added.type.name)  // "counter/added"
  /// ```
  public var type: ActionType { ActionType(kind: kind) }

  /// Makes an action with `payload`.
  ///
  /// ```swift
  /// counterStore.dispatch(Counter.added(5))
  /// ```
  /// - Parameter payload: The payload.
  /// - Returns: The action.
  @inlinable
  public func callAsFunction(_ payload: Payload) -> PayloadAction {
    PayloadAction(kind: kind, payload: payload)
  }

  /// The payload of `action` if this creator's type made it; `nil` for any other action.
  ///
  /// ```swift
  /// let amount = Counter.added.match(action)  // Int?
  /// ```
  /// - Parameter action: Any action.
  /// - Returns: The payload, typed.
  @inlinable
  public func match(_ action: PayloadAction) -> Payload? {
    action.kind.typeID == kind.typeID ? action.payload as? Payload : nil
  }

  /// Whether `action` is of this creator's type: a creator as a `switch` case's pattern.
  ///
  /// ```swift
  /// if Counter.incremented ~= action { print("incremented") }
  /// ```
  /// - Parameters:
  ///   - creator: The creator.
  ///   - action: The action.
  /// - Returns: Whether the types are one.
  @inlinable
  public static func ~= (creator: ActionCreator, action: PayloadAction) -> Bool {
    action.kind.typeID == creator.kind.typeID
  }
}

extension ActionCreator where Payload == Void {
  /// Makes the action of a case that takes no payload.
  ///
  /// ```swift
  /// counterStore.dispatch(Counter.incremented())
  /// ```
  /// - Returns: The action.
  @inlinable
  public func callAsFunction() -> PayloadAction {
    PayloadAction(kind: kind, payload: nil)
  }
}

extension ActionCreator: CustomStringConvertible {
  /// The action type's name, as Redux Toolkit prints an action creator (`String(creator)` is
  /// its `type`).
  ///
  /// ```swift
  /// print(Counter.added)  // "counter/added"
  /// ```
  public var description: String { kind.name }
}
