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
/// change, then tells observers once: ``computed(new:old:)`` first, then subscribers, streams and
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
  /// The state before the last commit, kept only while ``computed(new:old:)`` is (or may be)
  /// overridden; `nil` once the first commit showed that it is not, so the state is never
  /// copied for nothing.
  @usableFromInline var stateBeforeCommit: State?
  @usableFromInline var computedSubscriber: SubscriptionID?
  @usableFromInline var computedIsOverridden = true
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
    stateBeforeCommit = state
    hooks.before = worksBeforeCommit()
    hooks.after = worksAfterCommit()
    if !hooks.before.isEmpty || !hooks.after.isEmpty {
      engine.replaceReducer(Self.reducer(applying: hooks))
    }
    computedSubscriber = engine.addSubscriber { [weak self] newState in
      self?.runComputed(newState)
    }
  }

  /// Called after each commit that changed the state (for an `Equatable` state; after every
  /// commit otherwise) with the state after and before it, before any other observer.
  ///
  /// Override it to keep derived values in step, or to react to a transition. Committing from
  /// here is fine: the commit is queued and runs next. There is no need to call `super`.
  ///
  /// ```swift
  /// override func computed(new: CounterState, old: CounterState) {
  ///   if new.count > 100, old.count <= 100 { print("past one hundred") }
  /// }
  /// ```
  /// - Parameters:
  ///   - new: The state after the commit.
  ///   - old: The state before it.
  /// - Complexity: While this is overridden the store keeps the previous state, so the next
  ///   change to a large collection in it copies that collection once.
  open func computed(new: State, old: State) {
    computedIsOverridden = false
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

  @usableFromInline
  func runComputed(_ newState: State) {
    guard let oldState = stateBeforeCommit else { return }
    stateBeforeCommit = newState
    if equalIfEquatable(newState, oldState) == true { return }
    computed(new: newState, old: oldState)
    if !computedIsOverridden, let computedSubscriber {
      // The base implementation ran: nothing overrides it, so stop keeping states for it.
      engine.removeSubscriber(computedSubscriber)
      self.computedSubscriber = nil
      stateBeforeCommit = nil
    }
  }
}
