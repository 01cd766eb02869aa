import FunctionalStore
import ReduxTesting
import Testing

struct CounterAPI: Sendable {
  var step: Int
  func fetchStep() async -> Int {
    await Task.yield()
    return step
  }
}

func incrementIfOdd() -> Thunk<Int, CounterAction, Bool> {
  Thunk { dispatch, getState in
    guard getState() % 2 != 0 else { return false }
    dispatch(.increment)
    return true
  }
}

func addIfOdd(_ amount: Int) -> Thunk<Int, CounterAction, Bool> {
  Thunk { dispatch, getState in
    guard getState() % 2 != 0 else { return false }
    dispatch(.add(amount))
    return true
  }
}

@MainActor
@Suite struct ThunkTests {
  @Test func aThunkReturnsAValueAndSeesItsOwnDispatches() async {
    let store = ReduxTestStore(reducer: counterReducer, initialState: 1)
    let seenAfter = await store.dispatch(
      Thunk<Int, CounterAction, Int> { dispatch, getState in
        dispatch(.add(2))
        return getState()
      }
    ) { $0 = 3 }
    #expect(seenAfter == 3)
    #expect(await store.dispatch(incrementIfOdd()) { $0 = 4 })
    #expect(!(await store.dispatch(incrementIfOdd())))
    await store.finish()
  }

  @Test func anAsyncThunkDispatchesAfterAwait() async {
    let store = ReduxTestStore(reducer: counterReducer, initialState: 0)
    let api = CounterAPI(step: 5)
    let result = await store.dispatch(
      AsyncThunk<Int, CounterAction, Int> { dispatch, getState in
        dispatch(.increment)
        let step = await api.fetchStep()
        dispatch(.add(step))
        return getState()
      }
    ) { $0 = 6 }
    #expect(result == 6)
    await store.finish()
  }

  @Test func startRunsAnAsyncThunkFromSynchronousCode() async {
    let store = ReduxTestStore(reducer: counterReducer, initialState: 0)
    store.start(
      AsyncThunk { dispatch, _ in
        await Task.yield()
        dispatch(.add(3))
      })
    await store.receive(.add(3)) { $0 = 3 }
    await store.finish()
  }

  @Test func thunksReceiveTheExtraArgument() async {
    let store = ReduxTestStore(reducer: counterReducer, initialState: 0, extraArgument: CounterAPI(step: 4))
    await store.dispatch(
      ThunkWithExtra<Int, CounterAction, CounterAPI, Void> { dispatch, _, api in
        dispatch(.add(api.step))
      }
    ) { $0 = 4 }
    await store.dispatch(
      AsyncThunkWithExtra(extra: CounterAPI.self) { dispatch, _, api in
        dispatch(.add(await api.fetchStep()))
      }
    ) { $0 = 8 }
    await store.finish()
  }

  /// `Thunk` is `ThunkWithExtra` with a `Void` extra argument: one shape, so a store whose extra
  /// argument is `Void`, and its test store, take either spelling without ambiguity.
  @Test func aThunkIsAThunkWithAVoidExtraArgument() async {
    let store = createStore(reducer: counterReducer, initialState: 0, extraArgument: ())
    store.dispatch(Thunk { dispatch, _ in dispatch(.add(1)) })
    store.dispatch(ThunkWithExtra<Int, CounterAction, Void, Void> { dispatch, _, _ in dispatch(.add(2)) })
    let added = await store.dispatch(
      AsyncThunk { dispatch, getState in
        dispatch(.add(3))
        return getState()
      })
    #expect(added == 6)
    let test = ReduxTestStore(reducer: counterReducer, initialState: 0)
    await test.dispatch(Thunk { dispatch, _ in dispatch(.add(1)) }) { $0 = 1 }
    await test.dispatch(ThunkWithExtra { dispatch, _, _ in dispatch(.add(1)) }) { $0 = 2 }
    let withExtra = ReduxTestStore(
      reducer: counterReducer, initialState: 0, extraArgument: CounterAPI(step: 4))
    await withExtra.dispatch(ThunkWithExtra(Thunk { dispatch, _ in dispatch(.add(1)) })) { $0 = 1 }
    withExtra.start(
      AsyncThunkWithExtra(
        AsyncThunk { dispatch, _ in
          await Task.yield()
          dispatch(.add(1))
        }))
    await withExtra.receive(.add(1)) { $0 = 2 }
    await withExtra.finish()
    await test.finish()
  }

  @Test func aStoreWithAnExtraArgumentRunsPlainThunksAndStartsAndBindsThunksWithExtra() async {
    let store = createStore(
      reducer: counterReducer, initialState: 0, extraArgument: CounterAPI(step: 2))
    store.dispatch(Thunk { dispatch, _ in dispatch(.add(1)) })
    let addSteps = store.bind { (times: Int) in
      ThunkWithExtra<Int, CounterAction, CounterAPI, Int> { dispatch, getState, api in
        for _ in 0..<times { dispatch(.add(api.step)) }
        return getState()
      }
    }
    #expect(addSteps(3) == 7)
    let task = store.start(
      AsyncThunkWithExtra<Int, CounterAction, CounterAPI, Int> { dispatch, getState, api in
        dispatch(.add(await api.fetchStep()))
        return getState()
      })
    #expect(await task.value == 9)
  }

  @Test func anEnhancerThatReplacesAStoreWithAnExtraArgumentIsReported() async {
    await #expect(processExitsWith: .failure) {
      await MainActor.run {
        let replacing: StoreEnhancer<Int, CounterAction> = { _ in
          { reducer, state in ReduxStore(reducer: reducer, initialState: state) }
        }
        _ = createStore(
          reducer: counterReducer, initialState: 0, enhancer: replacing, extraArgument: CounterAPI(step: 1))
      }
    }
  }

  @Test func boundActionCreatorsDispatch() async {
    let store = ReduxTestStore(reducer: counterReducer, initialState: 1)
    let add = store.store.bind(CounterAction.add)
    let addIfOdd = store.store.bind(addIfOdd(_:))
    add(4)
    await store.receive(.add(4)) { $0 = 5 }
    #expect(addIfOdd(3) == true)
    await store.receive(.add(3)) { $0 = 8 }
    await store.finish()
  }

  @Test func boundCreatorsDoNothingOnceTheStoreIsGone() {
    var store: ReduxStore<Int, CounterAction>? = createStore(reducer: counterReducer, initialState: 1)
    weak let released = store
    let add = store!.bind(CounterAction.add)
    let addIfOdd = store!.bind(addIfOdd(_:))
    store = nil
    #expect(released == nil)
    add(4)
    #expect(addIfOdd(3) == nil)
  }

  @Test func middlewaresSeeTheActionsAThunkDispatches() {
    let log = Log<String>()
    let store = createStore(
      reducer: counterReducer, initialState: 1, enhancer: applyMiddleware(recording("m", into: log)))
    store.dispatch(incrementIfOdd())
    #expect(log.entries == ["m before increment", "m after increment"])
  }
}

@MainActor
@Suite struct ReducerRulesTests {
  @Test func dispatchFromAReducerIsReported() async {
    await #expect(processExitsWith: .failure) {
      await MainActor.run {
        // The reducer reaches the store to commit the mistake under test; all of it runs on the main actor.
        nonisolated(unsafe) var store: ReduxStore<Int, CounterAction>?
        store = createStore(
          reducer: ReduxReducer { count, _ in
            count += 1
            MainActor.assumeIsolated { store?.dispatch(.increment) }
          }, initialState: 0)
        store?.dispatch(.increment)
      }
    }
  }

  @Test func getStateFromAReducerIsReported() async {
    await #expect(processExitsWith: .failure) {
      await MainActor.run {
        // The reducer reaches the store to commit the mistake under test; all of it runs on the main actor.
        nonisolated(unsafe) var store: ReduxStore<Int, CounterAction>?
        store = createStore(
          reducer: ReduxReducer { count, _ in
            count += MainActor.assumeIsolated { store?.getState() ?? 0 }
          }, initialState: 0)
        store?.dispatch(.increment)
      }
    }
  }

  @Test func subscribeFromAReducerIsReported() async {
    await #expect(processExitsWith: .failure) {
      await MainActor.run {
        // The reducer reaches the store to commit the mistake under test; all of it runs on the main actor.
        nonisolated(unsafe) var store: ReduxStore<Int, CounterAction>?
        store = createStore(
          reducer: ReduxReducer { count, _ in
            count += 1
            MainActor.assumeIsolated { _ = store?.listen {} }
          }, initialState: 0)
        store?.dispatch(.increment)
      }
    }
  }
}
