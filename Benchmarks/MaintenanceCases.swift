import Foundation
import ReduxCore

/// U1/U2: `batch` subscriptions made, then cancelled newest first, as a screen full of rows
/// does when it goes away. `run(n)` does `n` subscriptions in batches; the cost per
/// subscription is the same for both batch sizes when subscribing and cancelling are linear.
@MainActor
func churnCase<S: BenchmarkStore>(
  _ scenario: Scenario, batch: Int, store make: @autoclosure @escaping @MainActor () -> S
)
  -> BenchmarkCase
{
  BenchmarkCase(scenario: scenario, style: S.style) {
    let store = make()
    let sink = Sink()
    var done = 0
    return Runner(
      run: { n in
        var left = n
        while left > 0 {
          let size = min(left, batch)
          var tokens: [Subscription] = []
          tokens.reserveCapacity(size)
          for _ in 0..<size { tokens.append(store.subscribe(\.count) { sink.total &+= $0 }) }
          while let token = tokens.popLast() { token.cancel() }
          left -= size
        }
        done += n
        store.perform(.increment)
      },
      verify: {
        store.engine.subscriberCount == 0 ? nil : "\(store.engine.subscriberCount) subscribers left"
      })
  }
}

/// U1s: U1's subscriptions made, then let go with their store instead of cancelled one by one
/// (a store per batch, released before its tokens, which then find it gone): what subscribing
/// costs, so that U1 - U1s is what cancelling costs.
@MainActor
func subscribeOnlyCase<S: BenchmarkStore>(
  _ scenario: Scenario, batch: Int, store make: @escaping @MainActor () -> S
) -> BenchmarkCase {
  BenchmarkCase(scenario: scenario, style: S.style) {
    let sink = Sink()
    var subscribed = 0
    return Runner(
      run: { n in
        var left = n
        var tokens: [Subscription] = []
        tokens.reserveCapacity(batch)
        while left > 0 {
          let size = min(left, batch)
          var store: S? = make()
          for _ in 0..<size { tokens.append(store!.subscribe(\.count) { sink.total &+= $0 }) }
          subscribed += store!.engine.subscriberCount
          store = nil
          tokens.removeAll(keepingCapacity: true)
          left -= size
        }
      },
      verify: {
        subscribed > 0 && sink.total == 0 ? nil : "\(subscribed) subscriptions made, \(sink.total) told"
      })
  }
}

/// P1's persistence: one file per style in the temporary folder, replaced by each run.
func persistenceForBenchmarks(_ style: Style) -> StatePersistence<BenchmarkState> {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("swift-redux-benchmarks")
  let name = "P1-\(style.rawValue.replacingOccurrences(of: "/", with: "-")).json"
  return StatePersistence(fileURL: folder.appendingPathComponent(name))
}

/// How many writes a burst of 1,000 dispatches makes, with persistence attached.
@MainActor
func writesPerBurst<S: BenchmarkStore>(_: S.Type) async -> Int {
  let persistence = persistenceForBenchmarks(S.style)
  let store = makeStore(S.self, initialState: BenchmarkState(), middlewares: [persistence.middleware()])
  try? await persistence.flush()
  let before = persistence.writeCount
  for _ in 0..<1_000 { store.perform(.increment) }
  try? await persistence.flush()
  return persistence.writeCount - before
}
