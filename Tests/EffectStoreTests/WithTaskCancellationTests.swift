import EffectStore
import ReduxTesting
import Testing

// `withTaskCancellation(id:cancelInFlight:)` inside an effect's work, as TCA's: the id cancels
// it from a reducer (`.cancel(id:)`) or from another effect (`Task.cancel(id:)`), and a new
// one with `cancelInFlight` cancels the one it replaces.

private struct Search: Reducer {
  struct State: Equatable, Sendable {
    var query = ""
    var results: [String] = []
  }
  enum Action: Equatable, Sendable {
    case typed(String)
    case results([String])
    case cancelTapped
    case stopFromAnEffect
  }
  enum CancelID: Hashable, Sendable { case search }
  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .typed(let query):
      state.query = query
      return .run { [clock] send in
        try await withTaskCancellation(id: CancelID.search, cancelInFlight: true) {
          try await clock.sleep(for: .milliseconds(300))
          await send(.results([query + "!"]))
        }
      }
    case .results(let results):
      state.results = results
      return .none
    case .cancelTapped:
      return .cancel(id: CancelID.search)
    case .stopFromAnEffect:
      return .run { _ in await Task.cancel(id: CancelID.search) }
    }
  }
}

@MainActor
@Suite struct WithTaskCancellationTests {
  @Test func aNewSearchCancelsTheOneInFlight() async {
    let clock = TestClock()
    let store = FeatureTestStore(initialState: Search.State(), dependencies: { $0.continuousClock = clock }) {
      Search()
    }
    await store.send(.typed("a")) { $0.query = "a" }
    await clock.advance(by: .milliseconds(200))
    await store.send(.typed("ab")) { $0.query = "ab" }
    await clock.advance(by: .milliseconds(200))
    // The first search would have answered by now: it was cancelled.
    await clock.advance(by: .milliseconds(100))
    await store.receive(.results(["ab!"])) { $0.results = ["ab!"] }
    await store.finish()
  }

  /// The reducer's `.cancel(id:)`, and another effect's `Task.cancel(id:)`.
  @Test(arguments: [Search.Action.cancelTapped, .stopFromAnEffect])
  fileprivate func theIDEndsTheWork(cancelling: Search.Action) async {
    let clock = TestClock()
    let store = FeatureTestStore(initialState: Search.State(), dependencies: { $0.continuousClock = clock }) {
      Search()
    }
    await store.send(.typed("a")) { $0.query = "a" }
    await store.send(cancelling)
    await clock.advance(by: .seconds(1))
    await store.finish()
  }

  @Test func outsideAnEffectTheOperationJustRuns() async throws {
    let value = try await withTaskCancellation(id: Search.CancelID.search) { 42 }
    #expect(value == 42)
  }
}
