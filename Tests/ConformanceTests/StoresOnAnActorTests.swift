import ClassStore
import EffectStore
import Foundation
import FunctionalStore
import ReduxCore
import Testing

// Each style's store owned by an actor of the test's own, with no main actor anywhere: the tests
// are not `@MainActor`, and every reducer (or mutation) stops the program unless it runs on the
// store's actor, then counts itself, so a test also knows the check ran.

/// Counts the actions a reducer applied. `Sendable` because the functional style's reducers are;
/// the reducers that count it run on the store's actor, which they check first.
final class ReducedCount: Sendable {
  private let count = Locked(0)
  var value: Int { count.withLock { $0 } }
  func increment() { count.withLock { $0 += 1 } }
}

// MARK: - Reducer/effect style

enum SessionAction: Equatable, Sendable {
  case load
  case loaded(Int)
}

struct SessionFeature: Reducer {
  /// Unowned: the actor owns the store that holds this reducer.
  unowned let home: any Actor
  let reduced: ReducedCount

  func reduce(into state: inout Int, action: SessionAction) -> Effect<SessionAction> {
    home.preconditionIsolated("\(action) was reduced off the store's actor")
    reduced.increment()
    switch action {
    case .load:
      return .run { send in
        await awaitWorkElsewhere()
        await send(.loaded(5))
      }
    case .loaded(let value):
      state = value
      return .none
    }
  }
}

actor EffectSession {
  func loadThroughAnEffect() async -> (state: Int, reduced: Int) {
    let reduced = ReducedCount()
    let store = FeatureStore(initialState: 0, reducer: SessionFeature(home: self, reduced: reduced))
    await store.send(.load).finish()
    return (store.state, reduced.value)
  }

  /// A store made in a method, kept, and used by later calls, as a server keeps one per session.
  private var kept: FeatureStore<Int, SessionAction>?
  private let keptReduced = ReducedCount()

  func start() {
    kept = FeatureStore(initialState: 0, reducer: SessionFeature(home: self, reduced: keptReduced))
    kept?.send(.load)
  }

  func keptState() -> (state: Int, reduced: Int) { (kept?.state ?? -1, keptReduced.value) }
}

@Suite struct EffectStoreOnAnActor {
  @Test func anEffectsActionIsReducedOnTheStoresActor() async {
    let result = await EffectSession().loadThroughAnEffect()
    #expect(result.state == 5)
    #expect(result.reduced == 2)
  }

  @Test func aStoreKeptByAnActorReceivesItsEffectsActionsLater() async throws {
    let session = EffectSession()
    await session.start()
    var waited = 0
    while await session.keptState().reduced < 2, waited < 1_000 {
      try await Task.sleep(for: .milliseconds(1))
      waited += 1
    }
    let result = await session.keptState()
    #expect(result.state == 5)
    #expect(result.reduced == 2)
  }

  @Test func aRunEffectInAStoreWithNoActorStopsWithAMessage() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await StoreMadeInAnInitializer().load()
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains("a .run effect started in a store that has no actor"))
  }

  @Test func aStoreUsedOutsideAnyActorWorksSynchronously() {
    let store = FeatureStore(initialState: 0) { CountingFeature() }
    store.send(.add(2))
    store.send(.add(3))
    #expect(store.state == 5)
  }
}

enum TickAction: Sendable {
  case start
  case tick
}

/// An actor whose store runs an effect that never ends by itself.
actor TickingSession {
  private var store: FeatureStore<Int, TickAction>?

  func start() {
    let store = FeatureStore(initialState: 0) {
      Reduce<Int, TickAction> { ticks, action in
        switch action {
        case .start:
          return .run { send in
            while !Task.isCancelled {
              try? await Task.sleep(for: .milliseconds(1))
              await send(.tick)
            }
          }
        case .tick:
          ticks += 1
          return .none
        }
      }
    }
    store.send(.start)
    self.store = store
  }

  func ticks() -> Int { store?.state ?? 0 }
}

extension EffectStoreOnAnActor {
  /// The effect's task holds the store's actor only while it hands an action over, so an actor
  /// nobody uses any more goes, and its store with it, which cancels the effect.
  @Test func anActorWithAStoreWhoseEffectNeverEndsIsFreed() async throws {
    var session: TickingSession? = TickingSession()
    weak let released = session
    await session?.start()
    while await (session?.ticks() ?? 0) < 3 { try await Task.sleep(for: .milliseconds(1)) }
    session = nil
    var waited = 0
    while released != nil, waited < 1_000 {
      try await Task.sleep(for: .milliseconds(1))
      waited += 1
    }
    #expect(released == nil)
  }
}

/// An actor that makes its store in its initializer, which runs before the actor is isolated.
actor StoreMadeInAnInitializer {
  let store: FeatureStore<Int, SessionAction>

  init() {
    store = FeatureStore(initialState: 0, reducer: NoCheckSessionFeature())
  }

  func load() async { await store.send(.load).finish() }
}

struct NoCheckSessionFeature: Reducer {
  func reduce(into state: inout Int, action: SessionAction) -> Effect<SessionAction> {
    if case .loaded(let value) = action { state = value }
    return action == .load ? .run { send in await send(.loaded(1)) } : .none
  }
}

enum CountingAction: Sendable { case add(Int) }

struct CountingFeature: Reducer {
  func reduce(into state: inout Int, action: CountingAction) -> Effect<CountingAction> {
    if case .add(let amount) = action { state += amount }
    return .none
  }
}

// MARK: - Functional style

enum PointsAction: Sendable { case add(Int) }

actor FunctionalSession {
  let reduced = ReducedCount()

  func makeStore() -> ReduxStore<Int, PointsAction> {
    let home: any Actor = self
    let reduced = reduced
    return createStore(
      reducer: ReduxReducer { state, action in
        home.preconditionIsolated("\(action) was reduced off the store's actor")
        reduced.increment()
        if case .add(let amount) = action { state += amount }
      }, initialState: 0)
  }

  func dispatchAnAsyncThunk() async -> (state: Int, reduced: Int) {
    let store = makeStore()
    let total = await store.dispatch(addAfterAwait(4))
    return (total, reduced.value)
  }

  func startAnAsyncThunk() async -> (state: Int, reduced: Int) {
    let store = makeStore()
    let total = await store.start(addAfterAwait(6)).value
    return (total, reduced.value)
  }
}

/// An async thunk that dispatches before and after work elsewhere; returns the state then.
func addAfterAwait(_ amount: Int) -> AsyncThunk<Int, PointsAction, Int> {
  AsyncThunk { dispatch, getState in
    dispatch(.add(1))
    await awaitWorkElsewhere()
    dispatch(.add(amount))
    return getState()
  }
}

@Suite struct FunctionalStoreOnAnActor {
  @Test func anAsyncThunksDispatchesAreReducedOnTheStoresActor() async {
    let result = await FunctionalSession().dispatchAnAsyncThunk()
    #expect(result.state == 5)
    #expect(result.reduced == 2)
  }

  @Test func aStartedThunkRunsOnTheStoresActor() async {
    let result = await FunctionalSession().startAnAsyncThunk()
    #expect(result.state == 7)
    #expect(result.reduced == 2)
  }
}

// MARK: - Class-based style

/// A class store owned by whatever actor makes it; every commit checks where it runs.
final class ScoreBoard: NonisolatedCommitStore<Int> {
  let home: any Actor
  let reduced = ReducedCount()

  init(isolation: isolated (any Actor)? = #isolation) {
    home = isolation!
    super.init(state: 0, isolation: isolation)
  }

  override func worksBeforeCommit() -> [(inout Int) -> Void] {
    [
      { [unowned self] _ in
        home.preconditionIsolated("a commit was applied off the store's actor")
        reduced.increment()
      }
    ]
  }

  func add(_ points: Int) { commit { $0 += points } }

  /// An async action: it runs on its caller's actor, so its commit after the `await` is too.
  nonisolated(nonsending) func addLater(_ points: Int) async {
    await awaitWorkElsewhere()
    add(points)
  }
}

actor ClassSession {
  func scoreTwice() async -> (state: Int, reduced: Int) {
    let board = ScoreBoard()
    board.add(2)
    await board.addLater(3)
    return (board.state, board.reduced.value)
  }
}

@Suite struct ClassStoreOnAnActor {
  @Test func anAsyncMethodsCommitIsAppliedOnTheStoresActor() async {
    let result = await ClassSession().scoreTwice()
    #expect(result.state == 5)
    #expect(result.reduced == 2)
  }
}

extension FunctionalStoreOnAnActor {
  @Test func aStartedThunkInAStoreWithNoActorStopsWithAMessage() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let store = createStore(
        reducer: ReduxReducer<Int, PointsAction> { _, _ in }, initialState: 0, isolation: nil)
      _ = store.start(addAfterAwait(1))
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains("neither the store nor the code calling start(_:) has an actor"))
  }
}

// MARK: - Middlewares

/// An actor that makes a store with the middlewares it is given.
actor MiddlewareHost {
  func makeStore(with middlewares: [Middleware<Int, CountingAction>]) -> Int {
    let store = FeatureStore(initialState: 0, reducer: CountingFeature(), middlewares: middlewares)
    store.send(.add(2))
    return store.state
  }
}

/// Made outside any actor, as a global constant is: any store may use it.
let passAlong = Middleware<Int, CountingAction> { _, action, next in next(action) }

@Suite struct MiddlewaresOnAnyActor {
  @Test func aMiddlewareMadeOutsideAnyActorWorksWithAStoreOnAnActor() async {
    #expect(await MiddlewareHost().makeStore(with: [passAlong]) == 2)
  }

  @Test func aMiddlewareMadeOnTheMainActorIsRefusedByAStoreOnAnotherActor() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let middleware = await MainActor.run {
        Middleware<Int, CountingAction> { _, action, next in next(action) }
      }
      _ = await MiddlewareHost().makeStore(with: [middleware])
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains("a middleware made on another actor"))
  }
}
