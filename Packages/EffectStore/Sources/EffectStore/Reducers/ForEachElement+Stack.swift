import IssueReporting

extension ForEachElement where Rows == StackState<Child.State> {
  /// Runs a screen reducer on each screen of a navigation stack whose parent case carries
  /// ``StackAction``s: TCA's `forEach` for `StackState`. `.popFrom(id:)` pops that screen and
  /// those above it; `.push(id:state:)` pushes a screen with that id; a screen's effects pop
  /// their own screen with `dismiss()` (``DismissEffect``). A screen action or a pop for a
  /// screen that is not on the stack, and a push of an id it holds, are reported (in a test,
  /// they fail it).
  ///
  /// ```swift
  /// ForEachElement(\NavigatorState.path, action: NavigatorAction.path) {
  ///   if case .path(let action) = $0 { action } else { nil }
  /// } child: {
  ///   Todo()
  /// }
  /// ```
  /// - Parameters:
  ///   - elements: Where the stack lives.
  ///   - action: The parent case that carries the stack's actions.
  ///   - extract: The stack action a parent action carries, or `nil`.
  ///   - child: The screen reducer.
  public init(
    _ elements: WritableKeyPath<ParentState, StackState<Child.State>>,
    action: @escaping @Sendable (StackAction<Child.State, Child.Action>) -> ParentAction,
    extract: @escaping (ParentAction) -> StackAction<Child.State, Child.Action>?,
    child: () -> Child
  ) {
    self.init(
      elements,
      extract: { parentAction in
        guard case .element(let id, let action) = extract(parentAction) else { return nil }
        return (id, action)
      },
      embed: { action(.element(id: $0, action: $1)) }, child: child())
    stack = StackActions(
      apply: { parent, parentAction in
        switch extract(parentAction) {
        case .popFrom(let id):
          if !parent[keyPath: elements].pop(from: id) {
            reportIssue(
              """
              A stack received popFrom(id: \(id)) for a screen that is not on it (the stack holds \
              \(parent[keyPath: elements].ids)): it was popped already, or never pushed.
              """)
          }
          return true
        case .push(let id, let state):
          if parent[keyPath: elements].index(id: id) != nil {
            reportIssue(
              "A stack received push(id: \(id)) for a screen it already holds: push with an id it has not given."
            )
            return true
          }
          parent[keyPath: elements][id: id] = state
          if parent[keyPath: elements].index(id: id) == nil {
            reportIssue(
              "A stack received push(id: \(id)) with an id it gave before and popped: ids are never given twice."
            )
          }
          return true
        case .element, nil:
          return false
        }
      },
      dismissal: { action(.popFrom(id: $0)) })
  }
}

extension ForEachElement {
  /// Reports a screen action for a screen that is not on its stack.
  func reportMissingElement(_ id: ID, action: Child.Action) {
    reportIssue(
      """
      A stack received an action for a screen that is not on it: \(action), for screen \(id). \
      A reducer popped the screen before this one ran, or an effect of the screen outlived it \
      (it ends when its screen is popped, unless it escaped into a task of its own).
      """)
  }
}
