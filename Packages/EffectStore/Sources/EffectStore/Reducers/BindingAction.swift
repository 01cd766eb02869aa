/// One change a form makes to one field of its feature's state: a text field's new text, a
/// toggle's new value. One action case carries every field's change, so a form with ten controls
/// needs one case, not ten.
///
/// The reducer applies it, and may react to one field's change before (a pattern on its key
/// path) or after:
///
/// ```swift
/// struct Profile: Reducer {
///   struct State: Equatable, Sendable {
///     var name = ""
///     var notifications = false
///     var nameIsValid = false
///   }
///   enum Action: Equatable, Sendable, BindableAction {
///     case binding(BindingAction<State>)
///     case save
///   }
///
///   func reduce(into state: inout State, action: Action) -> Effect<Action> {
///     switch action {
///     case .binding(let change):
///       change.apply(to: &state)
///       if case \State.name = change { state.nameIsValid = !state.name.isEmpty }
///       return .none
///     case .save:
///       return .none
///     }
///   }
/// }
///
/// let store = FeatureStore(initialState: Profile.State(), reducer: Profile())
/// store.send(.binding(.set(\.name, "Ada")))
/// store.send(.binding(.set(\.notifications, true)))
/// ```
///
/// Two changes are equal when they set the same field to equal values, so a test store checks
/// them like any action: `await store.send(.binding(.set(\.name, "Ada"))) { … }`.
public struct BindingAction<Root>: Hashable, CustomStringConvertible, @unchecked Sendable {
  // Sendable: the value is `Sendable` (required by `set`), and a key path is immutable.

  /// The field the change sets.
  public let keyPath: PartialKeyPath<Root>
  private let value: any Sendable
  private let write: (inout Root) -> Void
  private let hasValue: (any Sendable) -> Bool

  /// A change that sets the field at `keyPath` to `value`.
  ///
  /// ```swift
  /// let rename = BindingAction<Profile.State>.set(\.name, "Grace")
  /// ```
  /// - Parameters:
  ///   - keyPath: The field.
  ///   - value: Its new value.
  /// - Returns: The change.
  public static func set<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<Root, Value>, _ value: Value
  ) -> BindingAction {
    BindingAction(
      keyPath: keyPath, value: value, write: { $0[keyPath: keyPath] = value },
      hasValue: { ($0 as? Value) == value })
  }

  /// The value this change sets the field at `keyPath` to; `nil` when it sets another field.
  /// A reducer reads it to react to the new value before applying it (to validate it, say).
  ///
  /// ```swift
  /// let change = BindingAction<Profile.State>.set(\.name, "Grace")
  /// let name = change.value(of: \.name)  // "Grace"
  /// ```
  /// - Parameter keyPath: The field.
  /// - Returns: Its new value, typed, or `nil`.
  public func value<Value>(of keyPath: WritableKeyPath<Root, Value>) -> Value? {
    self.keyPath == keyPath ? value as? Value : nil
  }

  /// Makes the change in `root`: what a reducer does with the action.
  ///
  /// ```swift
  /// var state = Profile.State()
  /// BindingAction<Profile.State>.set(\.name, "Grace").apply(to: &state)
  /// ```
  /// - Parameter root: The state to change.
  public func apply(to root: inout Root) {
    write(&root)
  }

  /// Whether this change sets the field at `keyPath`: `case \State.name = change`, or as a
  /// pattern of the action, `case .binding(\State.name)`.
  ///
  /// ```swift
  /// let change = BindingAction<Profile.State>.set(\.name, "Grace")
  /// let renames = \Profile.State.name ~= change  // true
  /// ```
  /// - Parameters:
  ///   - keyPath: The field.
  ///   - change: The change.
  /// - Returns: Whether the change sets that field.
  public static func ~= <Value>(keyPath: WritableKeyPath<Root, Value>, change: BindingAction) -> Bool {
    change.keyPath == keyPath
  }

  /// Whether two changes set the same field to equal values.
  ///
  /// ```swift
  /// let same = BindingAction<Profile.State>.set(\.name, "Ada") == .set(\.name, "Ada")  // true
  /// ```
  /// - Parameters:
  ///   - lhs: A change.
  ///   - rhs: Another change.
  /// - Returns: Whether they are the same change.
  public static func == (lhs: BindingAction, rhs: BindingAction) -> Bool {
    lhs.keyPath == rhs.keyPath && lhs.hasValue(rhs.value)
  }

  /// Hashes the field only (equal changes set the same field), so that an action carrying a
  /// change can be `Hashable`: what the two-way subscripts need of an action
  /// (`store[isPresented:dismiss:]`).
  ///
  /// ```swift
  /// let edited: Set = [BindingAction<Profile.State>.set(\.name, "Ada")]
  /// ```
  /// - Parameter hasher: The hasher.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(keyPath)
  }

  /// The change as a failure message or a log shows it: the field's type and the new value.
  ///
  /// ```swift
  /// print(BindingAction<Profile.State>.set(\.name, "Ada"))  // set String to "Ada"
  /// ```
  public var description: String {
    "set \(type(of: keyPath).valueType) to \(String(reflecting: value))"
  }
}

/// An action with a case for a form's changes, `case binding(BindingAction<State>)`, so that
/// code written for any form (a control's helper, a test's) can make one.
///
/// ```swift
/// enum SettingsAction: Equatable, Sendable, BindableAction {
///   case binding(BindingAction<SettingsState>)
/// }
/// struct SettingsState: Equatable, Sendable { var volume = 5 }
///
/// func setVolume<A: BindableAction>(_ volume: Int) -> A where A.State == SettingsState {
///   .binding(.set(\.volume, volume))
/// }
/// ```
public protocol BindableAction {
  /// The state whose fields the form changes.
  associatedtype State

  /// The action that carries a form's change.
  ///
  /// ```swift
  /// let action = Profile.Action.binding(.set(\.name, "Ada"))
  /// ```
  /// - Parameter action: The change.
  /// - Returns: The action.
  static func binding(_ action: BindingAction<State>) -> Self

  /// The change this action carries, `nil` for any other action: what ``BindingReducer``
  /// applies.
  ///
  /// Declare it, as below, on a feature whose actions are frequent: left out, it is found by
  /// reflection on the action, about a microsecond on every action the feature gets.
  ///
  /// ```swift
  /// enum FormAction: Equatable, Sendable, BindableAction {
  ///   case binding(BindingAction<FormState>)
  ///   case submit
  ///
  ///   var binding: BindingAction<FormState>? {
  ///     if case .binding(let change) = self { change } else { nil }
  ///   }
  /// }
  /// struct FormState: Equatable, Sendable { var email = "" }
  /// ```
  var binding: BindingAction<State>? { get }
}

extension BindableAction {
  /// The change this action carries, found by reflection on the action: its case is
  /// `binding(_:)`'s. Declare `binding` in the action to skip the reflection.
  ///
  /// ```swift
  /// let change = Profile.Action.binding(.set(\.name, "Ada")).binding  // the change
  /// let none = Profile.Action.save.binding  // nil
  /// ```
  public var binding: BindingAction<State>? { extractCase(Self.binding, from: self) }
}
