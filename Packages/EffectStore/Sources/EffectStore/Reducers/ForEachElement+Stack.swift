import IssueReporting

extension ForEachElement where Rows == StackState<Child.State> {
  /// Runs a screen reducer on each screen of a navigation stack whose parent case carries
  /// ``StackAction``s: TCA's `forEach` for `StackState`. `.popFrom(id:)` pops that screen and
  /// those above it; `.push(id:state:)` pushes a screen with that id; a screen's effects pop
  /// their own screen with `dismiss()` (``DismissEffect``). A screen action or a pop for a
  /// screen that is not on the stack, a push of an id it holds and a push of an id past the
  /// next one it gives are reported (in a test, they fail it).
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
  @inlinable
  public init(
    _ elements: WritableKeyPath<ParentState, StackState<Child.State>>,
    action: @escaping @Sendable (StackAction<Child.State, Child.Action>) -> ParentAction,
    extract: @escaping (ParentAction) -> StackAction<Child.State, Child.Action>?,
    child: () -> Child
  ) {
    // Compiled for the app's types (inlinable), as the reducer is: generic code would look up
    // the types of the tuples and optionals it passes on every action.
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
            reportMissingScreen(popFrom: id, holding: parent[keyPath: elements].ids)
          }
          return true
        case .push(let id, let state):
          if parent[keyPath: elements].index(id: id) != nil {
            reportPushOfAHeldScreen(id)
            return true
          }
          let next = parent[keyPath: elements].nextNumber
          if id.number > next { reportPushOfAnIDNotGiven(id, next: StackElementID(number: next)) }
          parent[keyPath: elements][id: id] = state
          return true
        case .element, nil:
          return false
        }
      },
      dismissal: { action(.popFrom(id: $0)) },
      popAfterParent: { parentAction, parent in
        guard case .popFrom(let id) = extract(parentAction) else { return nil }
        guard parent[keyPath: elements].index(id: id) != nil else {
          reportMissingScreen(popFrom: id, holding: parent[keyPath: elements].ids)
          return { _ in }
        }
        return { $0[keyPath: elements].pop(from: id) }
      })
  }
}

/// Reports a pop of a screen the stack does not hold.
@usableFromInline
func reportMissingScreen(popFrom id: StackElementID, holding ids: some Sequence<StackElementID>) {
  reportIssue(
    """
    A stack received popFrom(id: \(id)) for a screen that is not on it (the stack holds \
    \(Array(ids))): it was popped already, or never pushed.
    """)
}

/// Reports a push of an id the stack holds.
@usableFromInline
func reportPushOfAHeldScreen(_ id: StackElementID) {
  reportIssue(
    "A stack received push(id: \(id)) for a screen it already holds: push with an id it has not given.")
}

/// Reports a push of an id past the next one the stack gives, as TCA's stack reports a push
/// with an unexpected generational id; the screen is pushed all the same.
@usableFromInline
func reportPushOfAnIDNotGiven(_ id: StackElementID, next: StackElementID) {
  reportIssue(
    """
    A stack received push(id: \(id)), an id past the next one it gives (\(next)): push with the \
    stack's next id, or append the screen and let the stack number it.
    """)
}

/// Reports an action for an element (a row, a screen) its collection does not hold: a logic
/// error TCA reports too, which in a test fails the test.
@usableFromInline
func reportMissingElement(_ id: some Sendable, action: Any) {
  reportIssue(
    """
    A ForEachElement received an action for an element that is not in its collection: \(action), \
    for element \(id). A reducer removed the element before this one ran (list ForEachElement \
    before the logic that removes elements), or an effect of the element outlived it (it ends \
    when its element leaves, unless it escaped into a task of its own).
    """)
}
