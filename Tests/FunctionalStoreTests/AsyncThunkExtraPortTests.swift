import FunctionalStore
import ReduxCore
import ReduxTesting
import Testing

/// Redux Toolkit's "condition is called with arg, getState and extra" and its payload creator's
/// `thunkAPI.extra` (`createAsyncThunk.test.ts`), ported: the thunk's dependencies come from the
/// store's extra argument, or from the listener middleware that dispatched the call.
@MainActor
@Suite struct AsyncThunkExtraPortTests {
  struct Counter: Equatable, Sendable { var value = 0 }
  struct Service: Sendable {
    let isOnline: Bool
    let answer: Int
  }

  let slice = StateSlice<Counter>(name: "counter")

  @Test func theConditionIsCalledWithTheArgumentTheStateAndTheExtra() async throws {
    let seen = Locked<[String]>([])
    let thunk = createAsyncThunk(
      "test", state: Counter.self,
      condition: { (argument: Int, api) in
        seen.withLock {
          $0.append("\(argument) \(api.getState().value) \(api.extra(as: Service.self).answer)")
        }
        return api.extra(as: Service.self).isOnline
      }
    ) { argument, _ in argument }
    let online = createStore(
      reducer: slice.reducer, initialState: Counter(value: 3),
      extraArgument: Service(isOnline: true, answer: 42))
    #expect(try await online.dispatch(thunk(7)).value == 7)
    #expect(seen.withLock { $0 } == ["7 3 42"], "called once, with the argument, the state and the extra")

    let offline = createStore(
      reducer: slice.reducer, initialState: Counter(), extraArgument: Service(isOnline: false, answer: 0))
    await #expect(throws: AsyncThunkSkipped.self) { try await offline.dispatch(thunk(1)).value }
  }

  @Test func theConditionReadsTheStatesPropertiesAsItsOwn() async throws {
    let thunk = createAsyncThunk(
      "test", state: Counter.self, condition: { (_: Void, state) in state.value < 2 }
    ) {
      _, api in api.getState().value
    }
    let store = createStore(reducer: slice.reducer, initialState: Counter(value: 1))
    #expect(try await store.dispatch(thunk()).value == 1)
    let full = createStore(reducer: slice.reducer, initialState: Counter(value: 2))
    await #expect(throws: AsyncThunkSkipped.self) { try await full.dispatch(thunk()).value }
  }

  @Test func theWorkReadsTheStoresExtraArgument() async throws {
    let thunk = createAsyncThunk("test", state: Counter.self) { (_: Void, api) in
      api.extra(as: Service.self).answer
    }
    let store = createStore(
      reducer: slice.reducer, initialState: Counter(), extraArgument: Service(isOnline: true, answer: 42))
    #expect(try await store.dispatch(thunk()).value == 42)
  }

  @Test func aStoreWithoutAnExtraArgumentGivesNone() async throws {
    let thunk = createAsyncThunk("test", state: Counter.self) { (_: Void, api) in api.extra == nil }
    let store = createStore(reducer: slice.reducer, initialState: Counter())
    #expect(try await store.dispatch(thunk()).value)
  }

  @Test func aCallDispatchedByAListenerReadsTheListenersExtra() async {
    let thunk = createAsyncThunk("test", state: Counter.self) { (_: Void, api) in
      api.extra(as: Service.self).answer
    }
    let started = slice.caseReducer("started") { _ in }
    let listeners = ListenerMiddleware<Counter, PayloadAction>(extra: Service(isOnline: true, answer: 9))
    let answers = Log<Int>()
    listeners.startListening(for: started) { _, api in
      answers.append(try await api.dispatch(thunk()).value)
    }
    let store = createStore(
      reducer: slice.reducer, initialState: Counter(), enhancer: applyMiddleware(listeners.middleware))
    store.dispatch(started())
    await eventually { answers.entries.count == 1 }
    #expect(answers.entries == [9])
    withExtendedLifetime(store) {}
  }
}
