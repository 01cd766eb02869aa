import ClassStore
import Observation
import ReduxTesting
import Testing

@MainActor
@Suite struct CommitTests {
  @Test func commitsChangeTheStateAndNameTheirMethod() {
    let names = Log<String>()
    let naming = Middleware<CounterState, Commit<CounterState>> { _, commit, next in
      names.append(commit.name)
      next(commit)
    }
    let store = CounterStore(middlewares: [naming])
    store.increment()
    store.add(5)
    #expect(store.state.count == 6)
    #expect(names.entries == ["increment()", "add(_:)"])
  }

  @Test func anExplicitNameAndACommitValue() {
    let names = Log<String>()
    let store = CounterStore(middlewares: [
      Middleware { _, commit, next in
        names.append("\(commit)")
        next(commit)
      }
    ])
    store.commit("reset") { $0.count = 0 }
    store.engine.dispatch(Commit(name: "seven") { $0.count = 7 })
    #expect(names.entries == ["reset", "seven"])
    #expect(store.state.count == 7)
  }

  @Test func middlewaresCanDropAndReplaceCommits() async {
    let guardrail = Middleware<CounterState, Commit<CounterState>> { context, commit, next in
      if commit.name == "add(_:)", context.state.count >= 10 { return }
      if commit.name == "increment()" {
        return next(Commit(name: "double") { $0.count = max(1, $0.count * 2) })
      }
      next(commit)
    }
    let store = CommitTestStore(CounterStore(middlewares: [guardrail]))
    await store.call({ $0.increment() }) { $0.count = 1 }
    await store.call({ $0.increment() }) { $0.count = 2 }
    await store.call({ $0.add(8) }) { $0.count = 10 }
    await store.call({ $0.add(8) })  // dropped: nothing changes
    await store.finish()
  }

  @Test func asyncActionsAwaitThenCommit() async {
    let store = CommitTestStore(CounterStore())
    await store.call({ await $0.load(from: CounterAPI(saved: 42)) }) { $0.count = 42 }
    await store.finish()
  }

  @Test func actionFunctionsAreDispatchedWithTheirPayload() async {
    let store = CommitTestStore(CounterStore())
    func addTwice(_ store: CounterStore, _ amount: Int) {
      store.add(amount)
      store.add(amount)
    }
    // A synchronous action function takes the synchronous overload, even in an async context.
    await store.call({ $0.dispatch(action: addTwice, payload: 5) }) { $0.count = 10 }
    await store.call({
      await $0.dispatch(action: { store, api in await store.load(from: api) }, payload: CounterAPI(saved: 3))
    }) {
      $0.count = 3
    }
    await store.finish()
  }

  @Test func aCommitFromAnObserverIsQueuedAndSeenInOrder() {
    let store = CounterStore()
    let first = Log<Int>()
    let second = Log<Int>()
    let chaining = store.subscribe(\.count) { count in
      first.append(count)
      if count < 3 { store.increment() }
    }
    let watching = store.subscribe(\.count) { second.append($0) }
    store.increment()
    #expect(first.entries == [1, 2, 3])
    #expect(second.entries == [1, 2, 3])
    _ = (chaining, watching)
  }

  @Test func committingFromInsideAMutationIsReported() async {
    await #expect(processExitsWith: .failure) {
      await MainActor.run {
        let store = CounterStore()
        store.commit { _ in MainActor.assumeIsolated { store.increment() } }
      }
    }
  }

  @Test func theStoreIsObservable() {
    let store = CounterStore()
    let changes = Log<Int>()
    withObservationTracking {
      _ = store.state.count
    } onChange: {
      MainActor.assumeIsolated { changes.append(1) }
    }
    store.increment()
    #expect(changes.entries.count == 1)
  }

  @Test func aStoreIsFreedWithItsObservers() {
    var store: CounterStore? = CounterStore(middlewares: [.logging(label: "counter", log: { _ in })])
    weak let weakStore = store
    let token = store?.subscribe(\.count) { _ in }
    let stream = store?.states()
    store?.increment()
    store = nil
    #expect(weakStore == nil)
    _ = (token, stream)
  }
}

@MainActor
@Suite struct HookTests {
  final class AuditedStore: CommitStore<CounterState>, ComputesDerivedState {
    let transitions = Log<String>()
    init() { super.init(state: CounterState()) }

    func increment() { commit { $0.count += 1 } }
    func noop() { commit { _ in } }

    func computed(new: CounterState, old: CounterState) {
      transitions.append("\(old.count)->\(new.count)")
      if new.count == 2 { commit { $0.count = 10 } }
    }

    override func worksBeforeCommit() -> [(inout CounterState) -> Void] {
      [{ $0.commits += 1 }]
    }

    override func worksAfterCommit() -> [(inout CounterState) -> Void] {
      [{ $0.count = min($0.count, 10) }]
    }
  }

  @Test func computedSeesNewAndOldBeforeOtherObservers() {
    let store = AuditedStore()
    let seen = Log<String>()
    let token = store.subscribe(\.count) { count in
      seen.append("subscriber \(count) after \(store.transitions.entries.count) transitions")
    }
    store.increment()
    #expect(store.transitions.entries == ["0->1"])
    #expect(seen.entries == ["subscriber 1 after 1 transitions"])
    _ = token
  }

  @Test func computedIsNotCalledWhenNothingChangedAndMayCommit() async {
    let store = CommitTestStore(AuditedStore())
    await store.call({ $0.increment() }) {
      $0.count = 1; $0.commits = 1
    }
    await store.call({ $0.increment() }) {
      $0.count = 10; $0.commits = 3
    }  // computed commits 10 for 2
    #expect(store.store.transitions.entries == ["0->1", "1->2", "2->10"])
    await store.finish()
  }

  @Test func worksRunBeforeAndAfterEveryCommitInsideIt() async {
    let store = CommitTestStore(AuditedStore())
    await store.call({ $0.increment() }) {
      $0.count = 1
      $0.commits = 1
    }
    await store.call({ $0.noop() }) { $0.commits = 2 }
    // At 2, `computed` commits 10; the work after every commit keeps the count at 10 at most.
    await store.call({ for _ in 0..<20 { $0.increment() } }) {
      $0.count = 10
      $0.commits = 23
    }
    await store.finish()
  }

  @Test func onlyAStoreThatComputesFollowsItsOwnChanges() {
    #expect(CounterStore().engine.subscriberCount == 0)
    #expect(AuditedStore().engine.subscriberCount == 1)
  }
}

/// Payload commits reuse one object for their mutation and payload when nothing holds the last
/// commit; these check that a reused object never changes a commit someone still holds.
@MainActor
@Suite struct PayloadCommitTests {
  final class AmountStore: CommitStore<CounterState> {
    init(middlewares: [Middleware<CounterState, Commit<CounterState>>] = []) {
      super.init(state: CounterState(), middlewares: middlewares)
    }
    func add(_ amount: Int) { commit(mutation: Self.add, payload: amount) }
    func append(_ text: String) { commit(mutation: Self.append, payload: text) }
    private static func add(_ state: inout CounterState, _ amount: Int) { state.count += amount }
    private static func append(_ state: inout CounterState, _ text: String) { state.commits += text.count }
  }

  @Test func payloadsOfEveryCommitAreApplied() async {
    let store = CommitTestStore(AmountStore())
    await store.call({ for amount in 1...100 { $0.add(amount) } }) { $0.count = 5_050 }
    await store.call({ $0.append("four") }) { $0.commits = 4 }
    await store.call({ $0.add(1) }) { $0.count = 5_051 }
    await store.finish()
  }

  @Test func commitsKeptByAMiddlewareReplayWithTheirOwnPayloads() {
    let recorder = ActionRecorder<CounterState, Commit<CounterState>>()
    let store = AmountStore(middlewares: [recorder.middleware])
    store.add(1)
    store.add(10)
    store.add(100)
    let copy = AmountStore()
    recorder.replay { copy.engine.dispatch($0) }
    #expect(copy.state.count == 111)
    #expect(store.state.count == 111)
  }

  @Test func aPayloadCommitMadeWhileAnotherIsAppliedKeepsItsPayload() async {
    let store = CommitTestStore(AmountStore())
    let token = store.store.subscribe(\.count) { [unowned store] count in
      if count == 1 { store.store.add(10) }  // queued, applied after this round
    }
    await store.call({ $0.add(1) }) { $0.count = 11 }
    await store.call({ $0.add(100) }) { $0.count = 111 }
    await store.finish()
    _ = token
  }
}

@MainActor
@Suite struct CompositionTests {
  struct AppState: Equatable {
    var counter = CounterState()
    var title = ""
  }

  final class AppStore: CommitStore<AppState> {
    let counter = CounterStore()
    init() {
      super.init(state: AppState())
      compose(counter, into: \.counter)
    }
    func rename(_ title: String) { commit { $0.title = title } }
  }

  @Test func aChildStoresStateIsMirroredIntoItsParent() async {
    let app = CommitTestStore(AppStore())
    await app.call({ $0.counter.increment() }) { $0.counter.count = 1 }
    await app.call({ $0.counter.add(2) }) { $0.counter.count = 3 }
    await app.call({ $0.rename("Hello") }) { $0.title = "Hello" }
    await app.finish()
  }

  @Test func viewsOfParentAndChildFieldsAreToldOnlyWhenTheirFieldChanged() {
    let app = AppStore()
    let told = Log<String>()
    func track(_ name: String, _ read: @escaping @MainActor () -> Void) {
      withObservationTracking {
        read()
      } onChange: {
        MainActor.assumeIsolated { told.append(name) }
      }
    }
    // `app.counter` is the child store (a store's own members come first); its `count` is the
    // child's field. `app.state(\.counter.count)` is the same value, mirrored in the parent.
    track("title") { _ = app.title }
    track("child count") { _ = app.counter.count }
    track("mirrored count") { _ = app.state(\.counter.count) }
    track("child commits") { _ = app.counter.commits }
    app.counter.increment()
    #expect(told.entries.sorted() == ["child count", "mirrored count"])  // not `commits`
    app.rename("Hello")
    #expect(told.entries.last == "title")
  }

  @Test func theParentIsFreedAndStopsMirroring() {
    var app: AppStore? = AppStore()
    weak let weakApp = app
    let child = app!.counter
    app = nil
    #expect(weakApp == nil)
    child.increment()
    #expect(child.engine.subscriberCount == 0)
  }
}

@MainActor
@Suite struct ResetAndDisposeTests {
  @Test func resetPutsBackTheFirstStateAsOneCommitEveryoneSees() {
    let commits = Log<String>()
    let seeCommits = Middleware<CounterState, Commit<CounterState>> { _, commit, next in
      commits.append(commit.name)
      next(commit)
    }
    let store = CounterStore(middlewares: [seeCommits])
    let counts = Log<Int>()
    let token = store.subscribe(\.count) { counts.append($0) }
    store.increment()
    store.add(4)
    store.reset()
    #expect(store.state == CounterState())
    #expect(commits.entries == ["increment()", "add(_:)", "reset()"])
    #expect(counts.entries == [1, 5, 0])
    store.reset(to: CounterState(count: 9))
    #expect(store.state.count == 9 && commits.entries.last == "reset(to:)")
    _ = token
  }

  @Test func disposeEndsComposedChildrenAndDropsLaterCommits() {
    let child = CounterStore()
    let parent = CountersStore()
    parent.compose(child, into: \.left)
    child.increment()
    #expect(parent.state.left.count == 1)
    parent.dispose()
    child.increment()  // the mirror was ended with the parent
    parent.bumpRight()  // dropped, with a warning
    #expect(parent.isDisposed)
    #expect(parent.state.left.count == 1 && parent.state.right.count == 0)
    #expect(child.subscriberCount == 0)
  }
}

/// Two counters composed into one store.
struct TwoCounters: Equatable, Sendable {
  var left = CounterState()
  var right = CounterState()
}

final class CountersStore: CommitStore<TwoCounters> {
  init() { super.init(state: TwoCounters()) }
  func bumpRight() { commit { $0.right.count += 1 } }
}

@MainActor
@Suite struct CommitSubscriberTests {
  @Test func aCommitSubscriberSeesEachCommitWithItsPayloadAndTheNewState() {
    let store = CounterStore()
    let seen = Log<String>()
    var token: Subscription? = store.subscribeToCommits { commit, state in
      seen.append("\(commit.name) \(commit.payload.map { "\($0)" } ?? "-") \(state.count)")
    }
    store.increment()
    store.add(5)
    token?.cancel()
    store.increment()
    #expect(seen.entries == ["increment() - 1", "add(_:) 5 6"])
    token = store.subscribeToCommits { _, _ in seen.append("again") }
    token = nil  // released: ended
    store.increment()
    #expect(seen.entries.count == 2)
  }
}

/// A store whose methods mark their bodies as actions.
final class ActionStore: CommitStore<CounterState> {
  struct Offline: Error {}

  init() { super.init(state: CounterState()) }

  func increment() { action { commit { $0.count += 1 } } }
  func add(_ amount: Int) { action(arguments: [amount]) { commit { $0.count += amount } } }
  func addTwice(_ amount: Int) {
    action(arguments: [amount]) {
      add(amount)
      add(amount)
    }
  }
  func total() -> Int { action { state.count } }
  func load(failing: Bool) async throws {
    try await action(arguments: [failing]) {
      await Task.yield()
      if failing { throw Offline() }
      commit { $0.count = 42 }
    }
  }
}

@MainActor
@Suite struct ActionHookTests {
  @Test func aHookSeesEachActionWithItsArgumentsResultAndNestedActionsInOrder() {
    let store = ActionStore()
    let seen = Log<String>()
    let token = store.onAction { call in
      seen.append("start \(call.name) \(call.arguments)")
      call.after { result in seen.append("after \(call.name) \(result)") }
    }
    store.increment()
    store.addTwice(3)
    _ = store.total()
    #expect(
      seen.entries == [
        "start increment() []", "after increment() ()",
        "start addTwice(_:) [3]", "start add(_:) [3]", "after add(_:) ()", "start add(_:) [3]",
        "after add(_:) ()", "after addTwice(_:) ()",
        "start total() []", "after total() 7",
      ])
    _ = token
  }

  @Test func anAsyncActionReportsItsEndOrItsError() async {
    let store = ActionStore()
    let seen = Log<String>()
    let token = store.onAction { call in
      call.after { _ in seen.append("after \(call.name)") }
      call.onError { error in seen.append("error \(call.name) \(error)") }
    }
    try? await store.load(failing: false)
    await #expect(throws: ActionStore.Offline.self) { try await store.load(failing: true) }
    #expect(seen.entries == ["after load(failing:)", "error load(failing:) Offline()"])
    #expect(store.state.count == 42)
    _ = token
  }

  @Test func aCancelledHookIsToldNothing() {
    let store = ActionStore()
    let seen = Log<String>()
    let token = store.onAction { seen.append($0.name) }
    store.increment()
    token.cancel()
    store.increment()
    #expect(seen.entries == ["increment()"])
  }
}
