import FunctionalStore
import Testing

// Redux Toolkit's `rejectWithValue` tests (createAsyncThunk.test.ts), ported: a thunk that
// rejects with a value dispatches `rejected` carrying it, flagged as such; `unwrap()` (here
// `try await request.value`) throws it; `isRejectedWithValue()` tells such rejections apart.

private struct ValidationErrors: Equatable, Sendable {
  var fields: [String: String]
}

private struct RenameState: Equatable, Sendable {
  var title = ""
  var refusal: ValidationErrors?
  var failure: String?
  var valueRejections = 0
}

private let rename = createAsyncThunk("book/rename", state: RenameState.self) {
  (title: String, api) -> String in
  if title.isEmpty { throw api.rejectWithValue(ValidationErrors(fields: ["title": "empty"])) }
  if title == "crash" { throw TitlesUnavailable() }
  return title
}

private enum Rename {
  static let slice = StateSlice<RenameState>(name: "rename") { extra in
    extra.addCase(rename.fulfilled) { state, done in state.title = done.value }
    extra.addCase(rename.rejected) { state, failure in
      if let refusal = failure.rejectedValue(as: ValidationErrors.self) {
        state.refusal = refusal
      } else {
        state.failure = "\(failure.error)"
      }
    }
    extra.addMatcher(isRejectedWithValue()) { state, _ in state.valueRejections += 1 }
  }
}

@MainActor
@Suite struct RejectWithValueTests {
  private func makeStore() -> ReduxStore<RenameState, PayloadAction> {
    createStore(reducer: Rename.slice.reducer, initialState: RenameState())
  }

  @Test func rejectedCarriesTheValueAndIsFlagged() async {
    let store = makeStore()
    let request = store.dispatch(rename(""))
    do {
      _ = try await request.value
      Issue.record("expected the call to be rejected")
    } catch let error as RejectedWithValue<ValidationErrors> {
      #expect(error.value == ValidationErrors(fields: ["title": "empty"]))
    } catch {
      Issue.record("expected the rejected value, got \(error)")
    }
    #expect(store.state.refusal == ValidationErrors(fields: ["title": "empty"]))
    #expect(store.state.failure == nil)
    #expect(store.state.valueRejections == 1)
  }

  @Test func anErrorIsNotARejectionWithAValue() async {
    let store = makeStore()
    _ = try? await store.dispatch(rename("crash")).value
    #expect(store.state.refusal == nil)
    #expect(store.state.failure == "titles unavailable")
    #expect(store.state.valueRejections == 0)
  }

  @Test func fulfilledIsNotMatched() async throws {
    let store = makeStore()
    let title = try await store.dispatch(rename("Dune")).value
    #expect(title == "Dune" && store.state.title == "Dune" && store.state.valueRejections == 0)
  }

  @Test func aRejectedPayloadMadeByHandSaysWhatItCarries() {
    let byValue = AsyncThunkRejected(requestID: 1, argument: "", error: RejectedWithValue(value: 404))
    let byError = AsyncThunkRejected(requestID: 2, argument: "", error: TitlesUnavailable())
    #expect(byValue.isRejectedWithValue && byValue.rejectedValue(as: Int.self) == 404)
    #expect(byValue.rejectedValue(as: String.self) == nil)
    #expect(!byError.isRejectedWithValue && byError.rejectedValue(as: Int.self) == nil)
    #expect(isRejectedWithValue().matches(rename.rejected(byValue)))
    #expect(!isRejectedWithValue().matches(rename.rejected(byError)))
  }
}
