import FunctionalStore
import ReduxTesting
import Testing

@MainActor
@Suite struct ReduxTestStoreTests {
  @Test func anExhaustiveTestOfActionsAndThunks() async {
    let store = ReduxTestStore(
      reducer: todosReducer, initialState: Todos(), extraArgument: TitlesAPI(titles: ["a", "b"]))
    await store.dispatch(.add("first")) { $0.titles = ["first"] }
    let count = await store.dispatch(loadTitles()) { $0.titles = ["first", "a", "b"] }
    #expect(count == 3)
    await store.dispatch(Thunk { dispatch, _ in dispatch(.clear) }) { $0.titles = [] }
    await store.finish()
  }

  @Test func aStartedThunksActionsAreReceivedOneByOne() async {
    let store = ReduxTestStore(
      reducer: todosReducer, initialState: Todos(), extraArgument: TitlesAPI(titles: ["a", "b"]))
    store.start(loadTitles())
    await store.receive(.add("a")) { $0.titles = ["a"] }
    await store.receive(.add("b")) { $0.titles = ["a", "b"] }
    await store.finish()
  }

  @Test func aMiddlewaresFollowUpMustBeReceived() async {
    let echo = Middleware<Todos, TodoAction> { context, action, next in
      next(action)
      if case .add(let title) = action, title == "ping" { context.dispatch(.add("pong")) }
    }
    let store = ReduxTestStore(reducer: todosReducer, initialState: Todos(), middlewares: [echo])
    await store.dispatch(.add("ping")) { $0.titles = ["ping"] }
    await store.receive(.add("pong")) { $0.titles = ["ping", "pong"] }
    await store.finish()
  }

  @Test func aWrongExpectedStateFailsWithTheDifferingIndex() async {
    let store = ReduxTestStore(reducer: todosReducer, initialState: Todos(titles: ["a"]))
    await expectFailures {
      await store.dispatch(.add("b")) { $0.titles = ["a", "c"] }
    } matching: { issue in
      issue.description.contains("-     [1]: \"c\"\n+     [1]: \"b\"")
    }
    await store.finish()
  }

  @Test func aFollowUpNotReceivedFailsAtFinish() async {
    let echo = Middleware<Todos, TodoAction> { context, action, next in
      next(action)
      if action == .add("ping") { context.dispatch(.add("pong")) }
    }
    let store = ReduxTestStore(reducer: todosReducer, initialState: Todos(), middlewares: [echo])
    await store.dispatch(.add("ping")) { $0.titles = ["ping"] }
    await expectFailures {
      await store.finish()
    } matching: { issue in
      issue.description.contains("never received: add(\"pong\")")
    }
  }

  @Test func aThunkStillRunningFailsAtFinish() async {
    let store = ReduxTestStore(reducer: todosReducer, initialState: Todos(), timeout: .milliseconds(30))
    store.start(
      AsyncThunk<Todos, TodoAction, Void> { _, _ in
        try? await Task.sleep(for: .seconds(3600))  // until cancelled: longer than any loaded run
      })
    await expectFailures {
      await store.finish()
    } matching: { issue in
      issue.description.contains("still running at finish()")
    }
  }

  @Test func aTestStoreReleasedWithAStartedThunkRunningFails() async {
    await expectFailures {
      Self.startAndRelease()
    } matching: { issue in
      issue.description.contains("1 started thunk(s) were still running")
    }
  }

  /// Starts a thunk that runs for a long time and lets the test store go, as a test that forgot
  /// the thunk does.
  static func startAndRelease() {
    let store = ReduxTestStore(reducer: todosReducer, initialState: Todos())
    store.start(
      AsyncThunk<Todos, TodoAction, Void> { _, _ in
        try? await Task.sleep(for: .seconds(3600))  // until cancelled: longer than any loaded run
      })
  }
}
