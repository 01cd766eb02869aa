import EffectStore
import ReduxTesting
import Testing

// TCA's StoreTests that do not need a view store or Combine, with their reducers, actions and
// assertions: a long chain of synchronous actions, effects sent in the order they were started,
// cancelling the work of a send and of the sends it led to, a store and a test store that agree
// on effects made with changed dependencies, and cancellation ids that belong to one store.

private struct Count: DependencyKey {
  var value: Int
  static let liveValue = Count(value: 0)
  static var testValue: Count? { Count(value: 0) }
}

extension DependencyValues {
  fileprivate var count: Count {
    get { self[Count.self] }
    set { self[Count.self] = newValue }
  }
}

private struct StoreVsTestStore: Reducer {
  struct State: Equatable, Sendable { var count = 0 }
  enum Action: Equatable, Sendable {
    case tap
    case response1(Int)
    case response2(Int)
    case response3(Int)
  }
  @Dependency(\.count) var count

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .tap:
      return withDependencies {
        $0.count.value += 1
      } operation: {
        .run { send in await send(.response1(count.value)) }
      }
    case .response1(let count):
      state.count = count
      return withDependencies {
        $0.count.value += 1
      } operation: {
        .run { send in await send(.response2(self.count.value)) }
      }
    case .response2(let count):
      state.count = count
      return withDependencies {
        $0.count.value += 1
      } operation: {
        .run { send in await send(.response3(self.count.value)) }
      }
    case .response3(let count):
      state.count = count
      return .none
    }
  }
}

private struct RootStoreCancellationIsolation: Reducer {
  struct State: Equatable, Sendable { var count = 0 }
  enum Action: Equatable, Sendable { case cancelButtonTapped, response(Int), tap }
  enum CancelID: Hashable, Sendable { case effect }
  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .cancelButtonTapped:
      return .cancel(id: CancelID.effect)
    case .response(let value):
      state.count = value
      return .none
    case .tap:
      return .run { send in
        try await clock.sleep(for: .seconds(0))
        await send(.response(42))
      }
      .cancellable(id: CancelID.effect)
    }
  }
}

@MainActor
@Suite struct StorePortTests {
  @Test func lotsOfSynchronousActions() {
    enum Action: Sendable { case incr, noop }
    let store = FeatureStore(
      initialState: 0,
      reducer: Reduce<Int, Action> { state, action in
        switch action {
        case .incr:
          state += 1
          return .send(state >= 100_000 ? .noop : .incr)
        case .noop:
          return .none
        }
      })
    store.send(.incr)
    #expect(store.state == 100_000)
  }

  @Test func cascadingTaskCancellation() async {
    enum Action: Equatable, Sendable { case task, response, response1, response2 }
    let store = FeatureTestStore(initialState: 0) {
      Reduce<Int, Action> { _, action in
        switch action {
        case .task:
          return .run { send in await send(.response) }
        case .response:
          return .merge(
            .run { _ in try await Task.sleep(for: .seconds(1_000_000)) },
            .run { send in await send(.response1) })
        case .response1:
          return .merge(
            .run { _ in try await Task.sleep(for: .seconds(1_000_000)) },
            .run { send in await send(.response2) })
        case .response2:
          return .run { _ in try await Task.sleep(for: .seconds(1_000_000)) }
        }
      }
    }
    let task = await store.send(.task)
    await store.receive(.response)
    await store.receive(.response1)
    await store.receive(.response2)
    task.cancel()
    await store.finish()
  }

  @Test func taskCancellationEmpty() async {
    enum Action: Equatable, Sendable { case task }
    let store = FeatureTestStore(initialState: 0) {
      Reduce<Int, Action> { _, _ in .run { _ in try await Task.sleep(for: .seconds(1_000_000)) } }
    }
    await store.send(.task).cancel()
    await store.finish()
  }

  @Test func storeVsTestStore() async {
    let testStore = FeatureTestStore(initialState: StoreVsTestStore.State()) { StoreVsTestStore() }
    await testStore.send(.tap)
    await testStore.receive(.response1(1)) { $0.count = 1 }
    await testStore.receive(.response2(1))
    await testStore.receive(.response3(1))

    let store = FeatureStore(initialState: StoreVsTestStore.State(), reducer: StoreVsTestStore())
    await store.send(.tap).finish()
    #expect(store.state.count == testStore.state.count)
  }

  @Test func rootStoreCancellationIsolation() async {
    let clock = TestClock()
    let store1 = FeatureStore(
      initialState: RootStoreCancellationIsolation.State(), reducer: RootStoreCancellationIsolation(),
      dependencies: { $0.continuousClock = clock })
    let store2 = FeatureStore(
      initialState: RootStoreCancellationIsolation.State(), reducer: RootStoreCancellationIsolation(),
      dependencies: { $0.continuousClock = clock })
    let task1 = store1.send(.tap)
    let task2 = store2.send(.tap)
    await Task.yield()
    store2.send(.cancelButtonTapped)
    await clock.advance()
    await task1.finish()
    await task2.finish()
    #expect(store1.state.count == 42)
    #expect(store2.state.count == 0)
  }

  @Test func rootStoreCancellationIsolationInTestStores() async {
    let clock = TestClock()
    let store1 = FeatureTestStore(
      initialState: RootStoreCancellationIsolation.State(), dependencies: { $0.continuousClock = clock }
    ) { RootStoreCancellationIsolation() }
    let store2 = FeatureTestStore(
      initialState: RootStoreCancellationIsolation.State(), dependencies: { $0.continuousClock = clock }
    ) { RootStoreCancellationIsolation() }
    await store1.send(.tap)
    await store2.send(.tap)
    await store2.send(.cancelButtonTapped)
    await clock.advance()
    await store1.receive(.response(42)) { $0.count = 42 }
  }

  /// TCA's `testActionQueuing`, with an async stream where TCA's has a Combine subject: an
  /// action the stream's effect sends is received after the send that fed the stream.
  @Test func actionQueuing() async {
    enum Action: Equatable, Sendable { case incrementTapped, start, doIncrement }
    let (stream, continuation) = AsyncStream<Void>.makeStream()
    let store = FeatureTestStore(initialState: 0) {
      Reduce<Int, Action> { state, action in
        switch action {
        case .incrementTapped:
          continuation.yield()
          return .none
        case .start:
          return .run { send in
            for await _ in stream { await send(.doIncrement) }
          }
        case .doIncrement:
          state += 1
          return .none
        }
      }
    }
    await store.send(.start)
    await store.send(.incrementTapped)
    await store.receive(.doIncrement) { $0 = 1 }
    await store.send(.incrementTapped)
    await store.receive(.doIncrement) { $0 = 2 }
    continuation.finish()
    await store.finish()
  }
}
