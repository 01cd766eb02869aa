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
/// Each commit runs `worksBeforeCommit()`, the mutation and `worksAfterCommit()` as one
/// change, then tells observers once: ``ComputesDerivedState/computed(new:old:)`` first (for a
/// store that conforms to ``ComputesDerivedState``), then subscribers, streams and
/// Observation (the store is `Observable`, so SwiftUI sees `store.state` change). Middlewares see
/// each ``Commit``. A commit made while another is being applied (from a subscriber, a
/// middleware) is queued and runs right after it; committing from inside a mutation stops the
/// program with a message.
///
/// > Note: Runs on the main actor, as an app's UI wants: its async methods run there, so a
/// > commit after an `await` is back on the main actor. To own a class store from your own actor
/// > (a server, a background service), subclass ``NonisolatedCommitStore`` instead.
@MainActor
open class CommitStore<State>: NonisolatedCommitStore<State> {
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
    super.init(state: state, middlewares: middlewares, isolation: MainActor.shared)
    if let computing = self as? any ComputesDerivedState<State> { computeDerivedState(with: computing) }
  }

  /// Calls the store's `computed(new:old:)` after every change.
  @usableFromInline
  func computeDerivedState<Computing: ComputesDerivedState<State>>(with computing: Computing) {
    keepStateBeforeCommit { [unowned computing] new, old in computing.computed(new: new, old: old) }
  }
}

/// A class-based store with no actor of its own: it belongs to the isolation domain that makes
/// it, like the other styles' stores. Subclass it to own a class store from your own actor.
///
/// ```swift
/// final class RoomState: NonisolatedCommitStore<Room> {
///   init(isolation: isolated (any Actor)? = #isolation) {
///     super.init(state: Room(), isolation: isolation)
///   }
///
///   func join(_ player: String) { commit { $0.players.append(player) } }
/// }
///
/// actor RoomHost {
///   let room: RoomState
///   init() { room = RoomState() }
///   func join(_ player: String) { room.join(player) }
/// }
/// ```
///
/// Everything ``CommitStore`` has, but `computed(new:old:)`, which is for main-actor stores:
/// keep derived state in `worksAfterCommit()`, which runs inside the same commit. An `async`
/// method of a subclass is `nonisolated(nonsending)` to run on its caller's actor, so that its
/// commits after an `await` are made there.
open class NonisolatedCommitStore<State>: StateStore {
  /// What middlewares and the engine see: commits of mutations.
  public typealias Action = Commit<State>

  /// The engine behind the store. Not API (see `StateStore.engine`).
  @_documentation(visibility: internal)
  public let engine: StoreEngine<State, Commit<State>>
  @usableFromInline let hooks: CommitHooks<State>
  /// The box of the last payload commit, kept empty for the next one of the same payload type
  /// (see ``PayloadMutation``).
  @usableFromInline var spareMutation: AnyObject?
  /// The state before the last commit, kept only for a store that computes derived state.
  @usableFromInline var stateBeforeCommit: State?
  /// The state the initializer gave, for ``reset()`` (a copy shares its storage: no cost
  /// until the state changes, and then only what the store's state no longer shares).
  @usableFromInline let initialState: State
  /// The state a plugin gave the store as it was made (a saved one, restored), for
  /// ``resetToLoaded()``; `nil` when no plugin was there.
  var loadedState: State?
  /// Called with the new and the old state after every change; `nil` for most stores.
  @usableFromInline var computedHook: ((State, State) -> Void)?
  /// The action hooks (``onAction(_:)``); `nil` until the first is added, so an action method
  /// costs one check.
  @usableFromInline var actionHooks: ActionHooks?
  /// The mirrors of composed child stores; ended with this store.
  var childSubscriptions: [Subscription] = []
  /// The stores added while it runs (``addModule(_:named:in:)``), by name.
  var addedModules: [String: AddedModule] = [:]

  deinit {
    // Ended on purpose: a token merely released right after it was made reads as the mistake
    // `_ = store.subscribe…`, which the child would warn about.
    endMirrors()
  }

  /// Makes a store holding `state`.
  ///
  /// ```swift
  /// final class RoomState: NonisolatedCommitStore<Room> {
  ///   init(isolation: isolated (any Actor)? = #isolation) {
  ///     super.init(state: Room(), isolation: isolation)
  ///   }
  /// }
  /// ```
  /// - Parameters:
  ///   - state: The state before any commit.
  ///   - middlewares: Run around every commit, the first outermost; each sees a ``Commit``.
  ///   - isolation: Where the store lives: forward your initializer's `#isolation`, as above
  ///     (an initializer of a subclass runs outside any actor unless told where it is).
  @inlinable
  public init(
    state: State, middlewares: [Middleware<State, Commit<State>>] = [], isolation: (any Actor)?
  ) {
    let hooks = CommitHooks<State>()
    self.hooks = hooks
    initialState = state
    // Assigned, not left to its default: see the note in `StoreEngine.init`.
    actionHooks = nil
    engine = StoreEngine(
      initialState: state, middlewares: middlewares, home: isolation, style: .classBased,
      reducer: Self.reducer(applying: nil))
    hooks.before = worksBeforeCommit()
    hooks.after = worksAfterCommit()
    if !hooks.before.isEmpty || !hooks.after.isEmpty {
      engine.replaceReducer(Self.reducer(applying: hooks))
    }
    applyPlugins()
  }

  /// Calls `hook` with the new and the old state after every change.
  @usableFromInline
  func keepStateBeforeCommit(calling hook: @escaping (State, State) -> Void) {
    computedHook = hook
    stateBeforeCommit = engine.untrackedState
    _ = engine.addSubscriber { [weak self] newState in self?.runComputed(newState) }
  }

  /// Work to run on the state before every commit's mutation, inside the same commit. Asked
  /// once, when the store is created.
  ///
  /// ```swift
  /// final class CountingStore: CommitStore<CounterState> {
  ///   override func worksBeforeCommit() -> [(inout CounterState) -> Void] {
  ///     [{ $0.commits += 1 }]
  ///   }
  /// }
  /// ```
  /// - Returns: The works, run in order.
  open func worksBeforeCommit() -> [(inout State) -> Void] { [] }

  /// Work to run on the state after every commit's mutation, inside the same commit (so
  /// observers see its result with the mutation's). Asked once, when the store is created.
  ///
  /// ```swift
  /// final class CappedStore: CommitStore<CounterState> {
  ///   override func worksAfterCommit() -> [(inout CounterState) -> Void] {
  ///     [{ $0.count = min($0.count, 10) }]
  ///   }
  /// }
  /// ```
  /// - Returns: The works, run in order.
  open func worksAfterCommit() -> [(inout State) -> Void] { [] }

  /// The engine's reducer: the commit alone, or wrapped in the hooks when a subclass has any.
  @inlinable
  static func reducer(
    applying hooks: CommitHooks<State>?
  ) -> (inout State, Commit<State>) -> Void {
    guard let hooks else { return { state, commit in commit.mutate(&state) } }
    return { state, commit in hooks.apply(commit, to: &state) }
  }

  @usableFromInline
  func runComputed(_ newState: State) {
    guard let oldState = stateBeforeCommit, let computedHook else { return }
    stateBeforeCommit = newState
    if equalIfEquatable(newState, oldState) == true { return }
    computedHook(newState, oldState)
  }
}
