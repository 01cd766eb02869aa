/// A named part of the state with its case reducers, declared once (Redux Toolkit's
/// `createSlice`): each case reducer gives back the typed creator of its actions, the slice
/// gives the reducer, and actions of other slices (or async thunks) reach it through extra
/// reducers. No action enum, no `switch`, no string at the call site.
///
/// ```swift
/// enum Counter {
///   static let slice = StateSlice<CounterState>(name: "counter")
///   static let incremented = slice.caseReducer("incremented") { state in state.value += 1 }
///   static let added = slice.caseReducer("added") { (state, amount: Int) in state.value += amount }
/// }
///
/// let store = createStore(reducer: Counter.slice.reducer, initialState: CounterState())
/// store.dispatch(Counter.added(5))
/// ```
///
/// Slices make a whole app with `combineReducers` and `.slice(_:_:)`,
/// one field of the app's state per slice:
///
/// ```swift
/// let appReducer = combineReducers(.slice(\CounterAppState.counter, Counter.slice), .slice(\CounterAppState.stats, Stats.slice))
/// ```
///
/// A dispatch of a slice's own action costs one integer comparison and the case reducer's call
/// (the action carries its case reducer); measured against a hand-written reducer in
/// `Docs/Benchmarks.md` (S1sl).
///
/// Declare slices and their cases once, as `static let`s or global constants: a case lives as
/// long as the program (so that actions hold it without counting references), and a slice made
/// again in a function called often would add cases each time.
public struct StateSlice<State>: Sendable {
  /// The slice's name, the first part of its action types' names (`"todos"` in `"todos/added"`).
  public let name: String
  /// The number that ties this slice's cases to it, and to no other slice.
  let sliceID: Int
  /// Declares the reactions to other actions; run when ``reducer`` is made, not before, so
  /// that two slices may react to each other's actions.
  let declareExtraReducers: @Sendable (inout ExtraReducers<State>) -> Void
  /// Makes the slice's first state, when it was declared with one.
  let makeInitialState: (@Sendable () -> State)?

  /// Declares a slice; its cases are declared with `caseReducer(_:_:)`.
  ///
  /// ```swift
  /// let statsSlice = StateSlice<StatsState>(name: "stats") { extra in
  ///   extra.addCase(Counter.added) { stats, amount in stats.totalAdded += amount }
  /// }
  /// ```
  /// - Parameters:
  ///   - name: The slice's name.
  ///   - extraReducers: Declares how the slice's state changes on actions of other slices,
  ///     created actions and async thunks' lifecycles (Redux Toolkit's `extraReducers`).
  public init(
    name: String,
    extraReducers: @escaping @Sendable (inout ExtraReducers<State>) -> Void = { _ in }
  ) {
    self.init(name: name, makeInitialState: nil, extraReducers: extraReducers)
  }

  /// Declares a slice with its first state, which ``getInitialState()`` gives back (Redux
  /// Toolkit's `createSlice({ initialState })`).
  ///
  /// ```swift
  /// let scores = StateSlice<CounterState>(name: "scores", initialState: CounterState(value: 10))
  /// let store = createStore(reducer: scores.reducer, initialState: scores.getInitialState())
  /// ```
  /// - Parameters:
  ///   - name: The slice's name.
  ///   - initialState: The first state; evaluated at each ``getInitialState()``, so a state
  ///     made by a function (a date, an id) is made anew each time, as Redux Toolkit's lazy
  ///     initial state is.
  ///   - extraReducers: Declares how the slice's state changes on other actions.
  public init(
    name: String, initialState: @autoclosure @escaping @Sendable () -> State,
    extraReducers: @escaping @Sendable (inout ExtraReducers<State>) -> Void = { _ in }
  ) {
    self.init(name: name, makeInitialState: initialState, extraReducers: extraReducers)
  }

  private init(
    name: String, makeInitialState: (@Sendable () -> State)?,
    extraReducers: @escaping @Sendable (inout ExtraReducers<State>) -> Void
  ) {
    if name.isEmpty { FunctionalProgrammerError.emptyName(of: "a StateSlice") }
    self.name = name
    sliceID = ActionKind.newSliceID()
    declareExtraReducers = extraReducers
    self.makeInitialState = makeInitialState
  }

  /// The slice's first state, as declared with ``init(name:initialState:extraReducers:)``
  /// (Redux Toolkit's `slice.getInitialState()`); a slice declared without one stops with a
  /// message.
  ///
  /// ```swift
  /// let scores = StateSlice<CounterState>(name: "scores", initialState: CounterState(value: 10))
  /// print(scores.getInitialState().value)  // 10
  /// ```
  /// - Returns: The first state.
  public func getInitialState() -> State {
    guard let makeInitialState else { FunctionalProgrammerError.noInitialState(ofSlice: name) }
    return makeInitialState()
  }

  /// Declares a case that takes no payload, and returns the creator of its actions.
  ///
  /// ```swift
  /// let doubled = Counter.slice.caseReducer("doubled") { state in state.value *= 2 }
  /// ```
  /// - Parameters:
  ///   - name: The case's name; the action type is `"<slice>/<name>"`.
  ///   - reduce: Changes the slice's state, in place.
  /// - Returns: The creator: `Counter.incremented()` makes the action.
  public func caseReducer(
    _ name: String, _ reduce: @escaping @Sendable (inout State) -> Void
  ) -> ActionCreator<Void> {
    ActionCreator(kind: PlainCaseKind(name: typeName(name), sliceID: sliceID, reduce: reduce))
  }

  /// Declares a case with a payload, and returns the creator of its actions.
  ///
  /// ```swift
  /// let multiplied = Counter.slice.caseReducer("multiplied") { (state, factor: Int) in state.value *= factor }
  /// ```
  /// - Parameters:
  ///   - name: The case's name; the action type is `"<slice>/<name>"`.
  ///   - reduce: Changes the slice's state with the payload, in place.
  /// - Returns: The creator: `Counter.added(5)` makes the action.
  public func caseReducer<Payload: Sendable>(
    _ name: String, _ reduce: @escaping @Sendable (inout State, Payload) -> Void
  ) -> ActionCreator<Payload> {
    ActionCreator(kind: PayloadCaseKind(name: typeName(name), sliceID: sliceID, reduce: reduce))
  }

  /// The slice's reducer: its own cases, then its extra reducers.
  ///
  /// ```swift
  /// let store = createStore(reducer: Counter.slice.reducer, initialState: CounterState())
  /// ```
  public var reducer: ReduxReducer<State, PayloadAction> {
    var extra = ExtraReducers<State>()
    declareExtraReducers(&extra)
    let sliceID = sliceID
    guard !extra.isEmpty else {
      return ReduxReducer { state, action in
        if action.kind.sliceID == sliceID { Self.applyOwnCase(action, to: &state) }
      }
    }
    let reduceExtra = extra.makeReducer()
    return ReduxReducer { state, action in
      let isOwn = action.kind.sliceID == sliceID
      if isOwn { Self.applyOwnCase(action, to: &state) }
      reduceExtra(&state, action, isOwn)
    }
  }

  /// Applies one of this slice's actions through its case, with no reference counted: kinds
  /// are never freed.
  @inline(__always)
  private static func applyOwnCase(_ action: PayloadAction, to state: inout State) {
    Unmanaged.passUnretained(action.kind)._withUnsafeGuaranteedRef { kind in
      unsafeDowncast(kind, to: CaseKind<State>.self).apply(&state, action)
    }
  }

  func typeName(_ caseName: String) -> String {
    if caseName.isEmpty { FunctionalProgrammerError.emptyName(of: "a case reducer of the slice \(name)") }
    return "\(name)/\(caseName)"
  }
}

extension ReduxReducer where Action == PayloadAction {
  /// Puts a slice at its field of the app's state, for `combineReducers`.
  ///
  /// ```swift
  /// let appReducer = combineReducers(.slice(\CounterAppState.counter, Counter.slice))
  /// ```
  /// - Parameters:
  ///   - keyPath: The slice's field.
  ///   - slice: The slice.
  /// - Returns: A reducer of the whole state that changes only that field, in place.
  public static func slice<Part>(
    _ keyPath: any WritableKeyPath<State, Part> & Sendable, _ slice: StateSlice<Part>
  ) -> ReduxReducer {
    .slice(keyPath, slice.reducer)
  }
}
