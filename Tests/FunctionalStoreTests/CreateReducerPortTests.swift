import FunctionalStore
import Testing

// Redux Toolkit's `createReducer.test.ts` builder cases, ported with their inputs and
// expectations: matchers in order after the case, the default case as the fallback, and
// `addAsyncThunk` with `settled`.

private struct Counts: Equatable, Sendable {
  var numberActions = 0
  var stringActions = 0
}

private let incrementBy = ActionCreator<Int>("increment")
private let decrementBy = ActionCreator<Int>("decrement")
private let concatWith = ActionCreator<String>("concat")
private let numberActionMatcher = isAnyOf(incrementBy, decrementBy)
private let somethingElse = ActionCreator<Void>("somethingElse")

private struct TodoItem: Equatable, Sendable { var text: String }
private struct TodoItems: Equatable, Sendable {
  var todos: [TodoItem] = []
  var loading = false
  var errored = false
}

private let addTodoThunk = createAsyncThunk("todos/add", state: TodoItems.self) { (todo: TodoItem, _) in todo
}

@Suite struct CreateReducerPortTests {
  @Test func usesTheReducerOfMatchingActionMatchers() {
    let reducer = createReducer(Counts.self) { builder in
      builder.addMatcher(numberActionMatcher) { state, _ in state.numberActions += 1 }
      builder.addMatcher(concatWith) { state, _ in state.stringActions += 1 }
    }
    #expect(reducer(Counts(), incrementBy(1)) == Counts(numberActions: 1, stringActions: 0))
    #expect(reducer(Counts(), decrementBy(1)) == Counts(numberActions: 1, stringActions: 0))
    #expect(reducer(Counts(), concatWith("foo")) == Counts(numberActions: 0, stringActions: 1))
  }

  @Test func fallsBackToDefaultCase() {
    let reducer = createReducer(Counts.self) { builder in
      builder.addCase(concatWith) { state, _ in state.stringActions += 1 }
      builder.addMatcher(numberActionMatcher) { state, _ in state.numberActions += 1 }
      builder.addDefaultCase { state, _ in state = Counts(numberActions: -1, stringActions: -1) }
    }
    #expect(reducer(Counts(), somethingElse()) == Counts(numberActions: -1, stringActions: -1))
    #expect(reducer(Counts(), concatWith("x")) == Counts(numberActions: 0, stringActions: 1))
  }

  @Test func runsReducerCasesFollowedByAllMatchingActionMatchers() {
    let reducer = createReducer(Counts.self) { builder in
      builder.addCase(incrementBy) { state, _ in state.numberActions = state.numberActions * 10 + 1 }
      builder.addMatcher(numberActionMatcher) { state, _ in state.numberActions = state.numberActions * 10 + 2
      }
      builder.addMatcher(concatWith) { state, _ in state.stringActions = state.stringActions * 10 + 1 }
      builder.addMatcher(numberActionMatcher) { state, _ in state.numberActions = state.numberActions * 10 + 3
      }
    }
    #expect(reducer(Counts(), incrementBy(1)) == Counts(numberActions: 123, stringActions: 0))
    #expect(reducer(Counts(), decrementBy(1)) == Counts(numberActions: 23, stringActions: 0))
    #expect(reducer(Counts(), concatWith("foo")) == Counts(numberActions: 0, stringActions: 1))
  }

  @Test func worksWithAnActionCreatorsMatch() {
    let reducer = createReducer(Counts.self) { builder in
      builder.addMatcher({ incrementBy.match($0) != nil }) { state, _ in state.numberActions += 100 }
    }
    #expect(reducer(Counts(), incrementBy(1)) == Counts(numberActions: 100, stringActions: 0))
  }

  @Test func addAsyncThunkUsesTheMatchingReducerForEachActionType() {
    let reducer = createReducer(TodoItems.self) { builder in
      builder.addAsyncThunk(
        addTodoThunk, pending: { state, _ in state.loading = true },
        fulfilled: { state, done in state.todos.append(done.value) },
        rejected: { state, _ in state.errored = true },
        settled: { state in state.loading = false })
    }
    let todo = TodoItem(text: "test")
    let loading = TodoItems(todos: [], loading: true, errored: false)
    #expect(
      reducer(TodoItems(), addTodoThunk.pending(AsyncThunkPending(requestID: 1, argument: todo))) == loading)
    #expect(
      reducer(loading, addTodoThunk.fulfilled(AsyncThunkFulfilled(requestID: 1, argument: todo, value: todo)))
        == TodoItems(todos: [todo], loading: false, errored: false))
    #expect(
      reducer(
        loading,
        addTodoThunk.rejected(AsyncThunkRejected(requestID: 1, argument: todo, error: CancellationError())))
        == TodoItems(todos: [], loading: false, errored: true))
  }
}
