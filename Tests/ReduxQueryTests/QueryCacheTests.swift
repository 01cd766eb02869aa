import Foundation
import ReduxCore
import ReduxQuery
import ReduxTesting
import Testing

@MainActor
@Suite struct QueryCacheTests {
  @Test func tenSubscribersOfOneEntryMakeOneRequest() async throws {
    let fixture = Fixture()
    fixture.backend.hold()
    let subscriptions = (0..<10).map { _ in fixture.store.subscribe(to: fixture.getPost, 1) }
    #expect(fixture.store.queryResult(fixture.getPost, 1).isLoading)
    fixture.backend.release()
    await waitUntil { fixture.store.queryResult(fixture.getPost, 1).isSuccess }
    #expect(fixture.store.queryResult(fixture.getPost, 1).data == Post(id: 1, title: "One"))
    #expect(fixture.backend.count("posts/1") == 1)
    #expect(subscriptions.count == 10)
  }

  @Test func theEntryTurnsPendingInsideTheCallThatSubscribes() {
    let fixture = Fixture()
    let subscription = fixture.store.subscribe(to: fixture.getPost, 2)
    let entry = fixture.entry(subscription.key)
    #expect(entry?.status == .pending)
    #expect(entry?.requestID != nil)
    #expect("\(subscription.key)" == "getPost(2)")
  }

  @Test func fetchReturnsTheDataAndLaterFetchesUseTheCache() async throws {
    let fixture = Fixture()
    let first = try await fixture.store.fetch(fixture.getPost, 1)
    let second = try await fixture.store.fetch(fixture.getPost, 1)
    #expect(first == Post(id: 1, title: "One"))
    #expect(second == first)
    #expect(fixture.backend.count("posts/1") == 1)
    _ = try await fixture.store.fetch(fixture.getPost, 1, olderThan: .zero)
    #expect(fixture.backend.count("posts/1") == 2)
  }

  @Test func aMutationRefetchesExactlyTheSubscribedQueriesWithItsTagsOnce() async throws {
    let fixture = Fixture()
    let one = fixture.store.subscribe(to: fixture.getPost, 1)
    let two = fixture.store.subscribe(to: fixture.getPost, 2)
    let all = fixture.store.subscribe(to: fixture.getPosts)
    await waitUntil {
      fixture.backend.total == 3 && fixture.store.queryResult(fixture.getPosts, ()).isSuccess
    }
    await waitUntil { fixture.store.queryResult(fixture.getPost, 2).isSuccess }

    let renamed = try await fixture.store.mutate(fixture.renamePost, PostEdit(id: 1, title: "Uno")).value
    #expect(renamed.title == "Uno")
    await waitUntil { fixture.store.queryResult(fixture.getPost, 1).data?.title == "Uno" }
    await waitUntil { fixture.store.queryResult(fixture.getPosts, ()).data?.first?.title == "Uno" }
    await settle()
    #expect(fixture.backend.count("posts/1") == 2)
    #expect(fixture.backend.count("posts") == 2)
    #expect(fixture.backend.count("posts/2") == 1)
    _ = (one, two, all)
  }

  @Test func anInvalidatedEntryWithNoSubscriberIsRemovedNotFetched() async throws {
    let fixture = Fixture()
    _ = try await fixture.store.fetch(fixture.getPost, 1)
    #expect(fixture.entry(fixture.getPost.key(1)) != nil)
    fixture.store.invalidate([QueryTag("Post")], in: fixture.api)
    #expect(fixture.entry(fixture.getPost.key(1)) == nil)
    await settle()
    #expect(fixture.backend.count("posts/1") == 1)
  }

  @Test func aTagWithAnIDReachesOnlyThatIDAndATagWithoutReachesTheType() {
    let fixture = Fixture()
    let store = fixture.store
    let everyPost = fixture.api.query("everyPost", providesTags: { _, _ in [QueryTag("Post")] }) {
      (_: Void) in 0
    }
    store.upsertQueryData(fixture.getPost, 1, Post(id: 1, title: "One"))
    store.upsertQueryData(fixture.getPost, 2, Post(id: 2, title: "Two"))
    store.upsertQueryData(fixture.getPosts, (), [Post(id: 1, title: "One")])
    store.upsertQueryData(everyPost, (), 1)
    store.invalidate([QueryTag("Post", id: 1)], in: fixture.api)
    #expect(Set(store.getState().api.queries.keys.map(\.description)) == ["getPost(2)", "everyPost()"])
    store.invalidate([QueryTag("Comment")], in: fixture.api)
    #expect(store.getState().api.queries.count == 2)
    store.invalidate([QueryTag("Post")], in: fixture.api)
    #expect(store.getState().api.queries.isEmpty)
  }

  @Test func anUnusedEntryIsRemovedAfterItsKeepingTimeOnTheAPIsClock() async throws {
    let fixture = Fixture(keepUnusedDataFor: .seconds(30))
    _ = try await fixture.store.fetch(fixture.getPost, 1)
    let key = fixture.getPost.key(1)
    await waitUntil { fixture.clock.sleeperCount == 1 }
    await fixture.clock.advance(by: .seconds(29))
    #expect(fixture.entry(key) != nil)
    await fixture.clock.advance(by: .seconds(1))
    await waitUntil { fixture.entry(key) == nil }
    #expect(fixture.entry(key) == nil)
  }

  @Test func aSubscriptionBeforeTheKeepingTimeEndsKeepsTheEntry() async throws {
    let fixture = Fixture(keepUnusedDataFor: .seconds(30))
    _ = try await fixture.store.fetch(fixture.getPost, 1)
    await waitUntil { fixture.clock.sleeperCount == 1 }
    await fixture.clock.advance(by: .seconds(20))
    let subscription = fixture.store.subscribe(to: fixture.getPost, 1)
    await fixture.clock.advance(by: .seconds(60))
    await settle()
    #expect(fixture.entry(subscription.key)?.status == .fulfilled)
    #expect(fixture.backend.count("posts/1") == 1)
  }

  @Test func anEntryOlderThanTheSubscriptionAcceptsIsFetchedAgain() async throws {
    let fixture = Fixture()
    _ = try await fixture.store.fetch(fixture.getPost, 1)
    await fixture.clock.advance(by: .seconds(10))
    let fresh = fixture.store.subscribe(
      to: fixture.getPost, 1, options: QuerySubscriptionOptions(refetchOlderThan: .seconds(30)))
    #expect(fixture.backend.count("posts/1") == 1)
    await fixture.clock.advance(by: .seconds(25))
    let stale = fixture.store.subscribe(
      to: fixture.getPost, 1, options: QuerySubscriptionOptions(refetchOlderThan: .seconds(30)))
    await waitUntil { fixture.backend.count("posts/1") == 2 }
    #expect(fixture.backend.count("posts/1") == 2)
    _ = (fresh, stale)
  }

  @Test func pollingFetchesAtTheShortestIntervalAskedOnTheAPIsClock() async throws {
    let fixture = Fixture()
    let slow = fixture.store.subscribe(
      to: fixture.getPost, 1, options: QuerySubscriptionOptions(pollingInterval: .seconds(60)))
    let fast = fixture.store.subscribe(
      to: fixture.getPost, 1, options: QuerySubscriptionOptions(pollingInterval: .seconds(10)))
    await waitUntil { fixture.store.queryResult(fixture.getPost, 1).isSuccess }
    for round in 2...4 {
      await waitUntil { fixture.clock.sleeperCount == 1 }
      await fixture.clock.advance(by: .seconds(10))
      await waitUntil { fixture.backend.count("posts/1") == round }
    }
    #expect(fixture.backend.count("posts/1") == 4)
    fast.cancel()
    await waitUntil { fixture.store.queryResult(fixture.getPost, 1).isSuccess }
    await fixture.clock.advance(by: .seconds(30))
    await settle()
    #expect(fixture.backend.count("posts/1") == 4)
    _ = slow
  }

  @Test func whenTheLastSubscriberLeavesTheRequestIsCancelled() async throws {
    let fixture = Fixture()
    fixture.backend.hold()
    var subscription: QuerySubscription? = fixture.store.subscribe(to: fixture.getPost, 1)
    await waitUntil { fixture.backend.total == 1 }
    let key = try #require(subscription?.key)
    subscription = nil
    await waitUntil { fixture.backend.cancellations == 1 }
    #expect(fixture.backend.cancellations == 1)
    #expect(fixture.entry(key)?.status == .rejected)
    #expect(fixture.entry(key)?.error == .cancelled)
    fixture.backend.release()
    let again = fixture.store.subscribe(to: fixture.getPost, 1)
    await waitUntil { fixture.store.queryResult(fixture.getPost, 1).isSuccess }
    #expect(fixture.backend.count("posts/1") == 2)
    _ = again
  }

  @Test func aFailureIsATypedErrorAndKeepsThePreviousData() async throws {
    let fixture = Fixture()
    let subscription = fixture.store.subscribe(to: fixture.getPost, 1)
    await waitUntil { fixture.store.queryResult(fixture.getPost, 1).isSuccess }
    fixture.backend.failNext(with: .status(500, body: .init("down".utf8)))
    subscription.refetch()
    await waitUntil { fixture.store.queryResult(fixture.getPost, 1).isError }
    let result = fixture.store.queryResult(fixture.getPost, 1)
    #expect(result.error == .status(500, body: .init("down".utf8)))
    #expect(result.data == Post(id: 1, title: "One"))
    await #expect(throws: QueryError.timedOut) {
      fixture.backend.failNext(with: .timedOut)
      _ = try await fixture.store.fetch(fixture.getPost, 2)
    }
  }

  @Test func anErrorOfYourOwnIsKeptWithItsDescription() async throws {
    struct Offline: Error, CustomStringConvertible { var description: String { "offline" } }
    let fixture = Fixture()
    let failing = fixture.api.query("failing") { (_: Void) async throws -> Int in throw Offline() }
    await #expect(throws: QueryError.failed("offline")) { _ = try await fixture.store.fetch(failing, ()) }
  }

  @Test func anOptimisticUpdateIsRolledBackWhenTheMutationFails() async throws {
    let fixture = Fixture()
    let getPost = fixture.getPost
    let backend = fixture.backend
    let rename = fixture.api.mutation(
      "renameOptimistically",
      onQueryStarted: { (edit: PostEdit, started: QueryStarted<CacheTestState, Post>) in
        let patch = started.updateQueryData(getPost, edit.id) { $0.title = edit.title }
        do { _ = try await started.queryFulfilled } catch { patch.undo() }
      }
    ) { (edit: PostEdit) in try await backend.rename(edit) }
    let subscription = fixture.store.subscribe(to: getPost, 1)
    await waitUntil { fixture.store.queryResult(getPost, 1).isSuccess }

    backend.hold()
    backend.failNext(with: .status(500, body: .init()))
    let call = fixture.store.mutate(rename, PostEdit(id: 1, title: "Optimistic"))
    await waitUntil { fixture.store.queryResult(getPost, 1).data?.title == "Optimistic" }
    #expect(fixture.store.getState().api.mutations[call.requestID]?.status == .pending)
    backend.release()
    await #expect(throws: QueryError.status(500, body: .init())) { _ = try await call.value }
    await waitUntil { fixture.store.queryResult(getPost, 1).data?.title == "One" }
    #expect(fixture.store.queryResult(getPost, 1).data?.title == "One")
    #expect(fixture.store.getState().api.mutations[call.requestID]?.status == .rejected)
    _ = subscription
  }

  @Test func aReleasedMutationRequestLetsGoOfItsEntry() async throws {
    let fixture = Fixture()
    var call: MutationRequest<Post>? = fixture.store.mutate(fixture.renamePost, PostEdit(id: 2, title: "Dos"))
    let id = try #require(call?.requestID)
    _ = try await call?.value
    #expect(fixture.store.getState().api.mutations[id]?.status == .fulfilled)
    call = nil
    #expect(fixture.store.getState().api.mutations[id] == nil)
  }

  @Test func upsertMakesAnEntryAndUpdateChangesOnlyAnEntryWithData() async throws {
    let fixture = Fixture()
    let missing = fixture.store.updateQueryData(fixture.getPost, 7) { $0.title = "never" }
    #expect(!missing.didChange)
    #expect(fixture.entry(fixture.getPost.key(7)) == nil)

    fixture.store.upsertQueryData(fixture.getPost, 7, Post(id: 7, title: "Seven"))
    #expect(fixture.store.queryResult(fixture.getPost, 7).data == Post(id: 7, title: "Seven"))
    let post = try await fixture.store.fetch(fixture.getPost, 7)
    #expect(post.title == "Seven")
    #expect(fixture.backend.total == 0)

    let patch = fixture.store.updateQueryData(fixture.getPost, 7) { $0.title = "Siete" }
    #expect(fixture.store.queryResult(fixture.getPost, 7).data?.title == "Siete")
    patch.undo()
    #expect(fixture.store.queryResult(fixture.getPost, 7).data?.title == "Seven")
  }

  @Test func prefetchFillsTheEntryWithoutASubscription() async throws {
    let fixture = Fixture(keepUnusedDataFor: .seconds(5))
    fixture.store.prefetch(fixture.getPost, 2)
    fixture.store.prefetch(fixture.getPost, 2)
    await waitUntil { fixture.store.queryResult(fixture.getPost, 2).isSuccess }
    #expect(fixture.backend.count("posts/2") == 1)
    let subscription = fixture.store.subscribe(to: fixture.getPost, 2)
    #expect(fixture.backend.count("posts/2") == 1)
    subscription.cancel()
    await waitUntil { fixture.clock.sleeperCount == 1 }
    await fixture.clock.advance(by: .seconds(5))
    await waitUntil { fixture.entry(fixture.getPost.key(2)) == nil }
    #expect(fixture.entry(fixture.getPost.key(2)) == nil)
  }

  @Test func theCacheEntryHookStreamsIntoItsEntryUntilItIsRemoved() async throws {
    let fixture = Fixture(keepUnusedDataFor: .seconds(1))
    let events = Events()
    let backend = fixture.backend
    let feed = fixture.api.query(
      "feed",
      onCacheEntryAdded: { (_: Void, entry: CacheEntryLifecycle<CacheTestState, [String]>) in
        events.append("added")
        guard let first = try? await entry.cacheDataLoaded else { return }
        events.append("loaded \(first)")
        entry.updateCachedData { $0.append("pushed") }
        await entry.cacheEntryRemoved
        events.append("removed")
      }
    ) { (_: Void) in
      _ = try await backend.allPosts()
      return ["fetched"]
    }
    var subscription: QuerySubscription? = fixture.store.subscribe(to: feed)
    await waitUntil { fixture.store.queryResult(feed, ()).data == ["fetched", "pushed"] }
    #expect(events.all == ["added", "loaded [\"fetched\"]"])
    subscription = nil
    await waitUntil { fixture.clock.sleeperCount == 1 }
    await fixture.clock.advance(by: .seconds(1))
    await waitUntil { events.all.count == 3 }
    #expect(events.all.last == "removed")
    #expect(subscription == nil)
  }

  @Test func aStoreThatGoesAwayIsFreedAndEndsItsHooksAndPolls() async throws {
    let clock = TestClock()
    let api = QueryAPI(cache: \CacheTestState.api, clock: clock)
    let events = Events()
    let feed = api.query(
      "feed",
      onCacheEntryAdded: { (_: Void, entry: CacheEntryLifecycle<CacheTestState, Int>) in
        await entry.cacheEntryRemoved
        events.append("removed")
      }
    ) { (_: Void) in 1 }
    var store: ReduxStore<CacheTestState, PayloadAction>? = createStore(
      reducer: combineReducers(.slice(\CacheTestState.api, api.reducer)), initialState: CacheTestState())
    weak let released = store
    let subscription = store?.subscribe(
      to: feed, options: QuerySubscriptionOptions(pollingInterval: .seconds(5)))
    await waitUntil { store?.queryResult(feed, ()).isSuccess == true }
    store = nil
    await waitUntil { events.all == ["removed"] }
    #expect(events.all == ["removed"])
    #expect(released == nil)
    await clock.advance(by: .seconds(5))
    subscription?.refetch()
    subscription?.cancel()
  }

  @Test func resetEmptiesTheCache() async throws {
    let fixture = Fixture()
    _ = try await fixture.store.fetch(fixture.getPost, 1)
    fixture.store.resetQueryCache(fixture.api)
    #expect(fixture.store.getState().api == QueryCacheState())
  }

  @Test func theAPIsActionsTellWhatHappened() async throws {
    let fixture = Fixture()
    let seen = Events()
    let store = fixture.store
    let api = fixture.api
    let unsubscribe = store.addMiddlewareForTesting(seen)
    _ = try await store.fetch(fixture.getPost, 1)
    _ = try await store.mutate(fixture.renamePost, PostEdit(id: 2, title: "Dos")).value
    #expect(
      seen.all == [
        "api/queryStarted", "api/queryFulfilled", "api/mutationStarted", "api/mutationFulfilled",
        "api/tagsInvalidated", "api/mutationRemoved",
      ])
    _ = (unsubscribe, api)
  }
}

/// What the checks saw, in order.
final class Events: Sendable {
  private let list = Locked<[String]>([])
  func append(_ event: String) { list.withLock { $0.append(event) } }
  var all: [String] { list.withLock { $0 } }
}

extension ReduxStore where Action == PayloadAction {
  /// Logs the type of every action that reaches the reducer.
  func addMiddlewareForTesting(_ events: Events) -> AddedMiddleware {
    addMiddleware(
      Middleware { _, action, next in
        events.append(action.type.name)
        next(action)
      })
  }
}
