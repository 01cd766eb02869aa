import FunctionalStore
import Testing

// The sample of Docs/ComingFromFudux.md, compiled and run.

private struct AppState: Equatable, Sendable {
  var count = 0
}

private enum CounterAction: Equatable, Sendable {
  case increase, decrease, reset
}

private let counterReducer = ReduxReducer<AppState, CounterAction> { state, action in
  switch action {
  case .increase: state.count += 1
  case .decrease: state.count -= 1
  case .reset: state.count = 0
  }
}

private func resetAtThree(after delay: Duration) -> AsyncThunk<AppState, CounterAction, Void> {
  AsyncThunk { dispatch, getState in
    guard getState().count == 3 else { return }
    try? await Task.sleep(for: delay)
    dispatch(.reset)
  }
}

@MainActor private func countToThreeThenReset() async -> [Int] {
  let store = createStore(reducer: counterReducer, initialState: AppState())
  var seen: [Int] = []
  let unsubscribe = store.listen { [unowned store] in seen.append(store.getState().count) }
  for _ in 0..<3 { store.dispatch(.increase) }
  await store.dispatch(resetAtThree(after: .milliseconds(10)))
  unsubscribe()
  return seen  // [1, 2, 3, 0]
}

@MainActor
@Suite struct ComingFromFuduxExamples {
  @Test func theCountResetsItselfAtThree() async {
    #expect(await countToThreeThenReset() == [1, 2, 3, 0])
  }

  @Test func belowThreeTheThunkDoesNothing() async {
    let store = createStore(reducer: counterReducer, initialState: AppState())
    store.dispatch(.increase)
    store.dispatch(.decrease)
    await store.dispatch(resetAtThree(after: .milliseconds(10)))
    #expect(store.getState().count == 0)
  }
}
