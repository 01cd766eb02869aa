import EffectStore
import ReduxTesting
import Testing

/// `receive` by case, for actions that are not `Equatable`: a response that carries
/// `Result<_, any Error>`, as real apps' response actions do.
@MainActor
@Suite struct ReceiveByCaseTests {
  struct Offline: Error {}

  struct SearchState: Equatable, Sendable {
    var query = ""
    var results: [String] = []
    var failure: String?
  }

  /// Not `Equatable`: `any Error` is not.
  enum SearchAction: Sendable {
    case search(String)
    case response(Result<[String], any Error>)
    case page(number: Int)
  }

  struct Search: Reducer {
    let fails: Bool

    func reduce(into state: inout SearchState, action: SearchAction) -> Effect<SearchAction> {
      switch action {
      case .search(let query):
        state.query = query
        let fails = fails
        return .run { send in
          await send(.response(fails ? .failure(Offline()) : .success(["\(query) 1", "\(query) 2"])))
          await send(.page(number: 2))
        }
      case .response(.success(let results)):
        state.results = results
        return .none
      case .response(.failure(let error)):
        state.failure = "\(error)"
        return .none
      case .page:
        return .none
      }
    }
  }

  @MainActor @Test func searching() async {
    let store = FeatureTestStore(initialState: SearchState(), reducer: Search(fails: false))
    await store.send(.search("swift")) { $0.query = "swift" }
    await store.receive({ SearchAction.response(.success($0)) }) { $0.results = ["swift 1", "swift 2"] }
    await store.receive(SearchAction.page)
    await store.finish()
  }

  @Test func aFailureIsReceivedByTheOuterCaseWhateverItCarries() async {
    let store = FeatureTestStore(initialState: SearchState()) { Search(fails: true) }
    await store.send(.search("swift")) { $0.query = "swift" }
    await store.receive(SearchAction.response) { $0.failure = "Offline()" }
    await store.receive(SearchAction.page)
    await store.finish()
  }

  @Test func anotherCaseOfTheSameTypeFailsAndNamesWhatCame() async {
    let store = FeatureTestStore(initialState: SearchState(), reducer: Search(fails: true))
    await store.send(.search("swift")) { $0.query = "swift" }
    await expectFailures {
      await store.receive({ SearchAction.response(.success($0)) }, timeout: .milliseconds(100)) {
        $0.results = ["swift 1", "swift 2"]
      }
    } matching: { failure in
      failure.description.contains("the SearchAction case that carries Array<String>")
        && failure.description.contains("failure")
    }
    store.exhaustivity = .off
    await store.finish()
  }

  @Test func theMatchFollowsEveryCaseItNames() {
    typealias Matching = CaseMatching
    let success = { SearchAction.response(.success($0)) }
    #expect(Matching.matches(SearchAction.response(.success(["a"])), caseMadeBy: success))
    #expect(!Matching.matches(SearchAction.response(.failure(Offline())), caseMadeBy: success))
    #expect(Matching.matches(SearchAction.response(.failure(Offline())), caseMadeBy: SearchAction.response))
    #expect(Matching.matches(SearchAction.page(number: 3), caseMadeBy: SearchAction.page))
    #expect(!Matching.matches(SearchAction.search("a"), caseMadeBy: SearchAction.page))
  }
}
