import ReduxCore
import ReduxDevTools

// H and L: what the devtools cost per action while attached. H1 is S1 with a StoreHistory of the
// whole state; H1r the same after its limit was lowered with redo steps kept (the first action
// ends them, and the limit applies from then on); H6 is S6 (one element of 10,000 replaced) with the same history, whose steps
// share the array with the store, so the store's next write copies it (the price of keeping
// snapshots of a collection); H6p keeps the history of one small part (`count`), and the array
// is never copied. L1 and L6 are S1 and S6 with the diff logger writing to a sink that drops
// each line: the state before each action is kept to compare (in L6, a copy of the array per
// action) and the diff walks what changed.

@MainActor
func devToolsCases<S: BenchmarkStore>(_: S.Type) -> [BenchmarkCase] {
  func scenario(_ id: String) -> Scenario { Scenario.all.first { $0.id == id }! }
  let bigState = BenchmarkState(values: Array(repeating: 0, count: 10_000))

  /// A store with a tool attached (`attach`) or a middleware, then `n` dispatches of `action`
  /// per run; the final count, and what `check` adds, verify that every dispatch ran.
  func toolCase(
    _ id: String, initialState: BenchmarkState, action: BenchmarkAction,
    middlewares: [Middleware<BenchmarkState, S.Action>] = [],
    attach: @escaping @MainActor (S) -> AnyObject? = { _ in nil },
    check: @escaping @MainActor (_ dispatched: Int) -> String? = { _ in nil }
  ) -> BenchmarkCase {
    BenchmarkCase(scenario: scenario(id), style: S.style) {
      let store = makeStore(S.self, initialState: initialState, middlewares: middlewares)
      let tool = attach(store)
      var dispatched = 0
      return Runner(
        run: { n in
          for _ in 0..<n { store.perform(action) }
          dispatched += n
        },
        verify: {
          _ = tool
          return expectCount(store.engine.untrackedState.count, dispatched) ?? check(dispatched)
        })
    }
  }

  func loggingCase(_ id: String, initialState: BenchmarkState, action: BenchmarkAction) -> BenchmarkCase {
    let lines = Sink()
    let logger = Middleware<BenchmarkState, S.Action>.logging(log: { lines.calls &+= $0.isEmpty ? 0 : 1 })
    return toolCase(
      id, initialState: initialState, action: action, middlewares: [logger],
      check: { dispatched in expectCount(lines.calls, dispatched, "log lines") })
  }

  return [
    toolCase(
      "H1", initialState: BenchmarkState(), action: .increment, attach: { StoreHistory(of: $0, limit: 100) }),
    toolCase(
      "H1r", initialState: BenchmarkState(), action: .increment,
      attach: { store in
        // The redo steps kept past the lowered limit end at the first action; every action
        // after it must cost what H1's does.
        let history = StoreHistory(of: store, limit: 100)
        for _ in 0..<50 { store.perform(.increment) }
        history.jump(to: 0)
        history.limit = 10
        return history
      }),
    toolCase(
      "H6", initialState: bigState, action: .replaceElement, attach: { StoreHistory(of: $0, limit: 100) }),
    toolCase(
      "H6p", initialState: bigState, action: .replaceElement,
      attach: { StoreHistory(of: $0, part: \.count, limit: 100) }),
    loggingCase("L1", initialState: BenchmarkState(), action: .increment),
    loggingCase("L6", initialState: bigState, action: .replaceElement),
  ]
}
