import FunctionalStore
import Testing

// The functional samples of Docs/ChoosingAStyle.md.

struct CountAPI: Sendable {
  func fetch() async -> Int { 42 }
}

enum CounterPageAction: Equatable, Sendable {
  case increment
  case load
  case loaded(Int)
}

let counterPageReducer = ReduxReducer<Int, CounterPageAction> { count, action in
  switch action {
  case .increment: count += 1
  case .load: break
  case .loaded(let value): count = value
  }
}

func loadCount(from api: CountAPI) -> AsyncThunk<Int, CounterPageAction, Void> {
  AsyncThunk { dispatch, _ in dispatch(.loaded(await api.fetch())) }
}

@MainActor
@Suite struct ChoosingAStyleFunctional {
  @Test func sameScreen() async {
    let store = createStore(reducer: counterPageReducer, initialState: 0)
    store.dispatch(.increment)
    await store.dispatch(loadCount(from: CountAPI()))
    #expect(store.getState() == 42)
  }
}
