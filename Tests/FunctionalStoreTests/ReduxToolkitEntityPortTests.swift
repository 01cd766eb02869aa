import FunctionalStore
import Testing

// Redux Toolkit's own entity tests (`entity_state.test.ts`, `state_selectors.test.ts` and the
// unsorted adapter's dictionary and returned-state cases), ported with their inputs and
// expectations: an adapter's operation returns the new state, as RTK's do, or writes in place.

private struct BookModel: Identifiable, Equatable, Sendable {
  let id: String
  var title: String
  var author: String?
}

private let aClockworkOrange = BookModel(id: "aco", title: "A Clockwork Orange")
private let animalFarm = BookModel(id: "af", title: "Animal Farm")
private let theGreatGatsby = BookModel(id: "tgg", title: "The Great Gatsby")

@Suite struct ReduxToolkitEntityStateTests {
  private let adapter = EntityAdapter<BookModel>()

  @Test func shouldLetYouGetTheInitialState() {
    let initialState = adapter.getInitialState()
    #expect(initialState.ids.isEmpty && initialState.entities.isEmpty)
  }

  @Test func shouldLetYouProvideInitialEntities() {
    let initialState = adapter.getInitialState([aClockworkOrange])
    #expect(initialState.ids == [aClockworkOrange.id])
    #expect(initialState.entities == [aClockworkOrange.id: aClockworkOrange])
  }

  /// RTK's `addOne: adapter.addOne` in a slice's reducers: an adapter's in-place operation is a
  /// case reducer as it is.
  @Test func shouldAllowMethodsToBePassedAsReducers() {
    enum Books {
      static let slice = StateSlice<EntityState<BookModel>>(name: "books") { extra in
        extra.addCase(upsertBook) { state, book in EntityAdapter<BookModel>().upsertOne(&state, book) }
      }
      static let addOne = slice.caseReducer("addOne", EntityAdapter<BookModel>().addOne)
      static let removeOne = slice.caseReducer("removeOne") { (state, id: String) in
        EntityAdapter<BookModel>().removeOne(&state, id: id)
      }
      static let upsertBook = ActionCreator<BookModel>("otherBooks/upsert")
    }
    let reducer = Books.slice.reducer
    let selectors = adapter.getSelectors()
    let book1 = BookModel(id: "a", title: "First")
    let book1a = BookModel(id: "a", title: "Second")

    // The reducer called as Redux calls it: `reducer(state, action)` returns the next state.
    let afterAddOne = reducer(adapter.getInitialState(), Books.addOne(book1))
    #expect(afterAddOne.entities[book1.id] == book1)
    let afterRemoveOne = reducer(afterAddOne, Books.removeOne(book1.id))
    #expect(afterRemoveOne.entities[book1.id] == nil)
    #expect(selectors.selectTotal(afterRemoveOne) == 0)
    let afterUpsertFirst = reducer(afterRemoveOne, Books.upsertBook(book1))
    let afterUpsertSecond = reducer(afterUpsertFirst, Books.upsertBook(book1a))
    #expect(afterUpsertSecond.entities[book1.id] == book1a)
    #expect(selectors.selectTotal(afterUpsertSecond) == 1)
    #expect(afterAddOne.entities[book1.id] == book1, "a state given to the reducer is left as it was")
  }
}

@Suite struct ReduxToolkitEntitySelectorTests {
  private struct State: Sendable { var books: EntityState<BookModel> }

  private let adapter = EntityAdapter<BookModel>()
  private var state: State {
    State(books: adapter.setAll(adapter.getInitialState(), [aClockworkOrange, animalFarm, theGreatGatsby]))
  }

  @Test func composedSelectorsReadTheEntityStateInsideTheWholeState() {
    let selectors = adapter.getSelectors { (state: State) in state.books }
    let state = state
    #expect(selectors.selectIds(state) == state.books.ids)
    #expect(selectors.selectEntities(state) == state.books.entities)
    #expect(selectors.selectAll(state) == [aClockworkOrange, animalFarm, theGreatGatsby])
    #expect(selectors.selectTotal(state) == 3)
    #expect(selectors.selectById(state, aClockworkOrange.id) == aClockworkOrange)
    #expect(selectors.selectById(state, animalFarm.id) == animalFarm)
  }

  @Test func uncomposedSelectorsReadTheEntityStateItself() {
    let selectors = adapter.getSelectors()
    let books = state.books
    #expect(selectors.selectIds(books) == books.ids)
    #expect(selectors.selectAll(books) == [aClockworkOrange, animalFarm, theGreatGatsby])
    #expect(selectors.selectTotal(books) == 3)
    #expect(selectors.selectById(books, "missing") == nil)
  }

  @Test func aKeyPathIsASelectState() {
    let selectors = adapter.getSelectors(\State.books)
    #expect(selectors.selectTotal(state) == 3)
  }
}

@Suite struct ReduxToolkitUnsortedAdapterPortTests {
  private let adapter = EntityAdapter<BookModel>()
  private let state = EntityState<BookModel>()

  @Test func shouldLetYouAddOneEntityToTheState() {
    let withOneEntity = adapter.addOne(state, theGreatGatsby)
    #expect(withOneEntity.ids == [theGreatGatsby.id])
    #expect(withOneEntity.entities == [theGreatGatsby.id: theGreatGatsby])
  }

  @Test func shouldNotChangeStateIfYouAttemptToReAddAnEntity() {
    let withOneEntity = adapter.addOne(state, theGreatGatsby)
    let readded = adapter.addOne(withOneEntity, theGreatGatsby)
    #expect(readded == withOneEntity)
  }

  @Test func shouldLetYouAddManyEntitiesToTheStateFromADictionary() {
    let withOneEntity = adapter.addOne(state, theGreatGatsby)
    let withManyMore = adapter.addMany(
      withOneEntity, [aClockworkOrange.id: aClockworkOrange, animalFarm.id: animalFarm])
    #expect(withManyMore.ids == [theGreatGatsby.id, aClockworkOrange.id, animalFarm.id])
    #expect(withManyMore.entities.count == 3)
  }

  @Test func shouldRemoveExistingAndAddNewOnesOnSetAllWhenPassingInADictionary() {
    let withOneEntity = adapter.addOne(state, theGreatGatsby)
    let withAll = adapter.setAll(
      withOneEntity, [aClockworkOrange.id: aClockworkOrange, animalFarm.id: animalFarm])
    #expect(withAll.ids == [aClockworkOrange.id, animalFarm.id])
    #expect(withAll.entities == [aClockworkOrange.id: aClockworkOrange, animalFarm.id: animalFarm])
  }

  @Test func shouldLetYouUpsertManyEntitiesInTheStateWhenPassingInADictionary() {
    let firstChange = BookModel(id: theGreatGatsby.id, title: "First Change")
    let withOne = adapter.addOne(state, theGreatGatsby)
    let withUpserts = adapter.upsertMany(
      withOne, [theGreatGatsby.id: firstChange, aClockworkOrange.id: aClockworkOrange])
    #expect(withUpserts.ids == [theGreatGatsby.id, aClockworkOrange.id])
    #expect(withUpserts.entities[theGreatGatsby.id]?.title == "First Change")
  }

  @Test func shouldLetYouSetManyEntitiesInTheStateWhenPassingInADictionary() {
    let changeWithoutAuthor = BookModel(id: theGreatGatsby.id, title: "Red")
    let withOne = adapter.addOne(
      state, BookModel(id: theGreatGatsby.id, title: "Gatsby", author: "Fitzgerald"))
    let withSetMany = adapter.setMany(
      withOne, [theGreatGatsby.id: changeWithoutAuthor, aClockworkOrange.id: aClockworkOrange])
    #expect(withSetMany.ids == [theGreatGatsby.id, aClockworkOrange.id])
    // Set replaces the whole entity: the author is gone.
    #expect(withSetMany.entities[theGreatGatsby.id] == changeWithoutAuthor)
  }

  @Test func theReturningFormsLeaveTheGivenStateAsItWas() {
    let withOne = adapter.addOne(state, theGreatGatsby)
    let updated = adapter.updateOne(withOne, id: theGreatGatsby.id) { $0.title = "A New Hope" }
    let removed = adapter.removeOne(updated, id: theGreatGatsby.id)
    #expect(withOne.entities[theGreatGatsby.id]?.title == "The Great Gatsby")
    #expect(updated.entities[theGreatGatsby.id]?.title == "A New Hope")
    #expect(removed.ids.isEmpty && adapter.removeAll(withOne).ids.isEmpty)
    #expect(
      adapter.removeMany(adapter.addMany(state, [theGreatGatsby, animalFarm]), ids: [animalFarm.id]).ids == [
        "tgg"
      ])
  }
}
