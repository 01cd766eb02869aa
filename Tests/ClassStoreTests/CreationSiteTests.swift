import ClassStore
import Testing

// Places an app makes a class store, each followed by an async action whose commit, after an
// `await` off the main actor, must be applied on the store's actor.

/// A class store on your own actor: its initializer forwards the caller's `#isolation`.
final class ScoreKeeper: NonisolatedCommitStore<CounterState> {
  init(isolation: isolated (any Actor)? = #isolation) {
    super.init(state: CounterState(), isolation: isolation)
  }

  nonisolated(nonsending) func addLater(_ amount: Int) async {
    await Task.detached {}.value
    commit { $0.count += amount }
  }
}

@MainActor final class CounterScreenModel {
  let store = CounterStore()
  lazy var lazyStore = CounterStore()
  let keeper = ScoreKeeper()
}

/// A factory; `CommitStore` is main-actor by type, so the compiler asks for `@MainActor` here.
@MainActor func makeCounterStore() -> CounterStore { CounterStore() }

/// An actor that makes its class store in a method and awaits its async action there.
actor ScoreService {
  func addTwice() async -> Int {
    let keeper = ScoreKeeper()
    await keeper.addLater(2)
    await keeper.addLater(3)
    preconditionIsolated("the commit after an await was applied off the store's actor")
    return keeper.state.count
  }
}

@MainActor @Suite struct ClassCreationSiteTests {
  let api = CounterAPI(saved: 7)

  /// Loads, and checks that the commit was applied on the main actor.
  func loadAndCheck(_ store: CounterStore) async -> Int {
    var appliedOnMain = false
    let token = store.subscribe(\.count) { _ in
      MainActor.preconditionIsolated("a commit after an await was applied off the main actor")
      appliedOnMain = true
    }
    await store.load(from: api)
    token.cancel()
    return appliedOnMain ? store.state.count : -1
  }

  @Test func aStoredPropertyDefaultALazyVarAndAFactory() async {
    let model = CounterScreenModel()
    #expect(await loadAndCheck(model.store) == 7)
    #expect(await loadAndCheck(model.lazyStore) == 7)
    #expect(await loadAndCheck(makeCounterStore()) == 7)
    await model.keeper.addLater(4)
    #expect(model.keeper.state.count == 4)
  }

  @Test func anActorsMethod() async {
    #expect(await ScoreService().addTwice() == 5)
  }
}
