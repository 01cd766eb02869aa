import Foundation
import ReduxCore
import ReduxQuery
import ReduxTesting
import Testing

// Redux Toolkit Query's own tests that apply here, rewritten with a functional store and a test
// clock, keeping their inputs and what they check: invalidation.test.tsx (the matrix of provided
// and invalidated tags), cacheCollection.test.ts (keeping times), polling.test.tsx,
// cacheLifecycle.test.ts and queryLifecycle.test.tsx. Rows of the matrix with `null` or
// `undefined` tags are left out: a `[QueryTag]` has no such element.

/// A store with one API over functions, on a test clock.
@MainActor
private func portStore(
  keepUnusedDataFor: Duration = .seconds(60)
) -> (QueryAPI<CacheTestState>, ReduxStore<CacheTestState, PayloadAction>, TestClock) {
  let clock = TestClock()
  let api = QueryAPI(cache: \CacheTestState.api, keepUnusedDataFor: keepUnusedDataFor, clock: clock)
  let store = createStore(
    reducer: combineReducers(.slice(\CacheTestState.api, api.reducer)), initialState: CacheTestState())
  return (api, store, clock)
}

/// Counts calls, across tasks.
private final class Counter: Sendable {
  private let count = Locked(0)
  func increment() { count.withLock { $0 += 1 } }
  var value: Int { count.withLock { $0 } }
}

private let t = QueryTag.init(_:)
private func t(_ type: String, _ id: Int) -> QueryTag { QueryTag(type, id: id) }

/// invalidation.test.tsx: providesTags, invalidatesTags, should invalidate.
private let invalidationMatrix: [([QueryTag], [QueryTag], Bool)] = [
  ([t("apple")], [t("apple")], true),
  ([t("apple")], [t("pear")], false),
  ([t("apple", 1)], [t("apple")], true),
  ([t("pear", 1)], [t("apple")], false),
  ([t("apple")], [t("apple", 1)], false),
  ([t("pear")], [t("apple", 1)], false),
  ([t("apple", 1)], [t("apple", 1)], true),
  ([t("apple", 1)], [t("apple", 2)], false),
  ([t("apple"), t("banana"), t("tomato")], [t("apple")], true),
  ([t("apple")], [t("pear"), t("banana"), t("tomato")], false),
  ([t("apple", 1), t("apple", 3), t("apple", 4)], [t("apple", 1)], true),
  ([t("apple", 1)], [t("apple", 2), t("apple", 3), t("apple", 4)], false),
]

@MainActor
@Suite struct RTKQueryPortTests {
  @Test(arguments: invalidationMatrix.indices)
  func invalidationMatrixRow(_ row: Int) async throws {
    let (provides, invalidates, shouldInvalidate) = invalidationMatrix[row]
    let (api, store, _) = portStore()
    let queryCount = Counter()
    let providing = api.query("providing", providesTags: { _, _ in provides }) { (_: Void) -> Int in
      queryCount.increment()
      return queryCount.value
    }
    let unrelated = api.query("unrelated", providesTags: { _, _ in [t("cat"), t("dog"), t("giraffe", 8)] }) {
      (_: Void) in 0
    }
    let invalidating = api.mutation("invalidating", invalidatesTags: { _, _ in invalidates }) { (_: Void) in 0
    }
    let kept = [store.subscribe(to: providing), store.subscribe(to: unrelated)]
    #expect(queryCount.value == 1)
    await waitUntil {
      store.queryResult(providing, ()).isSuccess && store.queryResult(unrelated, ()).isSuccess
    }

    _ = try await store.mutate(invalidating, ()).value
    #expect(queryCount.value == (shouldInvalidate ? 2 : 1), "the refetch began in the mutation's end")
    await settle()
    #expect(queryCount.value == (shouldInvalidate ? 2 : 1))
    _ = kept
  }

  // cacheCollection.test.ts

  @Test func queryAwaitCleanupDefaults() async throws {
    let (api, store, clock) = portStore()
    let query = api.query("query") { (_: String) in 1 }
    _ = try await store.fetch(query, "arg")
    await waitUntil { clock.sleeperCount == 1 }
    await clock.advance(by: .seconds(59))
    #expect(store.getState().api.queries.count == 1)
    await clock.advance(by: .seconds(2))
    await waitUntil { store.getState().api.queries.isEmpty }
    #expect(store.getState().api.queries.isEmpty)
  }

  @Test func queryAwaitCleanupKeepUnusedDataForSet() async throws {
    let (api, store, clock) = portStore(keepUnusedDataFor: .seconds(29))
    let query = api.query("query") { (_: String) in 1 }
    _ = try await store.fetch(query, "arg")
    await waitUntil { clock.sleeperCount == 1 }
    await clock.advance(by: .seconds(28))
    #expect(store.getState().api.queries.count == 1)
    await clock.advance(by: .seconds(2))
    await waitUntil { store.getState().api.queries.isEmpty }
    #expect(store.getState().api.queries.isEmpty)
  }

  @Test func endpointKeepUnusedDataFor() async throws {
    let (api, store, clock) = portStore(keepUnusedDataFor: .seconds(29))
    let query2 = api.query("query2", keepUnusedDataFor: .seconds(35)) { (_: String) in 1 }
    _ = try await store.fetch(query2, "arg")
    await waitUntil { clock.sleeperCount == 1 }
    await clock.advance(by: .seconds(34))
    #expect(store.getState().api.queries.count == 1)
    await clock.advance(by: .seconds(2))
    await waitUntil { store.getState().api.queries.isEmpty }
    #expect(store.getState().api.queries.isEmpty)
  }

  @Test func endpointKeepUnusedDataForZero() async throws {
    let (api, store, _) = portStore(keepUnusedDataFor: .seconds(29))
    let query3 = api.query("query3", keepUnusedDataFor: .zero) { (_: String) in 1 }
    _ = try await store.fetch(query3, "arg")
    #expect(store.getState().api.queries.count == 1, "not removed inside the call that let it go")
    await waitUntil { store.getState().api.queries.isEmpty }
    #expect(store.getState().api.queries.isEmpty)
  }

  @Test func resetApiStateAbortsMultipleRunningQueriesAndMutations() async throws {
    let (api, store, _) = portStore()
    let backend = Backend()
    backend.hold()
    let query1 = api.query("query1") { (_: String) in try await backend.post(1) }
    let query2 = api.query("query2") { (_: String) in try await backend.post(2) }
    let kept = [store.subscribe(to: query1, "arg1"), store.subscribe(to: query2, "arg2")]
    await waitUntil { backend.total == 2 }
    store.resetQueryCache(api)
    await waitUntil { backend.cancellations == 2 }
    #expect(backend.cancellations == 2)
    #expect(store.getState().api == QueryCacheState())
    _ = kept
  }

  // polling.test.tsx

  @Test func clearsIntervalsWhenSeeingAResetApiStateAction() async throws {
    let (api, store, clock) = portStore()
    let calls = Counter()
    let getPosts = api.query("getPosts") { (_: Int) -> Int in
      calls.increment()
      return 1
    }
    let polled = store.subscribe(
      to: getPosts, 1, options: QuerySubscriptionOptions(pollingInterval: .milliseconds(10)))
    await waitUntil { store.queryResult(getPosts, 1).isSuccess }
    #expect(calls.value == 1)
    store.resetQueryCache(api)
    await clock.advance(by: .milliseconds(30))
    await settle()
    #expect(calls.value == 1)
    _ = polled
  }

  @Test func replacesPollingIntervalWhenTheSubscriptionOptionsAreUpdated() async throws {
    let (api, store, clock) = portStore()
    let calls = Counter()
    let getPosts = api.query("getPosts") { (_: Int) -> Int in
      calls.increment()
      return calls.value
    }
    let subscription = store.subscribe(
      to: getPosts, 1, options: QuerySubscriptionOptions(pollingInterval: .milliseconds(10)))
    await waitUntil { store.queryResult(getPosts, 1).isSuccess }
    subscription.poll(every: .milliseconds(20))
    await waitUntil { clock.sleeperCount == 1 }
    await clock.advance(by: .milliseconds(10))
    await settle()
    #expect(calls.value == 1, "the 10 ms interval was replaced")
    await clock.advance(by: .milliseconds(10))
    await waitUntil { calls.value == 2 }
    #expect(calls.value == 2)
  }

  @Test func doesNotReplaceTheIntervalWhenRemovingASharedQueryInstanceWithAPoll() async throws {
    let (api, store, clock) = portStore()
    let calls = Counter()
    let getPosts = api.query("getPosts") { (_: Int) -> Int in
      calls.increment()
      return calls.value
    }
    let options = QuerySubscriptionOptions(pollingInterval: .milliseconds(10))
    let subscriptionOne = store.subscribe(to: getPosts, 1, options: options)
    let subscriptionTwo = store.subscribe(to: getPosts, 1, options: options)
    await waitUntil { store.queryResult(getPosts, 1).isSuccess }
    subscriptionOne.cancel()
    await waitUntil { clock.sleeperCount == 1 }
    await clock.advance(by: .milliseconds(10))
    await waitUntil { calls.value == 2 }
    #expect(calls.value == 2)
    _ = subscriptionTwo
  }

  @Test func usesLowestSpecifiedIntervalWhenTwoComponentsAreMounted() async throws {
    let (api, store, clock) = portStore()
    let calls = Counter()
    let getPosts = api.query("getPosts") { (_: Int) -> Int in
      calls.increment()
      return calls.value
    }
    let slow = store.subscribe(
      to: getPosts, 1, options: QuerySubscriptionOptions(pollingInterval: .seconds(30)))
    let fast = store.subscribe(
      to: getPosts, 1, options: QuerySubscriptionOptions(pollingInterval: .milliseconds(10)))
    await waitUntil { store.queryResult(getPosts, 1).isSuccess }
    await waitUntil { clock.sleeperCount == 1 }
    await clock.advance(by: .milliseconds(20))
    await waitUntil { calls.value >= 2 }
    #expect(calls.value >= 2)
    _ = (slow, fast)
  }

  // cacheLifecycle.test.ts

  @Test func newCacheEntryOnlyAndFurtherSubscriptionsDoNotStartAnotherLifecycle() async throws {
    let (api, store, _) = portStore()
    let added = Events()
    let injected = api.query(
      "injected",
      onCacheEntryAdded: { (argument: String, _: CacheEntryLifecycle<CacheTestState, Int>) in
        added.append(argument)
      }
    ) { (_: String) in 1 }
    _ = try await store.fetch(injected, "arg")
    #expect(added.all == ["arg"])
    _ = try await store.fetch(injected, "arg")
    _ = try await store.fetch(injected, "arg", olderThan: .zero)
    #expect(added.all == ["arg"])
  }

  @Test func aPrefetchAlsoStartsALifecycle() async throws {
    let (api, store, _) = portStore()
    let added = Events()
    let injected = api.query(
      "injected",
      onCacheEntryAdded: { (_: Void, _: CacheEntryLifecycle<CacheTestState, Int>) in added.append("new") }
    ) { (_: Void) in 1 }
    store.prefetch(injected, ())
    await waitUntil { store.queryResult(injected, ()).isSuccess }
    #expect(added.all == ["new"])
    _ = try await store.fetch(injected, ())
    #expect(added.all == ["new"])
  }

  @Test func awaitCacheDataLoadedNeverResolvesWhenTheEntryGoesFirst() async throws {
    let (api, store, clock) = portStore()
    let events = Events()
    let injected = api.query(
      "injected",
      onCacheEntryAdded: { (argument: String, entry: CacheEntryLifecycle<CacheTestState, Int>) in
        events.append("new \(argument)")
        do {
          let first = try await entry.cacheDataLoaded
          events.append("first \(first)")
          await entry.cacheEntryRemoved
          events.append("cleanup")
        } catch {
          events.append("no data: \(error)")
        }
      }
    ) { (_: String) -> Int in throw QueryError.status(500, body: Data()) }
    let subscription = store.subscribe(to: injected, "arg")
    #expect(events.all == ["new arg"])
    await waitUntil { store.queryResult(injected, "arg").isError }
    subscription.cancel()
    await waitUntil { clock.sleeperCount == 1 }
    await clock.advance(by: .seconds(120))
    await waitUntil { events.all.count == 2 }
    #expect(events.all == ["new arg", "no data: \(QueryError.cancelled)"])
  }

  @Test func updateCachedDataWritesIntoTheEntry() async throws {
    let (api, store, _) = portStore()
    let injected = api.query(
      "injected",
      onCacheEntryAdded: { (_: Void, entry: CacheEntryLifecycle<CacheTestState, [String]>) in
        guard (try? await entry.cacheDataLoaded) != nil else { return }
        entry.updateCachedData { $0.append("updated") }
      }
    ) { (_: Void) in ["fetched"] }
    let kept = store.subscribe(to: injected)
    await waitUntil { store.queryResult(injected, ()).data == ["fetched", "updated"] }
    #expect(store.queryResult(injected, ()).data == ["fetched", "updated"])
    _ = kept
  }

  // queryLifecycle.test.tsx

  @Test func onQueryStartedRunsForEachRequestAndGetsItsOutcome() async throws {
    let (api, store, _) = portStore()
    let events = Events()
    let fails = Locked(false)
    let query = api.query(
      "query",
      onQueryStarted: { (argument: String, started: QueryStarted<CacheTestState, Int>) in
        events.append("started \(argument)")
        do {
          events.append("fulfilled \(try await started.queryFulfilled)")
        } catch {
          events.append("rejected \(error)")
        }
      }
    ) { (_: String) -> Int in
      if fails.withLock({ $0 }) { throw QueryError.status(500, body: Data()) }
      return 1
    }
    _ = try await store.fetch(query, "arg")
    await waitUntil { events.all.count == 2 }
    fails.withLock { $0 = true }
    _ = try? await store.fetch(query, "arg", olderThan: .zero)
    await waitUntil { events.all.count == 4 }
    #expect(
      events.all == [
        "started arg", "fulfilled 1", "started arg", "rejected \(QueryError.status(500, body: Data()))",
      ])
  }

  @Test func aMutationsOnQueryStartedGetsItsOutcome() async throws {
    let (api, store, _) = portStore()
    let events = Events()
    let mutation = api.mutation(
      "mutation",
      onQueryStarted: { (argument: Int, started: QueryStarted<CacheTestState, Int>) in
        events.append("started \(argument)")
        if let value = try? await started.queryFulfilled { events.append("fulfilled \(value)") }
      }
    ) { (argument: Int) in argument * 2 }
    #expect(try await store.mutate(mutation, 21).value == 42)
    await waitUntil { events.all.count == 2 }
    #expect(events.all == ["started 21", "fulfilled 42"])
  }
}
