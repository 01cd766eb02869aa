import IssueReporting

/// Runs a child reducer on one case of an enum state: one of several destinations (an alert, an
/// edit sheet, a detail screen), each with its feature. When the state leaves the case (for
/// another case, or `nil` under an ``IfLet``), the case's running effects are cancelled.
///
/// ```swift
/// struct Destination: Reducer {
///   enum State: Equatable { case edit(EditState), confirm(ConfirmState) }
///   enum Action { case edit(EditAction), confirm(ConfirmAction) }
///
///   var body: some Reducer<State, Action> {
///     CaseScope(
///       state: { if case .edit(let state) = $0 { state } else { nil } }, embed: State.edit,
///       action: Action.edit, extract: { if case .edit(let action) = $0 { action } else { nil } }
///     ) { Edit() }
///     CaseScope(
///       state: { if case .confirm(let state) = $0 { state } else { nil } }, embed: State.confirm,
///       action: Action.confirm, extract: { if case .confirm(let action) = $0 { action } else { nil } }
///     ) { Confirm() }
///   }
/// }
/// ```
///
/// Keep the enum optional in the parent (`var destination: Destination.State?`) and run it with
/// ``IfLet``: dismissing ends every case's effects, switching cases ends the old one's. A child
/// action for a case the state is not in is reported (a test fails), as TCA reports it. The cases' effects are told apart by their
/// child reducer's type: give two cases two reducer types.
public struct CaseScope<ParentState, ParentAction, Child: Reducer>: Reducer {
  @usableFromInline let extractState: @Sendable (ParentState) -> Child.State?
  @usableFromInline let embedState: (Child.State) -> ParentState
  @usableFromInline let extractAction: (ParentAction) -> Child.Action?
  @usableFromInline let embedAction: @Sendable (Child.Action) -> ParentAction
  @usableFromInline let child: Child

  /// Runs `child` on the case `state` takes out of the parent's state, for the parent actions
  /// `extract` takes a child action out of.
  ///
  /// ```swift
  /// CaseScope(
  ///   state: { if case .edit(let state) = $0 { state } else { nil } }, embed: Destination.State.edit,
  ///   action: Destination.Action.edit, extract: { if case .edit(let action) = $0 { action } else { nil } }
  /// ) { Edit() }
  /// ```
  /// - Parameters:
  ///   - state: The case's state, or `nil` when the parent's state is another case.
  ///   - embed: Makes the parent's state of the case, e.g. `State.edit`.
  ///   - action: The parent case that carries a child action, e.g. `Action.edit`.
  ///   - extract: The child action a parent action carries, or `nil`.
  ///   - child: Makes the child reducer.
  @inlinable
  public init(
    state: @escaping @Sendable (ParentState) -> Child.State?,
    embed: @escaping (Child.State) -> ParentState,
    action: @escaping @Sendable (Child.Action) -> ParentAction,
    extract: @escaping (ParentAction) -> Child.Action?,
    child: () -> Child
  ) {
    extractState = state
    embedState = embed
    embedAction = action
    extractAction = extract
    self.child = child()
  }

  /// Runs the child on its case, if the state is in it, for parent actions that carry a child
  /// action.
  @inlinable
  public func reduce(into parent: inout ParentState, action: ParentAction) -> Effect<ParentAction> {
    guard let childAction = extractAction(action) else { return .none }
    guard var childState = extractState(parent) else {
      reportOtherCase(childAction, of: action, in: parent)
      return .none
    }
    let effect = child.reduce(into: &childState, action: childAction)
    parent = embedState(childState)
    if effect.isNone { return .none }
    return inCase(effect, identity: presentationIdentity(of: childState))
  }

  /// Reports a child action that arrived while the state was in another case: a logic error
  /// TCA reports too (its `ifCaseLet`), and in a test, a failure.
  @usableFromInline
  func reportOtherCase(_ action: Child.Action, of parentAction: ParentAction, in state: ParentState) {
    let actionCase = EnumCase(of: parentAction).map { "\($0.name)'s " } ?? ""
    reportIssue(
      """
      A CaseScope received an action for a case its state is not in: \(actionCase)\(action), with \
      the state in case \(EnumCase(of: state)?.name ?? "\(state)"). A reducer \
      changed the case before this one ran (list CaseScope before the logic that switches \
      cases), an effect of the case outlived it (its effects end when the case is left, unless \
      one escaped into a task of its own), or the action was sent for a case the state had left.
      """)
  }

  /// The child's effect, wrapped as the parent's and given to the case: it ends when the state
  /// leaves the case, or, for an `Identifiable` case state, when the case holds one of another
  /// id (another destination of the same kind, as TCA has it).
  @usableFromInline
  func inCase(_ effect: Effect<Child.Action>, identity: AnyHashable?) -> Effect<ParentAction> {
    let extractState = extractState
    let key = CaseKey(child: ObjectIdentifier(Child.self), identity: identity)
    let scope = EffectScope(id: EffectID(key)) { state in
      guard let parent = state as? ParentState else { return true }
      guard let child = extractState(parent) else { return false }
      return identity == nil || presentationIdentity(of: child) == identity
    }
    let inner = effect.map(embedAction) { ($0 as? ParentState).flatMap(extractState) }
    return Effect(.work(.scoped(scope, inner)))
  }
}

/// The id of an enum case's effects, for ``EffectScope``: the child reducer's type, which tells
/// the cases of one enum apart, and the id of the case's state when it is `Identifiable`.
struct CaseKey: Hashable {
  let child: ObjectIdentifier
  let identity: AnyHashable?
}

// `identity` is an `Identifiable` state's id, a value that is only compared and hashed.
extension CaseKey: @unchecked Sendable {}
