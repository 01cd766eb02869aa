import FunctionalStore
import Testing

// The sample of Docs/ComingFromReduxJS.md, compiled and run.

private struct CounterState: Equatable, Sendable {
  var value = 0
}

private enum CounterAction: Equatable, Sendable {
  case incremented
  case decremented
}

private let counterReducer = ReduxReducer<CounterState, CounterAction> { state, action in
  switch action {
  case .incremented: state.value += 1
  case .decremented: state.value -= 1
  }
}

@MainActor private func countThreeTimes() -> [Int] {
  let store = createStore(reducer: counterReducer, initialState: CounterState())
  var seen: [Int] = []
  let unsubscribe = store.listen { [unowned store] in seen.append(store.getState().value) }
  store.dispatch(.incremented)
  store.dispatch(.incremented)
  store.dispatch(.decremented)
  unsubscribe()
  return seen  // [1, 2, 1]
}

@MainActor
@Suite struct ComingFromReduxJSExamples {
  @Test func aListenerSeesEveryStateAsReduxsDoes() {
    #expect(countThreeTimes() == [1, 2, 1])
  }
}
