import FunctionalStore
import Testing

// Places an app makes a functional store where Swift reports no actor, each followed by a thunk
// started from synchronous code (the spelling that needs the store's actor).

/// Increments after work elsewhere, and checks that the increment is applied on `actor`.
func incrementLater(on actor: any Actor) -> AsyncThunk<Int, CounterAction, Int> {
  AsyncThunk { dispatch, getState in
    await Task.detached {}.value
    actor.preconditionIsolated("a started thunk's dispatch ran off the store's actor")
    dispatch(.increment)
    return getState()
  }
}

@MainActor final class CounterModel {
  let store = createStore(reducer: counterReducer, initialState: 0)
  lazy var lazyStore = createStore(reducer: counterReducer, initialState: 0)
}

func makePlainCounterStore() -> ReduxStore<Int, CounterAction> {
  createStore(reducer: counterReducer, initialState: 0)
}

/// A store made in an actor's initializer: the first thunk started from one of the actor's
/// methods gives it the actor.
actor CounterKeeper {
  let store = createStore(reducer: counterReducer, initialState: 0)
  func incrementTwice() async -> Int {
    _ = await store.start(incrementLater(on: self)).value
    return await store.start(incrementLater(on: self)).value
  }
}

@MainActor @Suite struct FunctionalCreationSiteTests {
  @Test func aStoredPropertyDefaultAndALazyVarOfAMainActorClass() async {
    let model = CounterModel()
    #expect(await model.store.start(incrementLater(on: MainActor.shared)).value == 1)
    #expect(await model.lazyStore.start(incrementLater(on: MainActor.shared)).value == 1)
  }

  @Test func aPlainFactoryFunctionCalledFromTheMainActor() async {
    let store = makePlainCounterStore()
    #expect(await store.start(incrementLater(on: MainActor.shared)).value == 1)
  }

  @Test func anActorsInitializer() async {
    #expect(await CounterKeeper().incrementTwice() == 2)
  }
}
