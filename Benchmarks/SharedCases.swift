import EffectStore

// SH0 to SH100: what a write to a shared value costs in a reducer, against a write to a plain
// field of the same store (SH0). In SH1, SH10 and SH100 the value is held by 1, 10 and 100
// reducer/effect stores (the writer and the others), none watched by a view: the write takes
// the value's lock and tells its observers, and costs the same whoever else holds it. SHr is
// the reference: a property of an `@Observable` class written with no view, which tells its
// registrar too. SH1v is SH1 with a view of the value in a second store, re-armed after each
// change as SwiftUI does, against S7r (an `@Observable` class with one view).

/// A feature whose state has a plain count and a shared one.
struct SharedBenchmarkFeature: Reducer {
  struct State: Equatable, Sendable {
    var count = 0
    @Shared var shared: Int
  }
  enum Action: Equatable, Sendable { case plain, shared }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .plain: state.count &+= 1
    case .shared: state.$shared.withLock { $0 &+= 1 }
    }
    return .none
  }
}

@MainActor
func sharedCases() -> [BenchmarkCase] {
  func scenario(_ id: String) -> Scenario { Scenario.all.first { $0.id == id }! }

  /// `holders` stores holding one shared value; the first one is sent `action` `n` times per
  /// run, and the count it writes verifies every send.
  func sharedCase(
    _ id: String, holders: Int, action: SharedBenchmarkFeature.Action, views: Int = 0
  ) -> BenchmarkCase {
    BenchmarkCase(scenario: scenario(id), style: .effect) {
      let value = Shared(value: 0)
      let stores = (0..<holders).map { _ in
        FeatureStore(
          initialState: SharedBenchmarkFeature.State(shared: value), reducer: SharedBenchmarkFeature())
      }
      let writer = stores[0]
      let reader = stores[holders - 1]
      let told = Sink()
      var sent = 0
      return Runner(
        run: { n in
          for _ in 0..<n {
            observe(views: views, countingIn: told) { _ = reader.shared }
            writer.send(action)
          }
          sent += n
        },
        verify: {
          guard action == .shared else { return expectCount(writer.engine.untrackedState.count, sent) }
          // Every holder reads what the writer wrote, and each view was told of each write.
          return expectCount(value.wrappedValue, sent)
            ?? expectCount(reader.engine.untrackedState.shared, sent)
            ?? expectCount(told.calls, sent * views, "views told")
        })
    }
  }

  return [
    sharedCase("SH0", holders: 1, action: .plain),
    sharedCase("SH1", holders: 1, action: .shared),
    sharedCase("SH10", holders: 10, action: .shared),
    sharedCase("SH100", holders: 100, action: .shared),
    sharedCase("SH1v", holders: 2, action: .shared, views: 1),
    BenchmarkCase(scenario: scenario("SHr"), style: .floor) {
      let model = ObservedCounter()
      var written = 0
      return Runner(
        run: { n in
          for _ in 0..<n { opaque(model).count &+= 1 }
          written += n
        },
        verify: { expectCount(model.count, written) })
    },
  ]
}
