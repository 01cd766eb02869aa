import ClassStore

/// A class-based store whose methods commit one mutation per intent.
final class ConformanceClassStore: CommitStore<ConformanceState> {
  func apply(_ intent: Intent) {
    switch intent {
    case .increment: commit(intent.description) { $0.count += 1 }
    case .add(let amount): commit(intent.description) { $0.count += amount }
    case .bumpOther: commit(intent.description) { $0.other += 1 }
    }
  }
}

extension StyleAdapter {
  /// `CommitStore<State>` subclass, actions as methods, middlewares seeing commits.
  static let classBased = StyleAdapter(name: "class-based") { options in
    let middlewares = options.middlewares(describe: { (commit: Commit<ConformanceState>) in commit.name }) {
      Commit(name: Intent.add(100).description) { $0.count += 100 }
    }
    let store = ConformanceClassStore(state: ConformanceState(), middlewares: middlewares)
    return StoreUnderTest(store) { store, intent in store.apply(intent) }
  }
}
