/// Runs a child reducer on one part of the parent's state, for the parent actions that carry a
/// child action; the child's effects come back wrapped as parent actions.
///
/// ```swift
/// Scope(state: \AppState.counter, action: AppAction.counter) {
///   if case .counter(let action) = $0 { action } else { nil }
/// } child: {
///   Counter()
/// }
/// ```
///
/// Give `extract` (the pattern that takes the child action out of a parent action) on paths
/// that run often: it costs a switch, a few nanoseconds. Without it, the case is found by
/// reflection (`Mirror`), which costs microseconds per action and per level.
///
/// Parent reducers listed after a `Scope` see the same action after the child has handled it,
/// which is how a parent reacts to a child's delegated actions (`.counter(.delegate(...))`).
public struct Scope<ParentState, ParentAction, Child: Reducer>: Reducer {
  @usableFromInline let state: WritableKeyPath<ParentState, Child.State>
  @usableFromInline let extract: (ParentAction) -> Child.Action?
  @usableFromInline let embed: @Sendable (Child.Action) -> ParentAction
  @usableFromInline let child: Child
  /// Where the child's state lies in the parent's, when the key path is made only of stored
  /// properties of structs: the child is then reduced in place at that offset, where applying
  /// the key path goes through the runtime (a generic look-up and a modify coroutine per action).
  @usableFromInline let offset: Int?

  /// Scopes a child reducer with the parent's case for its actions, taken out by `extract`: the
  /// fast form, a few nanoseconds per action.
  ///
  /// ```swift
  /// Scope(state: \AppState.counter, action: AppAction.counter) {
  ///   if case .counter(let action) = $0 { action } else { nil }
  /// } child: {
  ///   Counter()
  /// }
  /// ```
  /// - Parameters:
  ///   - state: Where the child's state lives.
  ///   - action: The parent case that carries a child action, e.g. `AppAction.counter`.
  ///   - extract: The child action a parent action carries, or `nil`.
  ///   - child: Makes the child reducer (wrap several in ``CombineReducers``).
  @inlinable
  public init(
    state: WritableKeyPath<ParentState, Child.State>,
    action: @escaping @Sendable (Child.Action) -> ParentAction,
    extract: @escaping (ParentAction) -> Child.Action?,
    child: () -> Child
  ) {
    self.init(state: state, extract: extract, embed: action, child: child())
  }

  /// Scopes a child reducer with the parent's case for its actions, found by reflection on every
  /// action: short to write, but hundreds of times slower than the form with `extract:` (C4r in
  /// Docs/Benchmarks.md), so it is deprecated; the warning shows the fast spelling.
  ///
  /// ```swift
  /// Scope(state: \AppState.counter, action: AppAction.counter) { Counter() }
  /// ```
  /// - Parameters:
  ///   - state: Where the child's state lives.
  ///   - action: The parent case that carries a child action, e.g. `AppAction.counter`.
  ///   - child: Makes the child reducer (wrap several in ``CombineReducers``).
  @available(
    *, deprecated,
    message: "reflection per action: add extract: { if case .child(let a) = $0 { a } else { nil } }"
  )
  public init(
    state: WritableKeyPath<ParentState, Child.State>,
    action: @escaping @Sendable (Child.Action) -> ParentAction,
    child: () -> Child
  ) {
    self.init(state: state, extract: { extractCase(action, from: $0) }, embed: action, child: child())
  }

  /// Scopes a child reducer with explicit functions between the action types (no reflection).
  ///
  /// ```swift
  /// Scope(
  ///   state: \AppState.counter,
  ///   extract: { if case .counter(let action) = $0 { action } else { nil } },
  ///   embed: AppAction.counter,
  ///   child: Counter())
  /// ```
  /// - Parameters:
  ///   - state: Where the child's state lives.
  ///   - extract: The child action a parent action carries, or `nil`.
  ///   - embed: Wraps a child action as a parent action.
  ///   - child: The child reducer.
  @inlinable
  public init(
    state: WritableKeyPath<ParentState, Child.State>,
    extract: @escaping (ParentAction) -> Child.Action?,
    embed: @escaping @Sendable (Child.Action) -> ParentAction,
    child: Child
  ) {
    self.state = state
    self.extract = extract
    self.embed = embed
    self.child = child
    offset = MemoryLayout<ParentState>.offset(of: state)
  }

  /// Runs the child for parent actions that carry a child action.
  @inlinable
  public func reduce(into parent: inout ParentState, action: ParentAction) -> Effect<ParentAction> {
    guard let childAction = extract(action) else { return .none }
    let effect: Effect<Child.Action>
    if let offset {
      // As `MemoryLayout.offset(of:)` documents: the stored property at `offset`, in place.
      effect = withUnsafeMutableBytes(of: &parent) { parentBytes in
        let childState = (parentBytes.baseAddress! + offset).assumingMemoryBound(to: Child.State.self)
        return child.reduce(into: &childState.pointee, action: childAction)
      }
    } else {
      effect = child.reduce(into: &parent[keyPath: state], action: childAction)
    }
    // The common effects inline: `map` is generic over the parent's action type, and not
    // specialized, it looks up metadata on every call. `.none` is tested first, by its tag
    // alone: the switch below copies the effect's payload out, through an outlined call.
    if effect.isNone { return .none }
    switch effect.operation {
    case .none: return .none
    case .send(let childAction): return .send(embed(childAction))
    case .work:
      let state = state
      return effect.map(embed) { ($0 as? ParentState)?[keyPath: state] }
    }
  }
}

/// Runs an element reducer on one element of a collection in the parent's state, for the parent
/// actions that carry an element's id and action: a list's row in an `IdentifiedArrayOf`
/// (swift-identified-collections, which EffectStore re-exports), or a screen of a navigation
/// stack in a ``StackState``.
///
/// ```swift
/// ForEachElement(\TodosState.todos, action: TodosAction.todo) {
///   if case .todo(let id, let action) = $0 { (id, action) } else { nil }
/// } child: {
///   Todo()
/// }
/// ```
///
/// As with ``Scope``, `extract` costs a switch; without it the case is found by reflection,
/// which costs microseconds per action. An action for an id that is not in the collection
/// changes nothing and is reported, as TCA reports it (in a test, it fails the test): a reducer
/// removed the element before this one ran, or an effect outlived its element.
///
/// Effects belong to their element: a cancellation id used by an element's effects is that
/// element's own (two rows returning `.cancellable(id: "load")` run two effects, one row's
/// `.cancel(id: "load")` stops only its own, and the parent's stops both), and when an element
/// leaves the collection (by any reducer), its running effects are cancelled. Nothing they send afterwards reaches a reducer,
/// so an element added later with the same id starts clean.
///
/// The collection may be identified by any key path (`IdentifiedArray(id: \.uuid)`), not only
/// `Identifiable`'s `id`.
public struct ForEachElement<ParentState, ParentAction, Rows: ElementCollection, Child: Reducer>: Reducer
where Child.State == Rows.Element, Rows.ID: Sendable {
  /// What identifies an element.
  public typealias ID = Rows.ID
  @usableFromInline let elements: WritableKeyPath<ParentState, Rows>
  @usableFromInline let extract: (ParentAction) -> (ID, Child.Action)?
  @usableFromInline let embed: @Sendable (ID, Child.Action) -> ParentAction
  @usableFromInline let child: Child
  /// Where the collection lies in the parent's state, for a key path of stored properties
  /// (see `Scope.offset`).
  @usableFromInline let offset: Int?
  /// For a stack whose actions come as ``StackAction``s: what pushes and pops, and the action
  /// a screen's `dismiss()` sends; `nil` otherwise.
  @usableFromInline var stack: StackActions?

  /// A class, so that the field is one word in every `ForEachElement`, `nil` in most: the
  /// reducer's size and its copies stay those of a list's.
  @usableFromInline
  final class StackActions {
    /// Applies a push or a pop the parent action carries; `false` for any other action.
    @usableFromInline let apply: (inout ParentState, ParentAction) -> Bool
    /// The pop a screen's `dismiss()` sends.
    @usableFromInline let dismissal: @Sendable (ID) -> ParentAction
    /// For a `popFrom` the parent action carries: what pops, once the parent has seen it
    /// (see ``ClosingChildReducer``); `nil` for any other action.
    @usableFromInline let popAfterParent: (ParentAction, ParentState) -> ((inout ParentState) -> Void)?

    @usableFromInline
    init(
      apply: @escaping (inout ParentState, ParentAction) -> Bool,
      dismissal: @escaping @Sendable (ID) -> ParentAction,
      popAfterParent: @escaping (ParentAction, ParentState) -> ((inout ParentState) -> Void)?
    ) {
      self.apply = apply
      self.dismissal = dismissal
      self.popAfterParent = popAfterParent
    }
  }

  /// Scopes an element reducer with the parent's case for element actions, taken out by
  /// `extract`: the fast form.
  ///
  /// ```swift
  /// ForEachElement(\TodosState.todos, action: TodosAction.todo) {
  ///   if case .todo(let id, let action) = $0 { (id, action) } else { nil }
  /// } child: {
  ///   Todo()
  /// }
  /// ```
  /// - Parameters:
  ///   - elements: Where the collection lives.
  ///   - action: The parent case that carries an element's id and action.
  ///   - extract: The id and element action a parent action carries, or `nil`.
  ///   - child: The element reducer.
  @inlinable
  public init(
    _ elements: WritableKeyPath<ParentState, Rows>,
    action: @escaping @Sendable (ID, Child.Action) -> ParentAction,
    extract: @escaping (ParentAction) -> (ID, Child.Action)?,
    child: () -> Child
  ) {
    self.init(elements, extract: extract, embed: action, child: child())
  }

  /// Scopes an element reducer with the parent's case for element actions, `case todo(id:
  /// Todo.ID, action: TodoAction)`, found by reflection on every action: deprecated, as
  /// ``Scope``'s short form is; the warning shows the fast spelling with `extract:`.
  ///
  /// ```swift
  /// ForEachElement(\TodosState.todos, action: TodosAction.todo) { Todo() }
  /// ```
  /// - Parameters:
  ///   - elements: Where the collection lives.
  ///   - action: The parent case that carries an element's id and action.
  ///   - child: The element reducer.
  @available(
    *, deprecated,
    message: "reflection per action: add extract: { if case .row(let i, let a) = $0 { (i, a) } else { nil } }"
  )
  public init(
    _ elements: WritableKeyPath<ParentState, Rows>,
    action: @escaping @Sendable (ID, Child.Action) -> ParentAction,
    child: () -> Child
  ) {
    self.init(
      elements,
      extract: { parentAction in
        extractCase({ (pair: (ID, Child.Action)) in action(pair.0, pair.1) }, from: parentAction)
      },
      embed: action, child: child())
  }

  /// Scopes an element reducer with explicit functions between the action types.
  ///
  /// ```swift
  /// ForEachElement(
  ///   \TodosState.todos,
  ///   extract: { if case .todo(let id, let action) = $0 { (id, action) } else { nil } },
  ///   embed: TodosAction.todo,
  ///   child: Todo())
  /// ```
  /// - Parameters:
  ///   - elements: Where the collection lives.
  ///   - extract: The element id and action a parent action carries, or `nil`.
  ///   - embed: Wraps an element action as a parent action.
  ///   - child: The element reducer.
  @inlinable
  public init(
    _ elements: WritableKeyPath<ParentState, Rows>,
    extract: @escaping (ParentAction) -> (ID, Child.Action)?,
    embed: @escaping @Sendable (ID, Child.Action) -> ParentAction,
    child: Child
  ) {
    self.elements = elements
    self.extract = extract
    self.embed = embed
    self.child = child
    offset = MemoryLayout<ParentState>.offset(of: elements)
  }

  /// Reduces the element with `id`, if the collection has it; `.none` when it does not.
  ///
  /// Through the element's position, not `[id:]`: the positional write changes the element in
  /// place, where `[id:]` moves it in and out of an `Optional` (about 2x slower per write,
  /// C5 and C5p in Docs/Benchmarks.md).
  @inlinable
  static func reduce(
    _ child: Child, element id: ID, in collection: inout Rows,
    action: Child.Action
  ) -> Effect<Child.Action> {
    reduceInline(child, element: id, in: &collection, action: action)
  }

  /// What ``reduce(_:element:in:action:)`` does, inlined where it is called: into the reducer
  /// for a collection whose write is an array's (`_inlinesElementWrites`), where a call of its
  /// own costs a send more than the write; into that function for the others (inlined,
  /// `IdentifiedArray`'s checked write let go of three references on each write of a row).
  @inlinable @inline(__always)
  static func reduceInline(
    _ child: Child, element id: ID, in collection: inout Rows,
    action: Child.Action
  ) -> Effect<Child.Action> {
    // The last element first: a navigation stack's screen on top, the one its user acts on.
    guard let position = collection.index(id: id, lookingFirstAt: collection.count - 1) else {
      reportMissingElement(id, action: action)
      return .none
    }
    // A collection that tells whether anything shares its storage (a `StackState`): when
    // nothing does, no store follows it, and the write is in place after that one check.
    if let effect = collection._updateElementIfUniquelyStored(
      at: position, { child.reduce(into: &$0, action: action) })
    {
      return effect
    }
    // A store that follows this collection for its element child stores keeps it; the write
    // goes through the follower, so that it neither copies every row nor compares them after.
    // Both are reached without a reference taken: the store holds its followers, and they
    // hold theirs, while its reducer runs.
    if RowFollowers.anyInProcess, let followers = RowFollowers.ofReducingStore,
      let rows = followers._withUnsafeGuaranteedRef({ $0.rows(keeping: &collection) })
    {
      return rows._withUnsafeGuaranteedRef { rows in
        if Rows._inlinesElementWrites {
          return rows.writeInline(row: id, at: position, in: &collection) {
            child.reduce(into: &$0, action: action)
          }
        }
        return rows.write(row: id, at: position, in: &collection) { child.reduce(into: &$0, action: action) }
      }
    }
    return collection.updateElement(at: position) { child.reduce(into: &$0, action: action) }
  }

  /// Reduces the element with `id` in the collection `offset` bytes into the parent's state at
  /// `parent` (valid for the call only).
  @inlinable @inline(__always)
  static func reduce(
    _ child: Child, element id: ID, inParentAt parent: UnsafeMutablePointer<ParentState>, offset: Int,
    action: Child.Action
  ) -> Effect<Child.Action> {
    let collection = (UnsafeMutableRawPointer(parent) + offset).assumingMemoryBound(to: Rows.self)
    // Decided as the reducer is compiled for the app's collection type.
    if Rows._inlinesElementWrites {
      return reduceInline(child, element: id, in: &collection.pointee, action: action)
    }
    return reduce(child, element: id, in: &collection.pointee, action: action)
  }

  /// Runs the element reducer for parent actions that carry an element action.
  @inlinable
  public func reduce(into parent: inout ParentState, action: ParentAction) -> Effect<ParentAction> {
    guard let (id, childAction) = extract(action) else {
      if _slowPath(stack != nil) { _ = stack.unsafelyUnwrapped.apply(&parent, action) }
      return .none
    }
    let effect: Effect<Child.Action>
    if let offset {
      // The collection in place, as `Scope` does with its child's state; through a pointer
      // argument rather than a closure, so that a stack's write inlines here.
      effect = Self.reduce(child, element: id, inParentAt: &parent, offset: offset, action: childAction)
    } else {
      effect = Self.reduce(child, element: id, in: &parent[keyPath: elements], action: childAction)
    }
    switch effect.operation {
    case .none: return .none
    case .send, .work:
      return Self.scoped(effect, of: id, in: elements, embed: embed, dismissal: stack?.dismissal)
    }
  }

  /// An element's effect, wrapped as the parent's and given to the element: its cancellation
  /// ids are the element's own, it ends when the element leaves, and, on a stack of
  /// ``StackAction``s, its `dismiss()` pops the element.
  @usableFromInline
  static func scoped(
    _ effect: Effect<Child.Action>, of id: ID, in elements: WritableKeyPath<ParentState, Rows>,
    embed: @escaping @Sendable (ID, Child.Action) -> ParentAction,
    dismissal: (@Sendable (ID) -> ParentAction)? = nil
  ) -> Effect<ParentAction> {
    let scope = EffectScope(id: EffectID(ElementKey(collection: elements, id: id))) { state in
      (state as? ParentState).map { $0[keyPath: elements].index(id: id) != nil } ?? true
    }
    let inner = effect.map(
      { embed(id, $0) }, liftingScopes: { ($0 as? ParentState)?[keyPath: elements][id: id] },
      dependencies: nil, dismissal: dismissal.map { dismissal in { dismissal(id) } })
    return Effect(.work(.scoped(scope, inner)))
  }
}

extension ForEachElement: ClosingChildReducer {
  /// For a stack's `popFrom`: pops the screen and those above it after the parent ran, as TCA's
  /// stack does, so the parent reads the screen's last state; a pop of a screen that is not on
  /// the stack is reported. `nil` for every other action, and for a list.
  ///
  /// ```swift
  /// var state = NavigatorState()
  /// let pop = ForEachElement(\NavigatorState.path, action: NavigatorAction.path) {
  ///   if case .path(let action) = $0 { action } else { nil }
  /// } child: {
  ///   Todo()
  /// }.closingAfterParent(.path(.popFrom(id: 0)), in: state)
  /// pop?(&state)
  /// ```
  /// - Parameters:
  ///   - action: The action about to run.
  ///   - parent: The state before the parent runs.
  /// - Returns: What pops, for `popFrom`; `nil` for every other action.
  @inlinable
  public func closingAfterParent(_ action: ParentAction, in parent: ParentState) -> (
    (inout ParentState) -> Void
  )? {
    guard let stack else { return nil }
    return stack.popAfterParent(action, parent)
  }
}
