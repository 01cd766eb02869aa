import EffectStore
import ReduxTesting
import Testing

// TCA's `Task.cancel(id:)`: an effect's work cancels effects by id, as `.cancel(id:)` does from
// a reducer, in the namespace of the feature that returned it.

private struct Waiter: Reducer {
  struct State: Equatable, Sendable { var log: [String] = [] }
  enum Action: Equatable, Sendable { case wait, stopFromAnEffect, waited }
  enum CancelID: Hashable, Sendable { case wait }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .wait:
      return .run { send in
        try? await Task.sleep(for: .seconds(60))
        if !Task.isCancelled { await send(.waited) }
      }
      .cancellable(id: CancelID.wait)
    case .stopFromAnEffect:
      return .run { _ in await Task.cancel(id: CancelID.wait) }
    case .waited:
      state.log.append("waited")
      return .none
    }
  }
}

@MainActor
@Suite struct TaskCancelByIDTests {
  @Test func anEffectCancelsAnotherByID() async {
    let store = FeatureTestStore(initialState: Waiter.State()) { Waiter() }
    await store.send(.wait)
    #expect(store.store.runningEffectCount == 1)
    await store.send(.stopFromAnEffect).finish()
    await store.finish()
    #expect(store.store.runningEffectCount == 0)
  }

  @Test func outsideAnEffectItCancelsNothing() async {
    let store = FeatureTestStore(initialState: Waiter.State()) { Waiter() }
    await store.send(.wait)
    await Task.cancel(id: Waiter.CancelID.wait)
    #expect(store.store.runningEffectCount == 1, "the test's own task is no effect's work")
    await store.send(.stopFromAnEffect).finish()
    await store.finish()
  }
}
