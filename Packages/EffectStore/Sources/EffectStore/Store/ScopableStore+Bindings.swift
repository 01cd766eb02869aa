// Two-way values for controls, sheets and stacks: read from the store, set by sending an action.
// Each is a settable subscript, so its key path (`\FeatureStore<State, Action>.[binding: \.email]`)
// is what SwiftUI's `@Bindable` turns into a `Binding`: `$store[binding: \.email]`. Nothing here
// needs SwiftUI; the same subscripts work from plain code and tests on every platform.

extension ScopableStore where Action: BindableAction, Action.State == State {
  /// A field of the state as a form control edits it: read from the store (tracked, as any field
  /// read), and set by sending its change, `.binding(.set(keyPath, newValue))`, so the reducer
  /// sees every edit.
  ///
  /// ```swift
  /// let profile = FeatureStore(initialState: Profile.State(), reducer: Profile())
  /// profile[binding: \.name] = "Ada"   // sends .binding(.set(\.name, "Ada"))
  /// ```
  ///
  /// In SwiftUI, hold the store as `@Bindable var store` and pass `$store[binding: \.name]`
  /// where a control takes a binding: `TextField("Name", text: $store[binding: \.name])`.
  /// - Parameter keyPath: The field.
  public subscript<Value: Equatable & Sendable>(binding keyPath: WritableKeyPath<State, Value>) -> Value {
    get { state(keyPath) }
    set { send(.binding(.set(keyPath, newValue))) }
  }
}

extension ScopableStore where Action: Hashable {
  /// Whether optional state (a sheet's, an alert's, a destination enum's) is there, as a sheet
  /// shows it: setting `false` while it is there sends `dismiss`, which is what SwiftUI does when
  /// the user swipes a sheet away; setting `true` does nothing (present with your own action).
  ///
  /// ```swift
  /// struct HelpState: Equatable, Sendable { var help: String? = "Swipe down to close" }
  /// enum HelpAction: Hashable, Sendable { case show, dismiss }
  ///
  /// let screen = FeatureStore(
  ///   initialState: HelpState(),
  ///   reducer: Reduce<HelpState, HelpAction> { state, action in
  ///     state.help = action == .show ? "Swipe down to close" : nil
  ///     return .none
  ///   })
  /// screen[isPresented: \.help, dismiss: .dismiss] = false   // sends .dismiss
  /// ```
  ///
  /// In SwiftUI, with `@Bindable var store`:
  /// `.sheet(isPresented: $store[isPresented: \.sheet, dismiss: .dismissSheet]) { … }`, the
  /// sheet's content scoping its store with `scope(state:action:)`. `Action` is
  /// `Hashable` because a key path's subscript arguments must be.
  /// - Parameters:
  ///   - state: The optional part of the state.
  ///   - dismiss: The action that sets it to `nil`.
  public subscript<Presented>(isPresented state: KeyPath<State, Presented?>, dismiss dismiss: Action) -> Bool
  {
    get { self.state(state.appending(path: \Presented?.isSome)) }
    set {
      if !newValue, engine.untrackedState[keyPath: state] != nil { send(dismiss) }
    }
  }

  /// The ids of a navigation stack's screens, as SwiftUI's `NavigationStack(path:)` takes them:
  /// setting a shorter path (the back button, the swipe back, the back button's menu) sends
  /// `popLast` once for each screen that went, each removing the screen on top, so the reducer
  /// sees every pop and `ForEachElement` cancels each popped screen's effects. A longer path set
  /// from outside is ignored: push with your own action, which adds the screen's state.
  ///
  /// ```swift
  /// struct Navigation: Equatable, Sendable { var path = StackState<TodoState>() }
  /// enum NavigationAction: Hashable, Sendable { case push(Int), popScreen }
  ///
  /// let stack = FeatureStore(
  ///   initialState: Navigation(),
  ///   reducer: Reduce<Navigation, NavigationAction> { state, action in
  ///     switch action {
  ///     case .push(let id): state.path.append(TodoState(id: id))
  ///     case .popScreen: state.path.removeLast()
  ///     }
  ///     return .none
  ///   })
  /// stack.send(.push(1))
  /// stack.send(.push(2))
  /// stack[path: \.path, popLast: .popScreen] = []   // sends .popScreen twice
  /// ```
  ///
  /// In SwiftUI, with `@Bindable var store`:
  /// `NavigationStack(path: $store[path: \.path, popLast: .popScreen]) { … }`, each destination
  /// getting its screen's store from ``FeatureStore/scope(forEach:id:action:)``. Reading it
  /// tracks the screens' ids only, not their state.
  /// - Parameters:
  ///   - path: The stack's screens, in order.
  ///   - popLast: The action that removes the screen on top.
  public subscript<Path: ElementCollection>(
    path path: KeyPath<State, Path>, popLast popLast: Action
  ) -> [Path.ID] {
    get { Array(state(path.appending(path: \Path.ids))) }
    set {
      let count = engine.untrackedState[keyPath: path].count
      guard newValue.count < count else { return }
      for _ in newValue.count..<count { send(popLast) }
    }
  }
}

extension Optional {
  /// Whether there is a value: what a view of optional state watches to show or hide it.
  @usableFromInline var isSome: Bool { self != nil }
}
