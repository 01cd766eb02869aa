/// A store of the reducer/effect style that child stores are scoped from: a ``FeatureStore``, or
/// a ``ScopedStore`` scoped again. `scope(state:action:)` is written once, here, for both.
///
/// ```swift
/// let settings = appStore.scope(state: \.settings, action: AppAction.settings)
/// let theme = settings.scope(state: \.theme, action: SettingsAction.theme)
/// ```
public protocol ScopableStore<State, Action>: StateStore {
  /// Sends an action to the store (a child store's reaches its parent wrapped).
  ///
  /// ```swift
  /// store.send(.increment)
  /// ```
  /// - Parameter action: The action.
  /// - Returns: The async work the action started, to await or cancel.
  @discardableResult
  func send(_ action: Action) -> StoreTask
}

extension ScopableStore {
  /// A child store for a part of the state; its actions reach this store wrapped by `action`.
  ///
  /// ```swift
  /// let counter = appStore.scope(state: \.counter, action: AppAction.counter)
  /// counter.send(.increment)
  /// ```
  /// - Parameters:
  ///   - state: The part of the state.
  ///   - action: Wraps a child action as this store's action, e.g. `AppAction.counter`.
  /// - Returns: The child store; it takes its part after every change of this store.
  @inlinable
  public func scope<ChildState, ChildAction>(
    state: KeyPath<State, ChildState>, action: @escaping (ChildAction) -> Action
  ) -> ScopedStore<ChildState, ChildAction> {
    following(engine, from: self, state: state) { self.send(action($0)) }
  }

  /// A child store for an `Equatable` part of the state, told only when that part changed.
  ///
  /// ```swift
  /// let theme = settingsStore.scope(state: \.theme, action: SettingsAction.theme)
  /// ```
  /// - Parameters:
  ///   - state: The part of the state.
  ///   - action: Wraps a child action as this store's action, e.g. `AppAction.counter`.
  /// - Returns: The child store.
  @inlinable
  public func scope<ChildState: Equatable, ChildAction>(
    state: KeyPath<State, ChildState>, action: @escaping (ChildAction) -> Action
  ) -> ScopedStore<ChildState, ChildAction> {
    following(engine, from: self, state: state) { self.send(action($0)) }
  }
}

extension FeatureStore: ScopableStore {}

extension ScopedStore: ScopableStore {}
