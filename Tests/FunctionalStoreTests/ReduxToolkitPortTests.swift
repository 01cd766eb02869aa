import FunctionalStore
import Testing

// Redux Toolkit's own tests (createAction, createSlice, createReducer's builder, the entity
// adapter's updateMany) where ours behaved otherwise, with RTK's inputs and expectations.

private struct Letter: Identifiable, Equatable, Sendable {
  var id: String
  var text = ""
}

private struct Todos: Equatable, Sendable {
  var count = 0
  var others = 0
}

private enum TodoSlice {
  static let slice = StateSlice<Todos>(name: "todos")
  static let added = slice.caseReducer("added") { (state, amount: Int) in state.count += amount }
}

@Suite struct ReduxToolkitPortTests {
  /// createAction: "should return the type when stringified" (`String(actionCreator)`).
  @Test func anActionCreatorPrintsAsItsType() {
    let creator = ActionCreator<Int>("A_TYPE")
    #expect("\(creator)" == "A_TYPE")
    #expect(String(describing: TodoSlice.added) == "todos/added")
    #expect("\(creator)" == creator.type.name)
  }

  /// createEntityAdapter: "doesn't break when multiple renames of one entity occur".
  @Test func severalRenamesOfOneEntityApplyByItsOriginalID() {
    let adapter = EntityAdapter<Letter>()
    var state = EntityState<Letter>()
    adapter.addOne(&state, Letter(id: "a"))
    adapter.updateMany(
      &state, [EntityUpdate(id: "a") { $0.id = "b" }, EntityUpdate(id: "a") { $0.id = "c" }])
    #expect(state.ids == ["c"])
    #expect(state[id: "a"] == nil && state[id: "b"] == nil && state[id: "c"] != nil)
  }

  /// createEntityAdapter: "should let you update many entities by id in the state".
  @Test func updatesOfSeveralEntitiesApplyEach() {
    let adapter = EntityAdapter<Letter>()
    var state = EntityState<Letter>()
    adapter.setAll(&state, [Letter(id: "a"), Letter(id: "b"), Letter(id: "c")])
    adapter.updateMany(
      &state,
      [
        EntityUpdate(id: "a") { $0.text = "A" }, EntityUpdate(id: "c") { $0.text = "C" },
        EntityUpdate(id: "z") { _ in },
      ])
    #expect(state.all == [Letter(id: "a", text: "A"), Letter(id: "b"), Letter(id: "c", text: "C")])
  }

  /// The same change by ids: an id given twice follows its entity through a rename.
  @Test func theSameChangeByIDsFollowsARename() {
    let adapter = EntityAdapter<Letter>()
    var state = EntityState<Letter>()
    adapter.addOne(&state, Letter(id: "a"))
    adapter.updateMany(&state, ids: ["a", "a"]) { $0.id += "+" }
    #expect(state.ids == ["a++"])
  }

  /// createSlice: "should throw an error if name is not specified"; createAction with no type.
  @Test func anEmptySliceNameStopsWithTheFix() async {
    await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = StateSlice<Todos>(name: "")
    }
  }

  @Test func anEmptyActionTypeStopsWithTheFix() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = ActionCreator<Void>("")
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains("was given an empty name"), "\(message)")
  }

  @Test func anEmptyCaseNameStopsWithTheFix() async {
    await #expect(processExitsWith: .failure) {
      _ = StateSlice<Todos>(name: "todos").caseReducer("") { _ in }
    }
  }

  /// createReducer's builder: "`builder.addDefaultCase` can only be called once".
  @Test func aSecondDefaultCaseStopsWithTheFix() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let slice = StateSlice<Todos>(name: "counted") { extra in
        extra.addDefaultCase { state, _ in state.others += 1 }
        extra.addDefaultCase { state, _ in state.others += 2 }
      }
      _ = slice.reducer
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains("addDefaultCase was called twice"), "\(message)")
  }

  /// createReducer's builder: "`builder.addCase` should only be called once per action type"
  /// (RTK throws "addCase cannot be called with two reducers for the same action type").
  @Test func aSecondCaseForOneActionTypeStopsWithTheFix() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let added = ActionCreator<Int>("todos/added")
      let slice = StateSlice<Todos>(name: "counted") { extra in
        extra.addCase(added) { state, _ in state.others += 1 }
        extra.addCase(added) { state, _ in state.others += 2 }
      }
      _ = slice.reducer
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains(#"addCase was called twice for "todos/added""#), "\(message)")
  }
}

/// What a user reads names what they can write: an entity collection's change is by `ids` and
/// `entities`, as its JSON is, not by its stored names.
@Suite struct EntityStateNamesTests {
  @Test func aChangeOfAnEntityCollectionIsNamedByIDsAndEntities() {
    let adapter = EntityAdapter<Letter>()
    var before = EntityState<Letter>()
    adapter.addOne(&before, Letter(id: "a"))
    var after = before
    adapter.addOne(&after, Letter(id: "b", text: "B"))
    let paths = StateChange.changes(from: before, to: after).map(\.path)
    #expect(paths.contains { $0.hasPrefix("ids") } && paths.contains { $0.hasPrefix("entities") }, "\(paths)")
    #expect(!paths.contains { $0.contains("stored") }, "\(paths)")
  }
}
