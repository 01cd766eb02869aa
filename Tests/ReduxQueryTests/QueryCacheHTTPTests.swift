import Foundation
import NIOHTTP1
import ReduxCore
import ReduxQuery
import ReduxTesting
import Testing

/// The cache against a real HTTP server on loopback, through `BaseQuery.http` (URLSession).
@MainActor
@Suite(.serialized) struct QueryCacheHTTPTests {
  @Test func tenSubscribersOfOneEntryMakeOneRequestToTheServer() async throws {
    let http = try await HTTPFixture()
    let subscriptions = (0..<10).map { _ in http.store.subscribe(to: http.getPost, 1) }
    await waitUntil { http.store.queryResult(http.getPost, 1).isSuccess }
    #expect(http.store.queryResult(http.getPost, 1).data == Post(id: 1, title: "One"))
    #expect(http.server.count("GET /posts/1") == 1)
    #expect(subscriptions.count == 10)
    try await http.stop()
  }

  @Test func aMutationRefetchesExactlyTheSubscribedQueriesWithItsTagOnce() async throws {
    let http = try await HTTPFixture()
    let kept = [
      http.store.subscribe(to: http.getPost, 1), http.store.subscribe(to: http.getPost, 2),
      http.store.subscribe(to: http.getPosts),
    ]
    await waitUntil {
      http.server.requests.count == 3
        && http.store.getState().api.queries.values.allSatisfy { $0.status == .fulfilled }
    }
    let renamed = try await http.store.mutate(http.renamePost, PostEdit(id: 2, title: "Dos")).value
    #expect(renamed == Post(id: 2, title: "Dos"))
    await waitUntil {
      http.store.queryResult(http.getPosts, ()).data?.last?.title == "Dos"
        && http.store.queryResult(http.getPost, 2).data?.title == "Dos"
    }
    try await Task.sleep(for: .milliseconds(100))
    #expect(http.server.count("PATCH /posts/2") == 1)
    #expect(http.server.count("GET /posts/2") == 2)
    #expect(http.server.count("GET /posts") == 2)
    #expect(http.server.count("GET /posts/1") == 1)
    _ = kept
    try await http.stop()
  }

  @Test func aRequestCarriesItsQueryItemsAndHeadersTheRequestsOwnWinning() async throws {
    let server = try await TestHTTPServer.start { _, _, _ in .init(body: Data("[]".utf8)) }
    let api = QueryAPI(
      cache: \CacheTestState.api,
      baseQuery: .http(baseURL: server.baseURL, headers: ["Authorization": "Bearer abc", "X-Trace": "base"]))
    let page = api.query("page", returning: [Post].self) { (page: Int) in
      HTTPRequest(path: "posts", query: ["sort": "id", "page": "\(page)"], headers: ["X-Trace": "t1"])
    }
    let store = createStore(
      reducer: combineReducers(.slice(\CacheTestState.api, api.reducer)), initialState: CacheTestState())
    #expect(try await store.fetch(page, 2) == [])
    let head = try #require(server.requestHeads.first)
    #expect(head.uri == "/posts?page=2&sort=id")
    #expect(head.headers["Authorization"] == ["Bearer abc"])
    #expect(head.headers["X-Trace"] == ["t1"])
    try await server.stop()
  }

  @Test func pollingRequestsAgainOnTheTestClock() async throws {
    let http = try await HTTPFixture()
    let polled = http.store.subscribe(
      to: http.getPost, 1, options: QuerySubscriptionOptions(pollingInterval: .seconds(5)))
    await waitUntil { http.store.queryResult(http.getPost, 1).isSuccess }
    for round in 2...3 {
      await waitUntil { http.clock.sleeperCount == 1 }
      await http.clock.advance(by: .seconds(5))
      await waitUntil { http.server.count("GET /posts/1") == round }
    }
    #expect(http.server.count("GET /posts/1") == 3)
    polled.cancel()
    try await http.stop()
  }

  @Test func anExpiredEntryIsRequestedAgainOnItsNextSubscription() async throws {
    let http = try await HTTPFixture(keepUnusedDataFor: .seconds(10))
    _ = try await http.store.fetch(http.getPost, 1)
    await waitUntil { http.clock.sleeperCount == 1 }
    await http.clock.advance(by: .seconds(10))
    await waitUntil { http.store.getState().api.queries.isEmpty }
    let again = http.store.subscribe(to: http.getPost, 1)
    await waitUntil { http.store.queryResult(http.getPost, 1).isSuccess }
    #expect(http.server.count("GET /posts/1") == 2)
    _ = again
    try await http.stop()
  }

  @Test func aRequestWhoseLastSubscriberLeftIsCancelledAndTheServerSeesTheConnectionEnd() async throws {
    let http = try await HTTPFixture()
    var subscription: QuerySubscription? = http.store.subscribe(to: http.getSlow)
    await waitUntil { http.server.count("GET /slow") == 1 }
    subscription = nil
    await waitUntil { http.server.abandonedRequests == 1 }
    #expect(http.server.abandonedRequests == 1)
    #expect(http.store.queryResult(http.getSlow, ()).error == .cancelled)
    #expect(subscription == nil)
    try await http.stop()
  }

  @Test func aServerErrorATimeoutAndBadJSONEachBecomeATypedErrorAndKeepTheData() async throws {
    let http = try await HTTPFixture(timeout: .seconds(1))
    await #expect(throws: QueryError.status(404, body: Data())) {
      _ = try await http.store.fetch(http.getPost, 5)
    }
    await #expect(throws: QueryError.timedOut) { _ = try await http.store.fetch(http.getSlow, ()) }
    do {
      _ = try await http.store.fetch(http.getBad, ())
      Issue.record("bad JSON was accepted")
    } catch {
      guard case .decoding(let reason) = error else { throw error }
      #expect(reason.contains("id"))
    }

    let kept = http.store.subscribe(to: http.getPost, 1)
    await waitUntil { http.store.queryResult(http.getPost, 1).isSuccess }
    http.failNextChanges()
    await #expect(throws: QueryError.status(500, body: Data("{\"error\":\"down\"}".utf8))) {
      _ = try await http.store.mutate(http.renamePost, PostEdit(id: 1, title: "Uno")).value
    }
    await waitUntil {
      http.server.count("GET /posts/1") == 2 && !http.store.queryResult(http.getPost, 1).isFetching
    }
    #expect(http.store.queryResult(http.getPost, 1).data == Post(id: 1, title: "One"))
    _ = kept
    try await http.stop()
  }

  @Test func eachFailureOfARefetchIsATypedErrorAndTheEntryKeepsItsData() async throws {
    enum Mode: Sendable { case ok, serverError, slow, badJSON }
    let mode = Locked(Mode.ok)
    let server = try await TestHTTPServer.start { _, _, _ in
      switch mode.withLock({ $0 }) {
      case .ok: .init(body: Data("{\"id\": 1, \"title\": \"One\"}".utf8))
      case .serverError: .init(status: .internalServerError, body: Data("down".utf8))
      case .slow: .init(body: Data("{\"id\": 1, \"title\": \"Late\"}".utf8), delay: .seconds(3))
      case .badJSON: .init(body: Data("{\"id\": \"one\"}".utf8))
      }
    }
    let api = QueryAPI(
      cache: \CacheTestState.api, baseQuery: .http(baseURL: server.baseURL, timeout: .seconds(1)))
    let getPost = api.query("getPost", returning: Post.self) { (_: Void) in HTTPRequest(path: "post") }
    let store = createStore(
      reducer: combineReducers(.slice(\CacheTestState.api, api.reducer)), initialState: CacheTestState())
    let kept = store.subscribe(to: getPost)
    await waitUntil { store.queryResult(getPost, ()).isSuccess }
    let data = Post(id: 1, title: "One")

    for failing in [Mode.serverError, .slow, .badJSON] {
      mode.withLock { $0 = failing }
      kept.refetch()
      await waitUntil { store.queryResult(getPost, ()).isError }
      let result = store.queryResult(getPost, ())
      #expect(result.data == data, "kept after \(failing)")
      switch (failing, result.error) {
      case (.serverError, .status(500, _)?), (.slow, .timedOut?), (.badJSON, .decoding?): break
      default: Issue.record("\(failing) became \(String(describing: result.error))")
      }
      mode.withLock { $0 = .ok }
      kept.refetch()
      await waitUntil { store.queryResult(getPost, ()).isSuccess }
    }
    try await server.stop()
  }

  @Test func anOptimisticUpdateIsRolledBackWhenTheServerAnswers500() async throws {
    let http = try await HTTPFixture()
    let getPost = http.getPost
    let rename = http.api.mutation(
      "renameOptimistically", returning: Post.self,
      onQueryStarted: { (edit: PostEdit, started: QueryStarted<CacheTestState, Post>) in
        let patch = started.updateQueryData(getPost, edit.id) { $0.title = edit.title }
        do { _ = try await started.queryFulfilled } catch { patch.undo() }
      }
    ) { (edit: PostEdit) in try HTTPRequest(method: "PATCH", path: "posts/\(edit.id)", json: edit) }
    let kept = http.store.subscribe(to: getPost, 1)
    await waitUntil { http.store.queryResult(getPost, 1).isSuccess }

    http.failNextChanges()
    let call = http.store.mutate(rename, PostEdit(id: 1, title: "Optimistic"))
    await waitUntil { http.store.queryResult(getPost, 1).data?.title == "Optimistic" }
    #expect(http.store.queryResult(getPost, 1).data?.title == "Optimistic")
    _ = try? await call.value
    await waitUntil { http.store.queryResult(getPost, 1).data?.title == "One" }
    #expect(http.store.queryResult(getPost, 1).data?.title == "One")
    _ = kept
    try await http.stop()
  }
}
