import FunctionalStore
import Testing

// The sample of Packages/FunctionalStore/README.md's "entity adapters" section, compiled and run.

@MainActor
@Suite struct EntityAdapterGuideExamples {
  @Test func aLibraryKeptByID() {
    struct Book: Identifiable, Equatable, Sendable {
      var id: Int
      var title: String
      var isRead = false
    }

    struct LibraryState: Equatable, Sendable {
      var books = EntityState<Book>()
    }

    enum LibraryAction: Sendable {
      case loaded([Book])
      case added(Book)
      case read(Int)
      case removed(Int)
    }

    let booksAdapter = EntityAdapter<Book>(sortedBy: { $0.title < $1.title })

    let libraryReducer = ReduxReducer<LibraryState, LibraryAction> { state, action in
      switch action {
      case .loaded(let books): booksAdapter.setAll(&state.books, books)
      case .added(let book): booksAdapter.addOne(&state.books, book)
      case .read(let id): booksAdapter.updateOne(&state.books, id: id) { $0.isRead = true }
      case .removed(let id): booksAdapter.removeOne(&state.books, id: id)
      }
    }

    let library = createStore(reducer: libraryReducer, initialState: LibraryState())
    library.dispatch(.loaded([Book(id: 1, title: "Ulysses"), Book(id: 2, title: "Emma")]))
    library.dispatch(.added(Book(id: 3, title: "Dune")))
    library.dispatch(.read(2))
    print(library.getState().books.all.map(\.title))  // ["Dune", "Emma", "Ulysses"]
    print(library.getState().books[id: 2]?.isRead ?? false)  // true
    let unread = createSelector(\LibraryState.books) { books in
      books.all.filter { !$0.isRead }.map(\.title)
    }
    print(unread(library.getState()))  // ["Dune", "Ulysses"]: computed
    print(unread(library.getState()))  // the same array, not computed again
    library.dispatch(.read(1))
    print(library.select(unread), unread.recomputations)  // ["Dune"] 2
    #expect(unread.recomputations == 2 && library.select(unread) == ["Dune"])
    #expect(library.getState().books.all.map(\.title) == ["Dune", "Emma", "Ulysses"])
    #expect(library.getState().books[id: 2]?.isRead == true)
  }
}
