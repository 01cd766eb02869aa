import IssueReporting

/// Runs a child reducer on optional state (a sheet, a detail screen, an alert) while it is
/// there: TCA's `ifLet`. When the state becomes `nil`, by any reducer, the child's running
/// effects are cancelled, and nothing they would send reaches a reducer.
///
/// ```swift
/// IfLet(\EditorState.sheet, action: EditorAction.sheet) {
///   if case .sheet(let action) = $0 { action } else { nil }
/// } child: {
///   Sheet()
/// }
/// ```
///
/// A child action that arrives while the state is `nil` is reported (in a test, it fails the
/// test), as TCA reports it: a parent cleared the state first, or an effect outlived the child.
/// Parent reducers listed after it see each child action after the child, which is how a parent
/// dismisses a sheet on its delegated `.sheet(.delegate(.done))`; listed before, the parent runs
/// first and the child then finds its state gone, which is reported.
///
/// The effects of one presentation end with it: dismissing and presenting again starts clean,
/// and a cancellation id the child uses is its own (its siblings' and its parent's effects with
/// the same id go on; a parent's `.cancel(id:)` with that id stops the child's too, as TCA's). A child state that is `Identifiable` is presented by its id, as in TCA:
/// replaced by a state of another id, it is another presentation, and the effects of the one
/// replaced end; a change that keeps the id keeps them.
public struct IfLet<ParentState, ParentAction, Child: Reducer>: Reducer {
  @usableFromInline let state: WritableKeyPath<ParentState, Child.State?>
  @usableFromInline let extract: (ParentAction) -> Child.Action?
  @usableFromInline let embed: @Sendable (Child.Action) -> ParentAction
  @usableFromInline let child: Child
  /// Where the optional state lies in the parent's, for a key path of stored properties (see
  /// `Scope.offset`): the child is then reduced in place there.
  @usableFromInline let offset: Int?
  /// For a child whose actions come as ``PresentationAction``s: the parent action that closes
  /// it, what its effects' `dismiss()` sends, and how to tell that action from the others.
  @usableFromInline let dismissal: Dismissal?
  /// Whether the child's state is ``EphemeralState`` (an alert), over after any action of its
  /// own: decided by the initializer the compiler picks for the child's type, as a run-time
  /// type check on each action would cost more than the rest of the reducer.
  @usableFromInline var endsAfterEachAction = false

  /// A class, so that the field is one word in every `IfLet`, `nil` in most.
  @usableFromInline
  final class Dismissal {
    @usableFromInline let action: @Sendable () -> ParentAction
    @usableFromInline let matches: (ParentAction) -> Bool

    @usableFromInline
    init(action: @escaping @Sendable () -> ParentAction, matches: @escaping (ParentAction) -> Bool) {
      self.action = action
      self.matches = matches
    }
  }

  /// Runs `child` on the optional state at `state`, for the parent actions `extract` takes a
  /// child action out of.
  ///
  /// ```swift
  /// IfLet(\EditorState.sheet, action: EditorAction.sheet) {
  ///   if case .sheet(let action) = $0 { action } else { nil }
  /// } child: {
  ///   Sheet()
  /// }
  /// ```
  /// - Parameters:
  ///   - state: Where the optional child state lives.
  ///   - action: The parent case that carries a child action, e.g. `EditorAction.sheet`.
  ///   - extract: The child action a parent action carries, or `nil`.
  ///   - child: Makes the child reducer.
  @inlinable
  public init(
    _ state: WritableKeyPath<ParentState, Child.State?>,
    action: @escaping @Sendable (Child.Action) -> ParentAction,
    extract: @escaping (ParentAction) -> Child.Action?,
    child: () -> Child
  ) {
    self.init(state, extract: extract, embed: action, child: child(), endsAfterEachAction: false)
  }

  /// Runs `child` on an alert's (an ``EphemeralState``'s) optional state at `state`, which
  /// becomes `nil` after any action of its own, as TCA's `ifLet` has it.
  ///
  /// ```swift
  /// IfLet(\DeleterState.alert, action: DeleterAction.alert) {
  ///   if case .alert(let action) = $0 { action } else { nil }
  /// } child: {
  ///   EmptyReducer<DeleteAlert, DeleteAlertAction>()
  /// }
  /// ```
  /// - Parameters:
  ///   - state: Where the optional state lives.
  ///   - action: The parent case that carries its actions.
  ///   - extract: The child action a parent action carries, or `nil`.
  ///   - child: Makes the child reducer.
  @inlinable
  public init(
    _ state: WritableKeyPath<ParentState, Child.State?>,
    action: @escaping @Sendable (Child.Action) -> ParentAction,
    extract: @escaping (ParentAction) -> Child.Action?,
    child: () -> Child
  ) where Child.State: EphemeralState {
    self.init(state, extract: extract, embed: action, child: child(), endsAfterEachAction: true)
  }

  /// The two plain forms' work: labelled apart, so that the alert's form does not call itself.
  @inlinable
  init(
    _ state: WritableKeyPath<ParentState, Child.State?>, extract: @escaping (ParentAction) -> Child.Action?,
    embed: @escaping @Sendable (Child.Action) -> ParentAction, child: Child, endsAfterEachAction: Bool
  ) {
    self.state = state
    self.extract = extract
    self.embed = embed
    self.child = child
    offset = MemoryLayout<ParentState>.offset(of: state)
    dismissal = nil
    self.endsAfterEachAction = endsAfterEachAction
  }

  /// Runs `child` on the optional state at `state`, for a parent case that carries the child's
  /// ``PresentationAction``s: TCA's `ifLet` for `@Presents` state. `.dismiss` sets the state
  /// to `nil`; the child's effects send it with `dismiss()` (``DismissEffect``); and an
  /// ``EphemeralState`` (an alert) becomes `nil` after any action of its own.
  ///
  /// ```swift
  /// IfLet(\PresenterState.sheet, action: PresenterAction.sheet) {
  ///   if case .sheet(let action) = $0 { action } else { nil }
  /// } child: {
  ///   Sheet()
  /// }
  /// ```
  /// - Parameters:
  ///   - state: Where the optional child state lives.
  ///   - action: The parent case that carries the child's presentation actions.
  ///   - extract: The presentation action a parent action carries, or `nil`.
  ///   - child: Makes the child reducer.
  @inlinable
  public init(
    _ state: WritableKeyPath<ParentState, Child.State?>,
    action: @escaping @Sendable (PresentationAction<Child.Action>) -> ParentAction,
    extract: @escaping (ParentAction) -> PresentationAction<Child.Action>?,
    child: () -> Child
  ) {
    self.state = state
    self.extract = { extract($0)?.presented }
    embed = { action(.presented($0)) }
    self.child = child()
    // No offset: a presentation is reduced through its key path (see `reduce(into:action:)`).
    offset = nil
    dismissal = Dismissal(
      action: { action(.dismiss) },
      matches: { if case .dismiss = extract($0) { true } else { false } })
  }

  /// Runs the child on its state, if there is one, for parent actions that carry a child action.
  @inlinable
  public func reduce(into parent: inout ParentState, action: ParentAction) -> Effect<ParentAction> {
    guard let childAction = extract(action) else {
      if _slowPath(dismissal != nil) { dismissIfAsked(&parent, action: action) }
      return .none
    }
    let effect: Effect<Child.Action>
    if let offset {
      // As `MemoryLayout.offset(of:)` documents: the stored property at `offset`, in place.
      let reduced = withUnsafeMutableBytes(of: &parent) { parentBytes -> Effect<Child.Action>? in
        let childState = (parentBytes.baseAddress! + offset).assumingMemoryBound(to: Child.State?.self)
        guard childState.pointee != nil else { return nil }
        return child.reduce(into: &childState.pointee!, action: childAction)
      }
      guard let reduced else {
        reportAbsentChild(childAction)
        return .none
      }
      effect = reduced
    } else if _slowPath(dismissal != nil) {
      // A presentation has no offset (its init leaves it out), so that this check is not on
      // the path of the other IfLets.
      return reducePresented(into: &parent, action: childAction)
    } else if parent[keyPath: state] != nil {
      effect = child.reduce(into: &parent[keyPath: state]!, action: childAction)
    } else {
      reportAbsentChild(childAction)
      return .none
    }
    // An alert's state is over after any action of its own, as TCA's `ifLet` has it.
    if _slowPath(endsAfterEachAction) { parent[keyPath: state] = nil }
    if effect.isNone { return .none }
    return presented(effect, identity: parent[keyPath: state].flatMap { presentationIdentity(of: $0) })
  }

  /// Sets the state to `nil` for the parent action that dismisses it.
  @usableFromInline
  func dismissIfAsked(_ parent: inout ParentState, action: ParentAction) {
    guard let dismissal, dismissal.matches(action) else { return }
    if parent[keyPath: state] == nil { reportAbsentPresentation(".dismiss") }
    parent[keyPath: state] = nil
  }

  /// A presented child's action: the child runs, its effects can dismiss it, and an ephemeral
  /// state (an alert) ends with it.
  @usableFromInline
  func reducePresented(into parent: inout ParentState, action childAction: Child.Action) -> Effect<
    ParentAction
  > {
    guard parent[keyPath: state] != nil else {
      reportAbsentPresentation(".presented(\(childAction))")
      return .none
    }
    let effect = child.reduce(into: &parent[keyPath: state]!, action: childAction)
    let identity = parent[keyPath: state].flatMap { presentationIdentity(of: $0) }
    if let presented = parent[keyPath: state], isEphemeral(presented) { parent[keyPath: state] = nil }
    if effect.isNone { return .none }
    return presented(effect, identity: identity)
  }

  /// Reports a presentation action that arrived while nothing was presented: a logic error
  /// (a parent set the state to `nil` before this reducer ran, or an effect of the child
  /// outlived it), which TCA reports too; in a test, it fails the test.
  @usableFromInline
  func reportAbsentPresentation(_ action: String) {
    reportIssue(
      """
      An IfLet received a presentation action while nothing was presented: \(action). A reducer \
      set the state to nil before this one ran, or an effect of the child outlived it (its \
      effects end when it is dismissed, unless one escaped into a task of its own).
      """)
  }

  /// Reports a child action that arrived while the child's state was `nil`: a logic error TCA
  /// reports too (its `ifLet`), and in a test, a failure.
  @usableFromInline
  func reportAbsentChild(_ action: Child.Action) {
    reportIssue(
      """
      An IfLet received a child action while its state was nil: \(action). A reducer set the \
      state to nil before this one ran (list IfLet before the logic that clears it), an effect \
      of the child outlived it (cancel it when the state goes), or the action was sent to a \
      store whose state was nil.
      """)
  }

  /// The child's effect, wrapped as the parent's and given to the presentation: its ids are the
  /// child's own, and it ends when the state becomes `nil`, or, for an `Identifiable` state,
  /// when it is replaced by one of another id (another presentation, as TCA has it).
  @usableFromInline
  func presented(_ effect: Effect<Child.Action>, identity: AnyHashable?) -> Effect<ParentAction> {
    let state = state
    let scope = EffectScope(id: EffectID(PresentationKey(path: state, identity: identity))) { root in
      guard let parent = root as? ParentState else { return true }
      guard let child = parent[keyPath: state] else { return false }
      return identity == nil || presentationIdentity(of: child) == identity
    }
    let inner = effect.map(
      embed, liftingScopes: { ($0 as? ParentState)?[keyPath: state] ?? nil }, dependencies: nil,
      dismissal: dismissal?.action)
    return Effect(.work(.scoped(scope, inner)))
  }
}

extension IfLet: ClosingChildReducer {
  /// For a presentation's `.dismiss`: closes the child after the parent ran, unless the parent
  /// presented another in its place (another identity; the same one, or a child that is not
  /// `Identifiable`, is closed), as TCA's presentation does. A `.dismiss` with nothing
  /// presented is reported.
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
  ///   - parent: The state before the parent runs.
  /// - Returns: What closes the child, for `.dismiss`; `nil` for every other action.
  @inlinable
  public func closingAfterParent(_ action: ParentAction, in parent: ParentState) -> (
    (inout ParentState) -> Void
  )? {
    guard let dismissal, dismissal.matches(action) else { return nil }
    guard let presented = parent[keyPath: state] else {
      reportAbsentPresentation(".dismiss")
      return { _ in }
    }
    let identity = presentationIdentity(of: presented)
    let state = state
    return { parent in
      if let now = parent[keyPath: state], presentationIdentity(of: now) == identity {
        parent[keyPath: state] = nil
      }
    }
  }
}

extension IfLet {
  /// Runs an optional state that has no logic of its own (an alert, a confirmation dialog)
  /// for a parent case that carries its ``PresentationAction``s: `.dismiss` sets it to `nil`,
  /// and an ``EphemeralState`` becomes `nil` after any action of its own, which the parent
  /// handles. TCA's `ifLet` without a child reducer.
  ///
  /// ```swift
  /// IfLet(\PresenterState.sheet, action: PresenterAction.sheet) {
  ///   if case .sheet(let action) = $0 { action } else { nil }
  /// }
  /// ```
  /// - Parameters:
  ///   - state: Where the optional state lives.
  ///   - action: The parent case that carries its presentation actions.
  ///   - extract: The presentation action a parent action carries, or `nil`.
  @inlinable
  public init<ChildState, ChildAction>(
    _ state: WritableKeyPath<ParentState, ChildState?>,
    action: @escaping @Sendable (PresentationAction<ChildAction>) -> ParentAction,
    extract: @escaping (ParentAction) -> PresentationAction<ChildAction>?
  ) where Child == EmptyReducer<ChildState, ChildAction> {
    self.init(state, action: action, extract: extract) { EmptyReducer() }
  }
}

/// The id of optional child state's effects, for ``EffectScope``: its key path, and the id of
/// the state presented there when its type is `Identifiable`.
struct PresentationKey: Hashable {
  let path: AnyKeyPath
  let identity: AnyHashable?
}

// A key path is an immutable object, and `identity` is an `Identifiable` state's id, a value
// that is only compared and hashed.
extension PresentationKey: @unchecked Sendable {}

/// A presented state's identity: its `id` when its type is `Identifiable` (so that replacing
/// it by a state of another id ends the effects of the one replaced, as TCA does), else `nil`.
/// Read only when a child returns an effect, and when its presentation's effects are checked.
@usableFromInline
func presentationIdentity(of state: Any) -> AnyHashable? {
  guard let identifiable = state as? any Identifiable else { return nil }
  return identity(of: identifiable)
}

private func identity<Value: Identifiable>(of value: Value) -> AnyHashable {
  AnyHashable(value.id)
}
