/// TCA's reducer modifiers, `.ifLet` and `.forEach`: the child reducer runs on each action
/// before the reducer it modifies, so the parent sees the child's change (a delegate action
/// after the child handled it, a sheet dismissed after its last action). The safe order is the
/// only one this spelling can write; a parent listed before an ``IfLet`` or ``ForEachElement``
/// in a `body` runs first, and finds the child's state as it was. The one exception is TCA's
/// too: the action that closes a child (a presentation's `.dismiss`, a stack's `popFrom`)
/// reaches the parent while the child is still there (see ``ChildFirst``).
extension Reducer {
  /// Runs `child` on the optional state at `state` before this reducer: TCA's `.ifLet`.
  ///
  /// ```swift
  /// let editor = Reduce<EditorState, EditorAction> { state, action in
  ///   if case .sheet(.saved) = action { state.sheet = nil }
  ///   return .none
  /// }
  /// .ifLet(\.sheet, action: EditorAction.sheet) {
  ///   if case .sheet(let action) = $0 { action } else { nil }
  /// } then: {
  ///   Sheet()
  /// }
  /// ```
  /// - Parameters:
  ///   - state: Where the optional child state lives.
  ///   - action: The parent case that carries a child action.
  ///   - extract: The child action a parent action carries, or `nil`.
  ///   - child: Makes the child reducer.
  /// - Returns: The child's ``IfLet``, then this reducer (see ``ChildFirst``).
  @inlinable
  public func ifLet<Child: Reducer>(
    _ state: WritableKeyPath<State, Child.State?>,
    action: @escaping @Sendable (Child.Action) -> Action,
    extract: @escaping (Action) -> Child.Action?,
    then child: () -> Child
  ) -> ChildFirst<IfLet<State, Action, Child>, Self> {
    ChildFirst(child: IfLet(state, action: action, extract: extract, child: child), parent: self)
  }

  /// Runs `child` on an alert's (an ``EphemeralState``'s) optional state at `state` before
  /// this reducer: TCA's `.ifLet` over an alert, whose state becomes `nil` after any action of
  /// its own.
  ///
  /// ```swift
  /// let deleter = Reduce<DeleterState, DeleterAction> { _, _ in .none }
  ///   .ifLet(\.alert, action: DeleterAction.alert) {
  ///     if case .alert(let action) = $0 { action } else { nil }
  ///   } then: {
  ///     EmptyReducer<DeleteAlert, DeleteAlertAction>()
  ///   }
  /// ```
  /// - Parameters:
  ///   - state: Where the optional state lives.
  ///   - action: The parent case that carries its actions.
  ///   - extract: The child action a parent action carries, or `nil`.
  ///   - child: Makes the child reducer.
  /// - Returns: The child's ``IfLet``, then this reducer (see ``ChildFirst``).
  @inlinable
  public func ifLet<Child: Reducer>(
    _ state: WritableKeyPath<State, Child.State?>,
    action: @escaping @Sendable (Child.Action) -> Action,
    extract: @escaping (Action) -> Child.Action?,
    then child: () -> Child
  ) -> ChildFirst<IfLet<State, Action, Child>, Self> where Child.State: EphemeralState {
    ChildFirst(child: IfLet(state, action: action, extract: extract, child: child), parent: self)
  }

  /// Runs `child` on the presented state at `state` before this reducer, applying
  /// ``PresentationAction/dismiss``: TCA's `.ifLet` over `@Presents` state.
  ///
  /// ```swift
  /// let presenter = Reduce<PresenterState, PresenterAction> { _, _ in .none }
  ///   .ifLet(\.sheet, action: PresenterAction.sheet) {
  ///     if case .sheet(let action) = $0 { action } else { nil }
  ///   } then: {
  ///     Sheet()
  ///   }
  /// ```
  /// - Parameters:
  ///   - state: Where the optional child state lives.
  ///   - action: The parent case that carries the child's presentation actions.
  ///   - extract: The presentation action a parent action carries, or `nil`.
  ///   - child: Makes the child reducer.
  /// - Returns: The child's ``IfLet``, then this reducer (see ``ChildFirst``).
  @inlinable
  public func ifLet<Child: Reducer>(
    _ state: WritableKeyPath<State, Child.State?>,
    action: @escaping @Sendable (PresentationAction<Child.Action>) -> Action,
    extract: @escaping (Action) -> PresentationAction<Child.Action>?,
    then child: () -> Child
  ) -> ChildFirst<IfLet<State, Action, Child>, Self> {
    ChildFirst(child: IfLet(state, action: action, extract: extract, child: child), parent: self)
  }

  /// Runs `element` on each row of the collection at `elements` before this reducer: TCA's
  /// `.forEach` over an `IdentifiedArray`.
  ///
  /// ```swift
  /// let todos = Reduce<TodosState, TodosAction> { _, _ in .none }
  ///   .forEach(\.todos, action: TodosAction.todo) {
  ///     if case .todo(let id, let action) = $0 { (id, action) } else { nil }
  ///   } element: {
  ///     Todo()
  ///   }
  /// ```
  /// - Parameters:
  ///   - elements: Where the collection lives.
  ///   - action: The parent case that carries an element's id and action.
  ///   - extract: The id and element action a parent action carries, or `nil`.
  ///   - element: Makes the element reducer.
  /// - Returns: The ``ForEachElement``, then this reducer (see ``ChildFirst``).
  @inlinable
  public func forEach<Rows: ElementCollection, Element: Reducer>(
    _ elements: WritableKeyPath<State, Rows>,
    action: @escaping @Sendable (Rows.ID, Element.Action) -> Action,
    extract: @escaping (Action) -> (Rows.ID, Element.Action)?,
    element: () -> Element
  ) -> ChildFirst<ForEachElement<State, Action, Rows, Element>, Self>
  where Element.State == Rows.Element, Rows.ID: Sendable {
    ChildFirst(
      child: ForEachElement(elements, action: action, extract: extract, child: element), parent: self)
  }

  /// Runs `element` on each screen of the navigation stack at `elements` before this reducer,
  /// applying pushes and pops: TCA's `.forEach` over `StackState`.
  ///
  /// ```swift
  /// let navigator = Reduce<NavigatorState, NavigatorAction> { _, _ in .none }
  ///   .forEach(\.path, action: NavigatorAction.path) {
  ///     if case .path(let action) = $0 { action } else { nil }
  ///   } element: {
  ///     Todo()
  ///   }
  /// ```
  /// - Parameters:
  ///   - elements: Where the stack lives.
  ///   - action: The parent case that carries the stack's actions.
  ///   - extract: The stack action a parent action carries, or `nil`.
  ///   - element: Makes the screen reducer.
  /// - Returns: The ``ForEachElement``, then this reducer (see ``ChildFirst``).
  @inlinable
  public func forEach<Element: Reducer>(
    _ elements: WritableKeyPath<State, StackState<Element.State>>,
    action: @escaping @Sendable (StackAction<Element.State, Element.Action>) -> Action,
    extract: @escaping (Action) -> StackAction<Element.State, Element.Action>?,
    element: () -> Element
  ) -> ChildFirst<ForEachElement<State, Action, StackState<Element.State>, Element>, Self> {
    ChildFirst(
      child: ForEachElement(elements, action: action, extract: extract, child: element), parent: self)
  }
}

/// A child reducer whose closing action its parent sees first (``IfLet`` with a
/// ``PresentationAction``'s `.dismiss`, ``ForEachElement`` with a ``StackAction``'s `popFrom`):
/// ``ChildFirst`` runs the parent for that action while the child is still there, so that it
/// can read the child's last state or present another in its place, and closes the child after.
///
/// ```swift
/// let sheet = IfLet(\PresenterState.sheet, action: PresenterAction.sheet) {
///   if case .sheet(let action) = $0 { action } else { nil }
/// } child: {
///   Sheet()
/// }
/// let closesAfter = sheet.closingAfterParent(.sheet(.dismiss), in: PresenterState()) != nil
/// ```
public protocol ClosingChildReducer: Reducer {
  /// For the action that closes the child: what closes it once the parent has run, given the
  /// state as it was before the parent ran; `nil` for every other action.
  ///
  /// ```swift
  /// var state = PresenterState(sheet: SheetState())
  /// let close = IfLet(\PresenterState.sheet, action: PresenterAction.sheet) {
  ///   if case .sheet(let action) = $0 { action } else { nil }
  /// } child: {
  ///   Sheet()
  /// }.closingAfterParent(.sheet(.dismiss), in: state)
  /// close?(&state)
  /// ```
  /// - Parameters:
  ///   - action: The action about to run.
  ///   - state: The state before the parent runs.
  /// - Returns: What closes the child after the parent, or `nil`.
  func closingAfterParent(_ action: Action, in state: State) -> ((inout State) -> Void)?
}

/// A child reducer and the parent reducer it modifies (`.ifLet`, `.forEach`): the child runs
/// first on each action, then the parent, which sees the child's change; for the action that
/// closes the child, the parent runs first and the child is closed after (TCA's order).
///
/// ```swift
/// let presenter = Reduce<PresenterState, PresenterAction> { _, _ in .none }
///   .ifLet(\.sheet, action: PresenterAction.sheet) {
///     if case .sheet(let action) = $0 { action } else { nil }
///   } then: {
///     Sheet()
///   }
/// ```
public struct ChildFirst<Child: ClosingChildReducer, Parent: Reducer>: Reducer
where Child.State == Parent.State, Child.Action == Parent.Action {
  @usableFromInline let child: Child
  @usableFromInline let parent: Parent

  @inlinable init(child: Child, parent: Parent) {
    self.child = child
    self.parent = parent
  }

  /// Runs the child, then the parent; for the child's closing action, the parent, then closes
  /// the child.
  @inlinable
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    if let close = child.closingAfterParent(action, in: state) {
      let effect = parent.reduce(into: &state, action: action)
      close(&state)
      return effect
    }
    return ReducerPair(first: child, second: parent).reduce(into: &state, action: action)
  }
}

extension Reducer {
  /// Runs `child` on one case of this reducer's enum state before this reducer: TCA's
  /// `.ifCaseLet`. The case's effects end when the state leaves it; a child action while the
  /// state is in another case is reported, as TCA's is.
  ///
  /// ```swift
  /// let destination = Reduce<Destination.State, Destination.Action> { _, _ in .none }
  ///   .ifCaseLet(
  ///     state: { if case .edit(let state) = $0 { state } else { nil } }, embed: Destination.State.edit,
  ///     action: Destination.Action.edit,
  ///     extract: { if case .edit(let action) = $0 { action } else { nil } }
  ///   ) {
  ///     Edit()
  ///   }
  /// ```
  /// - Parameters:
  ///   - state: The case's state, taken out of the enum, or `nil` for another case.
  ///   - embed: Makes the case from its state, e.g. `State.edit`.
  ///   - action: The parent case that carries the child's actions.
  ///   - extract: The child action a parent action carries, or `nil`.
  ///   - child: Makes the case's reducer.
  /// - Returns: The ``CaseScope``, then this reducer.
  @inlinable
  public func ifCaseLet<Child: Reducer>(
    state: @escaping @Sendable (State) -> Child.State?,
    embed: @escaping (Child.State) -> State,
    action: @escaping @Sendable (Child.Action) -> Action,
    extract: @escaping (Action) -> Child.Action?,
    then child: () -> Child
  ) -> ReducerPair<CaseScope<State, Action, Child>, Self> {
    ReducerPair(
      first: CaseScope(state: state, embed: embed, action: action, extract: extract, child: child),
      second: self)
  }
}
