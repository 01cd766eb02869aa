import ClassStore
import EffectStore
import FunctionalStore
import Observation
import Testing

// One value two features hold, in every style: a write by one feature is what the other reads
// at once, and the other's view is told. Each style says it its own way: a `Shared` field in
// two reducer/effect stores; a class-based store composed into two others (a Pinia store used
// by two stores); a field of the one Redux store that two features' views read.

/// Two features holding one count, as a style builds them.
@MainActor
struct TwoHolders {
  /// The first feature writes the count (adds one).
  let writeThroughTheFirst: () -> Void
  /// The second feature's view reads the count (tracked by Observation).
  let readInTheSecond: () -> Int
  /// What keeps the stores alive for the check.
  let stores: [AnyObject]

  nonisolated static let styles = ["reducer/effect", "class-based", "functional"]

  static func make(_ style: String) -> TwoHolders {
    switch style {
    case "reducer/effect":
      let first = FeatureStore(initialState: HolderFeature.State(), reducer: HolderFeature())
      let second = FeatureStore(initialState: HolderFeature.State(), reducer: HolderFeature())
      return TwoHolders(
        writeThroughTheFirst: { first.send(.increment) }, readInTheSecond: { second.count },
        stores: [first, second])
    case "class-based":
      let counter = HolderCounterStore()
      let first = HolderScreenStore(counter: counter)
      let second = HolderScreenStore(counter: counter)
      return TwoHolders(
        writeThroughTheFirst: { first.counter.increment() },
        readInTheSecond: { second.state(\.counter.count) },
        stores: [first, second])
    default:
      let store = createStore(reducer: holderReducer, initialState: HolderAppState())
      return TwoHolders(
        writeThroughTheFirst: { store.dispatch(.first) }, readInTheSecond: { store.state(\.count) },
        stores: [store])
    }
  }
}

private struct HolderFeature: Reducer {
  struct State: Equatable, Sendable {
    @Shared(.inMemory("holders-count")) var count = 0
  }
  enum Action: Equatable, Sendable { case increment }
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.$count.withLock { $0 += 1 }
    return .none
  }
}

private struct HolderCount: Equatable, Sendable { var count = 0 }
private final class HolderCounterStore: CommitStore<HolderCount> {
  init() { super.init(state: HolderCount()) }
  func increment() { commit { $0.count += 1 } }
}
private struct HolderScreen: Equatable, Sendable { var counter = HolderCount() }
private final class HolderScreenStore: CommitStore<HolderScreen> {
  let counter: HolderCounterStore
  init(counter: HolderCounterStore) {
    self.counter = counter
    super.init(state: HolderScreen())
    compose(counter, into: \.counter)
  }
}

private struct HolderAppState: Equatable, Sendable { var count = 0 }
private enum HolderAction: Sendable { case first }
private let holderReducer = ReduxReducer<HolderAppState, HolderAction> { state, _ in state.count += 1 }

@MainActor
@Suite struct SharedValueContract {
  @Test(arguments: TwoHolders.styles)
  func aWriteByOneHolderIsReadByTheOtherWhoseViewIsTold(style: String) {
    let holders = TwoHolders.make(style)
    let told = Locked(0)
    withObservationTracking {
      _ = holders.readInTheSecond()
    } onChange: {
      told.withLock { $0 += 1 }
    }
    holders.writeThroughTheFirst()
    #expect(holders.readInTheSecond() == 1)
    #expect(told.withLock { $0 } == 1)
    holders.writeThroughTheFirst()
    #expect(holders.readInTheSecond() == 2)
  }
}
