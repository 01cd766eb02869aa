import ClassStore
import Testing

// The sample of Docs/ComingFromVueFlux.md, compiled and run.

private struct CounterState: Equatable, Sendable {
  var count = 0
}

private final class CounterStore: CommitStore<CounterState> {
  init() { super.init(state: CounterState()) }

  func increment() { commit { $0.count += 1 } }
  func decrement() { commit { $0.count -= 1 } }

  /// What VueFlux's `Computed` published: derived from the state, read from the store.
  var countText: String { String(state.count) }
}

@MainActor private func tapAndShow() -> [String] {
  let store = CounterStore()
  var shown: [String] = []
  let token = store.subscribe({ String($0.count) }, initial: true) { text in shown.append(text) }
  store.increment()
  store.increment()
  store.decrement()
  token.cancel()
  return shown  // ["0", "1", "2", "1"]
}

@MainActor
@Suite struct ComingFromVueFluxExamples {
  @Test func theComputedTextFollowsEveryCommit() {
    #expect(tapAndShow() == ["0", "1", "2", "1"])
  }

  @Test func theComputedPropertyReadsTheStateNow() {
    let store = CounterStore()
    store.increment()
    #expect(store.countText == "1")
  }
}
