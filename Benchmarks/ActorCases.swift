import Foundation
import ReduxCore

// A1, M2, Mc: stores owned by actors other than the main actor, as on a server. A1 is S1 with
// the store on an actor; the M scenarios split the same dispatches between stores on several
// actors, which run in parallel: A1 over M2 is the speed-up two actors give.

/// An actor that owns one store of a style and dispatches to it on itself.
actor StoreOwner<S: BenchmarkStore & SendableMetatype> {
  private var store: S?

  /// Makes the store here, so that it belongs to this actor.
  func makeStore() {
    store = S.make(initialState: BenchmarkState(), middlewares: [], isolation: self)
  }

  /// `n` dispatches, the way S1 makes them, one hop to this actor for all of them.
  func dispatch(_ n: Int) {
    guard let store else { return }
    for _ in 0..<n { store.perform(.increment) }
  }

  func count() -> Int { store?.engine.untrackedState.count ?? -1 }
}

@MainActor
func actorCases<S: BenchmarkStore & SendableMetatype>(_: S.Type) -> [BenchmarkCase] {
  /// `actors` owners, each with its store; a run of `n` dispatches gives each `n / actors`
  /// (the remainder to the first), all at once.
  func parallel(_ id: String, actors: Int) -> BenchmarkCase {
    BenchmarkCase(scenario: Scenario.all.first { $0.id == id }!, style: S.style) {
      let owners = (0..<actors).map { _ in StoreOwner<S>() }
      var dispatched = 0
      var ready = false
      var problem: String? = "nothing was dispatched"
      return Runner(
        run: { n in
          if !ready {
            for owner in owners { await owner.makeStore() }
            ready = true
          }
          await withTaskGroup(of: Void.self) { group in
            for (index, owner) in owners.enumerated() {
              let share = n / actors + (index == 0 ? n % actors : 0)
              group.addTask { await owner.dispatch(share) }
            }
          }
          dispatched += n
          // A few hops per sample of thousands of dispatches: checked as it goes, since
          // `verify` cannot wait for the actors.
          var total = 0
          for owner in owners { total += await owner.count() }
          problem = expectCount(total, dispatched)
        },
        verify: { problem })
    }
  }
  return [
    parallel("A1", actors: 1),
    parallel("M2", actors: 2),
    parallel("Mc", actors: ProcessInfo.processInfo.activeProcessorCount),
  ]
}
