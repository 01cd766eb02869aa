import ClassStore
import IdentifiedCollections

/// A class-based store whose methods commit one mutation per intent.
final class ConformanceClassStore: NonisolatedCommitStore<ConformanceState> {
  func apply(_ intent: Intent) {
    switch intent {
    case .increment: commit(intent.description) { $0.count += 1 }
    case .add(let amount): commit(mutation: Self.add, payload: amount, name: "add(_:)")
    case .bumpOther: commit(intent.description) { $0.other += 1 }
    case .incrementLater: break
    case .editRow(let id): commit(intent.description) { $0.rows[id: id]?.title += "x" }
    case .changeRows(let change): commit(intent.description) { $0.apply(change) }
    }
  }

  /// An async action: it commits after an `await`, on its caller's actor.
  nonisolated(nonsending) func incrementLater() async {
    await awaitWorkElsewhere()
    apply(.increment)
  }

  private static func add(_ state: inout ConformanceState, _ amount: Int) { state.count += amount }
}

extension StyleAdapter {
  /// A class store (`NonisolatedCommitStore<State>`, the base of the main-actor `CommitStore`)
  /// subclass, actions as methods, middlewares seeing commits.
  static let classBased = StyleAdapter(
    name: "class-based",
    wordsOfItsMessages: (
      unsubscribe:
        "ClassStore: a subscription was cancelled (or a listener unsubscribed, or a token released) from inside a commit's mutation",
      send: "ClassStore: the commit increment was made from inside another commit's mutation",
      fix: "make the second commit after the first one returns"
    )
  ) { options, isolation in
    let middlewares = options.middlewares(describe: { (commit: Commit<ConformanceState>) in commit.description
    }) {
      Commit(name: "add(_:)", payload: 100) { state, amount in state.count += amount }
    }
    return underTest(
      ConformanceClassStore(state: options.initialState, middlewares: middlewares, isolation: isolation))
  } makeAsPropertyDefault: {
    underTest(ClassViewModel().store)
  } unsubscribeInsideReducer: {
    // Safe: set and read only on the main actor, here and in the mutation that runs
    // synchronously inside the dispatch below; the mutation reaches the token on
    // purpose, to commit the error under test.
    nonisolated(unsafe) var token: Subscription?
    let store = ConformanceClassStore(state: ConformanceState(), isolation: MainActor.shared)
    token = store.subscribe(\.count) { _ in }
    store.commit("cancel inside") { _ in token?.cancel() }
  } sendInsideReducer: {
    let store = ConformanceClassStore(state: ConformanceState(), isolation: MainActor.shared)
    store.commit("outer") { _ in store.apply(.increment) }
  }

  private static func underTest(_ store: ConformanceClassStore) -> StoreUnderTest {
    StoreUnderTest(store, describe: { $0.description }) { store, intent in
      store.apply(intent)
    } incrementAfterAwait: { store in
      await store.incrementLater()
    } viewOfCount: { store, observer in
      // A class store's parts are its fields: a view of one subscribes to it (`compose` goes the
      // other way, mirroring a child store into its parent, and keeps the same rule).
      store.subscribe(\.count, observer)
    }
  }
}

/// An app's view model: its store is a stored property's default value, where the `#isolation`
/// a subclass's initializer forwards is `nil`.
@MainActor final class ClassViewModel {
  let store = ConformanceClassStore(state: ConformanceState(), isolation: nil)
}
