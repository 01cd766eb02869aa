/// A class-based store: subclass it, write actions as methods, and change the state only by
/// committing mutations.
///
/// ```swift
/// struct CounterState: Equatable, Sendable {
///   var count = 0
/// }
///
/// final class CounterStore: CommitStore<CounterState> {
///   init() { super.init(state: CounterState()) }
///
///   func increment() { commit { $0.count += 1 } }
///   func add(_ amount: Int) { commit(mutation: Self.add, payload: amount) }
///   func load(from api: CounterAPI) async {
///     let saved = await api.fetchCount()
///     commit { $0.count = saved }
///   }
///
///   private static func add(_ state: inout CounterState, _ amount: Int) { state.count += amount }
/// }
/// ```
///
/// Each commit runs ``worksBeforeCommit()``, the mutation and ``worksAfterCommit()`` as one
/// change, then tells observers once: ``ComputesDerivedState/computed(new:old:)`` first (for a
/// store that conforms to ``ComputesDerivedState``), then subscribers, streams and
/// Observation (the store is `Observable`, so SwiftUI sees `store.state` change). Middlewares see
/// each ``Commit``. A commit made while another is being applied (from a subscriber, a
/// middleware) is queued and runs right after it; committing from inside a mutation stops the
/// program with a message.
///
/// > Note: Runs on the main actor. Async actions are `async` methods: await off the main actor,
/// > then commit.
@MainActor
open class CommitStore<State>: ObservableStore {
  /// What middlewares and the engine see: commits of mutations.
  public typealias Action = Commit<State>

  /// The engine behind the store.
  public let engine: StoreEngine<State, Commit<State>>
  @usableFromInline let hooks: CommitHooks<State>
  /// The box of the last payload commit, kept empty for the next one of the same payload type
  /// (see ``PayloadMutation``).
  @usableFromInline var spareMutation: AnyObject?
  /// The state before the last commit, kept only for a store that ``ComputesDerivedState``.
  @usableFromInline var stateBeforeCommit: State?
  /// Calls the store's ``ComputesDerivedState/computed(new:old:)``; `nil` when it has none.
  @usableFromInline var computedHook: ((State, State) -> Void)?
  var childSubscriptions: [Subscription] = []

  /// Makes a store holding `state`.
  ///
  /// ```swift
  /// final class CounterStore: CommitStore<CounterState> {
  ///   init() { super.init(state: CounterState(), middlewares: [.logging(label: "counter")]) }
  /// }
  /// ```
  /// - Parameters:
  ///   - state: The state before any commit.
  ///   - middlewares: Run around every commit, the first outermost; each sees a ``Commit``.
  @inlinable
  public init(state: State, middlewares: [Middleware<State, Commit<State>>] = []) {
    let hooks = CommitHooks<State>()
    self.hooks = hooks
    engine = StoreEngine(
      initialState: state, middlewares: middlewares, reducer: Self.reducer(applying: nil))
    hooks.before = worksBeforeCommit()
    hooks.after = worksAfterCommit()
    if !hooks.before.isEmpty || !hooks.after.isEmpty {
      engine.replaceReducer(Self.reducer(applying: hooks))
    }
    if let computing = self as? any ComputesDerivedState<State> {
      computedHook = Self.hook(calling: computing)
      stateBeforeCommit = state
      _ = engine.addSubscriber { [weak self] newState in self?.runComputed(newState) }
    }
  }

  /// Work to run on the state before every commit's mutation, inside the same commit. Asked
  /// once, when the store is created.
  ///
  /// ```swift
  /// override func worksBeforeCommit() -> [(inout CounterState) -> Void] {
  ///   [{ $0.commits += 1 }]
  /// }
  /// ```
  /// - Returns: The works, run in order.
  open func worksBeforeCommit() -> [(inout State) -> Void] { [] }

  /// Work to run on the state after every commit's mutation, inside the same commit (so
  /// observers see its result with the mutation's). Asked once, when the store is created.
  ///
  /// ```swift
  /// override func worksAfterCommit() -> [(inout CounterState) -> Void] {
  ///   [{ $0.count = min($0.count, 10) }]
  /// }
  /// ```
  /// - Returns: The works, run in order.
  open func worksAfterCommit() -> [(inout State) -> Void] { [] }

  /// The engine's reducer: the commit alone, or wrapped in the hooks when a subclass has any.
  /// Made in a nonisolated function so the closure is not main-actor
  /// isolated: one formed in the initializer would check its executor on every commit.
  @inlinable
  nonisolated static func reducer(
    applying hooks: CommitHooks<State>?
  ) -> (inout State, Commit<State>) -> Void {
    guard let hooks else { return { state, commit in commit.mutate(&state) } }
    return { state, commit in hooks.apply(commit, to: &state) }
  }

  /// The store's `computed` as a function. It holds the store `unowned`: the store holds the
  /// function, and calls it only while it is alive.
  @usableFromInline
  static func hook<Computing: ComputesDerivedState<State>>(
    calling computing: Computing
  ) -> (State, State) -> Void {
    { [unowned computing] new, old in computing.computed(new: new, old: old) }
  }

  @usableFromInline
  func runComputed(_ newState: State) {
    guard let oldState = stateBeforeCommit, let computedHook else { return }
    stateBeforeCommit = newState
    if equalIfEquatable(newState, oldState) == true { return }
    computedHook(newState, oldState)
  }
}
