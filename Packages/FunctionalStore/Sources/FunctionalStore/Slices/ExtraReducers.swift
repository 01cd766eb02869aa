/// How a slice's state changes on actions it does not own: another slice's case, a created
/// action, an async thunk's `pending`, `fulfilled` or `rejected` (Redux Toolkit's
/// `extraReducers` builder). Given to ``StateSlice/init(name:extraReducers:)``.
///
/// For each action, every matching ``addCase(_:_:)`` and then every matching
/// `addMatcher` runs, in the order added; ``addDefaultCase(_:)`` runs when nothing in
/// the slice (its own cases included) handled the action.
///
/// ```swift
/// let titles = StateSlice<TitlesState>(name: "titles") { extra in
///   extra.addCase(fetchTitles.pending) { state, _ in state.isLoading = true }
///   extra.addCase(fetchTitles.fulfilled) { state, done in
///     state.isLoading = false
///     state.titles = done.value
///   }
///   extra.addMatcher({ $0.type.name.hasSuffix("/rejected") }) { state, _ in state.isLoading = false }
/// }
/// ```
public struct ExtraReducers<State>: Sendable {
  private var cases: [(typeID: Int, reduce: @Sendable (inout State, PayloadAction) -> Void)] = []
  private var matchers:
    [(matches: @Sendable (PayloadAction) -> Bool, reduce: @Sendable (inout State, PayloadAction) -> Void)] =
      []
  private var defaultCase: (@Sendable (inout State, PayloadAction) -> Void)?

  init() {}

  var isEmpty: Bool { cases.isEmpty && matchers.isEmpty && defaultCase == nil }

  /// Changes the state on each action `creator` makes (an ``ActionCreator``, a
  /// ``PreparedActionCreator``), with its payload typed. One case per
  /// action type: a second for the same type stops with a message, as Redux Toolkit's builder
  /// throws (`addMatcher` is the way to run several reducers on one action).
  ///
  /// ```swift
  /// let statsSlice = StateSlice<StatsState>(name: "stats") { extra in
  ///   extra.addCase(Counter.added) { stats, amount in stats.totalAdded += amount }
  /// }
  /// ```
  /// - Parameters:
  ///   - creator: The action's creator.
  ///   - reduce: Changes the slice's state, in place.
  public mutating func addCase<Creator: TypedActionCreator>(
    _ creator: Creator, _ reduce: @escaping @Sendable (inout State, Creator.Payload) -> Void
  ) {
    let kind = creator.type.kind
    if cases.contains(where: { $0.typeID == kind.typeID }) {
      FunctionalProgrammerError.secondCase(for: kind.name)
    }
    cases.append(
      (
        kind.typeID,
        { state, action in
          // Checked: a creator of the same name may carry another payload type.
          if let payload = action.payload as? Creator.Payload { reduce(&state, payload) }
        }
      ))
  }

  /// Changes the state on each action `matches` accepts.
  ///
  /// ```swift
  /// let statsSlice = StateSlice<StatsState>(name: "stats") { extra in
  ///   extra.addMatcher({ $0.type.name.hasPrefix("counter/") }) { stats, _ in stats.counterActions += 1 }
  /// }
  /// ```
  /// - Parameters:
  ///   - matches: Whether an action concerns the slice.
  ///   - reduce: Changes the slice's state, in place.
  public mutating func addMatcher(
    _ matches: @escaping @Sendable (PayloadAction) -> Bool,
    _ reduce: @escaping @Sendable (inout State, PayloadAction) -> Void
  ) {
    matchers.append((matches, reduce))
  }

  /// Changes the state on each action `matcher` matches: an ``isAnyOf(_:)``, an
  /// ``isPending()``, a creator or an async thunk.
  ///
  /// ```swift
  /// let loadingSlice = StateSlice<StatsState>(name: "loading") { extra in
  ///   extra.addMatcher(isPending()) { stats, _ in stats.counterActions += 1 }
  /// }
  /// ```
  /// - Parameters:
  ///   - matcher: What concerns the slice.
  ///   - reduce: Changes the slice's state, in place.
  public mutating func addMatcher(
    _ matcher: some ActionMatching, _ reduce: @escaping @Sendable (inout State, PayloadAction) -> Void
  ) {
    // A matcher made of others is called directly, with no closure around it.
    if let matcher = matcher as? ActionMatcher {
      matchers.append((matcher.test, reduce))
    } else {
      matchers.append(({ matcher.matches($0) }, reduce))
    }
  }

  /// Changes the state on each action nothing else in the slice handled. A slice has one
  /// default case: a second call stops with a message, as Redux Toolkit's builder throws.
  ///
  /// ```swift
  /// let statsSlice = StateSlice<StatsState>(name: "stats") { extra in
  ///   extra.addDefaultCase { stats, _ in stats.otherActions += 1 }
  /// }
  /// ```
  /// - Parameter reduce: Changes the slice's state, in place.
  public mutating func addDefaultCase(_ reduce: @escaping @Sendable (inout State, PayloadAction) -> Void) {
    if defaultCase != nil { FunctionalProgrammerError.secondDefaultCase() }
    defaultCase = reduce
  }

  /// The reducer of these cases, matchers and default case, made once: one function that
  /// runs what matches an action, then the default case if nothing did and `handled` (the
  /// slice's own case ran) is false. The entries are folded into nested functions rather than
  /// looped over: a loop over the stored entries, compiled for any state type, looked up the
  /// entries' type at run time on every action, most of a matcher's cost.
  func makeReducer() -> @Sendable (inout State, PayloadAction, _ handled: Bool) -> Void {
    var run: @Sendable (inout State, PayloadAction) -> Bool = { _, _ in false }
    for entry in cases {
      let (previous, typeID, reduce) = (run, entry.typeID, entry.reduce)
      run = { state, action in
        let handled = previous(&state, action)
        guard action.kind.typeID == typeID else { return handled }
        reduce(&state, action)
        return true
      }
    }
    for matcher in matchers {
      let (previous, matches, reduce) = (run, matcher.matches, matcher.reduce)
      run = { state, action in
        let handled = previous(&state, action)
        guard matches(action) else { return handled }
        reduce(&state, action)
        return true
      }
    }
    let runAll = run
    guard let defaultCase else { return { state, action, _ in _ = runAll(&state, action) } }
    return { state, action, handled in
      if !runAll(&state, action), !handled { defaultCase(&state, action) }
    }
  }
}
