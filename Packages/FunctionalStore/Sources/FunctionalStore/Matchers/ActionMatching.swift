/// Anything that tells whether an action is one it wants: an ``ActionCreator`` (its type), an
/// async thunk (any of its three lifecycle actions), or an ``ActionMatcher`` made by
/// ``isAnyOf(_:)`` and its kin. Redux Toolkit's "matcher": what `addMatcher`, a listener and a
/// test take.
///
/// ```swift
/// let saving = isAnyOf(Counter.added, Counter.reset)
/// if saving.matches(Counter.added(5)) { print("save") }
/// ```
public protocol ActionMatching: Sendable {
  /// Whether `action` is one this wants.
  ///
  /// ```swift
  /// Counter.added.matches(action)
  /// ```
  /// - Parameter action: Any action.
  /// - Returns: Whether it matches.
  func matches(_ action: PayloadAction) -> Bool
}

/// A creator of actions of one type whose payload it types: an ``ActionCreator`` or a
/// ``PreparedActionCreator``, which ``ExtraReducers/addCase(_:_:)`` takes alike.
///
/// ```swift
/// func payloadType<Creator: TypedActionCreator>(of creator: Creator) -> Any.Type { Creator.Payload.self }
/// ```
public protocol TypedActionCreator: ActionMatching {
  /// The payload its actions carry.
  associatedtype Payload: Sendable
  /// The type of its actions.
  var type: ActionType { get }
  /// The payload of `action` if it is of this creator's type; `nil` for any other action.
  func match(_ action: PayloadAction) -> Payload?
}

extension ActionCreator: TypedActionCreator {}
extension PreparedActionCreator: TypedActionCreator {}

extension ActionCreator: ActionMatching {
  /// Whether `action` is of this creator's type.
  ///
  /// ```swift
  /// Counter.added.matches(Counter.added(5))  // true
  /// ```
  /// - Parameter action: Any action.
  /// - Returns: Whether the types are one.
  @inlinable
  public func matches(_ action: PayloadAction) -> Bool {
    action.kind.typeID == kind.typeID
  }
}

extension AsyncThunkCreator: ActionMatching {
  /// Whether `action` is one of this thunk's lifecycle actions (`pending`, `fulfilled` or
  /// `rejected`): Redux Toolkit's `isAsyncThunkAction(thunk)`.
  ///
  /// ```swift
  /// fetchTitles.matches(action)
  /// ```
  /// - Parameter action: Any action.
  /// - Returns: Whether this thunk made it.
  @inlinable
  public func matches(_ action: PayloadAction) -> Bool {
    pending.matches(action) || fulfilled.matches(action) || rejected.matches(action)
  }
}

/// A test of actions made from others (``isAnyOf(_:)``, ``isAllOf(_:)``, ``isPending(_:)`` …):
/// call it, give it where a predicate of actions goes (`addMatcher`, `startListening(matching:)`),
/// or use it as a `switch` case's pattern.
///
/// ```swift
/// let changed = isAnyOf(Counter.added, Counter.reset)
/// switch action {
/// case changed: print("the count changed")
/// default: break
/// }
/// ```
public struct ActionMatcher: ActionMatching {
  @usableFromInline let test: @Sendable (PayloadAction) -> Bool

  /// A matcher of the actions `test` accepts.
  ///
  /// ```swift
  /// let named = ActionMatcher { $0.type.name.hasPrefix("todos/") }
  /// ```
  /// - Parameter test: Whether an action matches.
  public init(_ test: @escaping @Sendable (PayloadAction) -> Bool) {
    self.test = test
  }

  /// Whether `action` matches.
  ///
  /// ```swift
  /// isPending().matches(action)
  /// ```
  /// - Parameter action: Any action.
  /// - Returns: Whether it matches.
  @inlinable public func matches(_ action: PayloadAction) -> Bool { test(action) }

  /// Whether `action` matches, so a matcher reads as a predicate.
  ///
  /// ```swift
  /// isAnyOf(Counter.added, Counter.reset)(action)
  /// ```
  /// - Parameter action: Any action.
  /// - Returns: Whether it matches.
  @inlinable public func callAsFunction(_ action: PayloadAction) -> Bool { test(action) }

  /// Whether `action` matches: a matcher as a `switch` case's pattern.
  ///
  /// ```swift
  /// if isAnyOf(Counter.added, Counter.reset) ~= action { print("changed") }
  /// ```
  /// - Parameters:
  ///   - matcher: The matcher.
  ///   - action: The action.
  /// - Returns: Whether it matches.
  @inlinable
  public static func ~= (matcher: ActionMatcher, action: PayloadAction) -> Bool {
    matcher.test(action)
  }
}

/// Matches an action that any of `matchers` matches (Redux Toolkit's `isAnyOf`): creators,
/// async thunks and other matchers, in any mix.
///
/// ```swift
/// let changed = isAnyOf(Counter.added, Counter.reset, fetchTitles.fulfilled)
/// ```
/// - Parameter matchers: What to match; none matches nothing.
/// - Returns: The matcher.
@inlinable
public func isAnyOf<each Matcher: ActionMatching>(_ matchers: repeat each Matcher) -> ActionMatcher {
  ActionMatcher { action in
    for matcher in repeat each matchers {
      if matcher.matches(action) { return true }
    }
    return false
  }
}

/// Matches an action that every one of `matchers` matches (Redux Toolkit's `isAllOf`).
///
/// ```swift
/// let addedMuch = isAllOf(Counter.added, ActionMatcher { (Counter.added.match($0) ?? 0) > 100 })
/// ```
/// - Parameter matchers: What to match; none matches every action.
/// - Returns: The matcher.
@inlinable
public func isAllOf<each Matcher: ActionMatching>(_ matchers: repeat each Matcher) -> ActionMatcher {
  ActionMatcher { action in
    for matcher in repeat each matchers {
      if !matcher.matches(action) { return false }
    }
    return true
  }
}
