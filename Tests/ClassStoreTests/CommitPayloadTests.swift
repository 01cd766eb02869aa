import ClassStore
import Testing

/// A middleware of a class store sees what the other styles' middlewares see: which action,
/// with which values.
@MainActor
@Suite struct CommitPayloadTests {
  @Test func aMiddlewareSeesTheNameAndThePayload() {
    let seen = Log<String>()
    let watch = Middleware<CounterState, Commit<CounterState>> { _, commit, next in
      seen.append("\(commit.name) \(commit.payload.map { "\($0)" } ?? "-")")
      next(commit)
    }
    let store = CounterStore(middlewares: [watch])
    store.add(5)
    store.increment()
    #expect(seen.entries == ["add(_:) 5", "increment() -"])
    #expect(store.count == 6)
  }

  @Test func theLoggingMiddlewarePrintsACommitLikeAnAction() {
    let lines = Log<String>()
    let store = CounterStore(middlewares: [.logging(label: "counter", log: { lines.append($0) })])
    store.add(5)
    store.increment()
    #expect(
      lines.entries == [
        "[counter] add(5): count: 0 -> 5",
        "[counter] increment(): count: 5 -> 6",
      ])
  }

  @Test func aMiddlewareCanReplaceAPayloadCommitAndKeepThePayloadVisible() {
    let seen = Log<String>()
    let doubleAdds = Middleware<CounterState, Commit<CounterState>> { _, commit, next in
      guard commit.name == "add(_:)", let amount = commit.payload as? Int else { return next(commit) }
      next(Commit(name: commit.name, payload: amount * 2) { state, amount in state.count += amount })
    }
    let watch = Middleware<CounterState, Commit<CounterState>> { _, commit, next in
      seen.append(commit.description)
      next(commit)
    }
    let store = CounterStore(middlewares: [doubleAdds, watch])
    store.add(5)
    #expect(seen.entries == ["add(10)"])
    #expect(store.count == 10)
  }

  /// The logging middleware prints a commit as another style prints the same action: a text
  /// payload in quotes.
  @Test func aCommitReadsAsTheSameActionWouldInAnotherStyle() {
    enum Action { case rename(String), add(Int) }
    func commit<Payload>(_ name: String, _ payload: Payload) -> String {
      Commit<CounterState>(name: name, payload: payload) { _, _ in }.description
    }
    #expect(commit("rename(_:)", "Ann") == "\(Action.rename("Ann"))")
    #expect(commit("add(_:)", 5) == "\(Action.add(5))")
    #expect(commit("move(_:to:)", ("Ann", 2)) == #"move("Ann", 2)"#)
  }

  /// An object given as a payload, watched weakly: the store keeps no payload once its commit is
  /// applied, and a kept commit lets its payload go with it.
  final class Tag {}

  final class TagStore: CommitStore<CounterState> {
    func tag(_ tag: Tag) { commit(mutation: { state, _ in state.commits += 1 }, payload: tag) }
  }

  @Test func aPayloadGoesOnceItsCommitIsAppliedOrTheCommitKeptIsDropped() {
    let store = TagStore(state: CounterState())
    weak var applied: Tag?
    do {
      let tag = Tag()
      applied = tag
      store.tag(tag)
    }
    #expect(applied == nil, "the store's reusable payload object keeps no payload")
    var kept: [Commit<CounterState>] = []
    let keeping = store.addMiddleware(
      Middleware { _, commit, next in
        next(commit)
        kept.append(commit)
      })
    weak var keptTag: Tag?
    do {
      let tag = Tag()
      keptTag = tag
      store.tag(tag)
      store.tag(Tag())
    }
    #expect(keptTag != nil, "a kept commit keeps its payload")
    #expect(kept.first?.payload is Tag)
    kept.removeAll()
    #expect(keptTag == nil, "and lets it go with it")
    #expect(store.state.commits == 3)
    keeping.remove()
  }

  @Test func aCommitKeptByAMiddlewareKeepsItsPayloadAfterLaterCommits() {
    let recorder = ActionRecorder<CounterState, Commit<CounterState>>()
    let store = CounterStore(middlewares: [recorder.middleware])
    store.add(1)
    store.add(2)
    store.add(3)
    #expect(recorder.actions.map(\.description) == ["add(1)", "add(2)", "add(3)"])
  }
}

@MainActor
@Suite struct ComputedOptInTests {
  class LevelCounter: CommitStore<CounterState>, ComputesDerivedState {
    let heard = Log<String>()
    init() { super.init(state: CounterState()) }
    func increment() { commit { $0.count += 1 } }
    func computed(new: CounterState, old: CounterState) { heard.append("base \(new.count)") }
  }

  final class AuditedLevelCounter: LevelCounter {
    override func computed(new: CounterState, old: CounterState) {
      super.computed(new: new, old: old)
      heard.append("audit \(old.count)->\(new.count)")
    }
  }

  @Test func anOverrideThatCallsSuperKeepsComputedOnForEveryChange() {
    let store = AuditedLevelCounter()
    store.increment()
    store.increment()
    store.increment()
    #expect(
      store.heard.entries == [
        "base 1", "audit 0->1", "base 2", "audit 1->2", "base 3", "audit 2->3",
      ])
  }

  @Test func aStoreThatDoesNotConformIsNotAskedAndStillWorks() {
    let store = CounterStore()
    store.increment()
    store.add(2)
    #expect(store.count == 3)
  }
}
