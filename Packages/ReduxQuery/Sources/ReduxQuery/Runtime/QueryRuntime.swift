internal import ReduxCore

/// One store's side of a query API: who subscribes to which entry, the requests under way, and
/// the timers that remove unused entries and poll. It lives on the store's actor, as the store
/// does, and reaches the store weakly: a store that goes away ends its runtime's work.
final class QueryRuntime<State> {
  let api: QueryAPI<State>
  weak var store: ReduxStore<State, PayloadAction>?
  /// The store's actor, where requests come back and hooks run.
  let home: any Actor
  /// Each entry's subscriptions, by id, with the polling interval each asks for.
  var subscribers: [QueryKey: [Int: Duration?]] = [:]
  private var lastSubscriptionID = 0
  /// The request each entry waits for.
  var requests: [QueryKey: RunningRequest] = [:]
  /// Entries invalidated while their request ran: fetched again when it ends.
  var refetchWhenDone: Set<QueryKey> = []
  /// How to fetch each entry again (its endpoint and argument), for invalidation and polling.
  var starters: [QueryKey: (QueryRuntime) -> Void] = [:]
  /// How long each entry is kept unused.
  var keepTimes: [QueryKey: Duration] = [:]
  /// When each unused entry is to be removed, on the API's clock.
  var removalDeadlines: [QueryKey: Duration] = [:]
  /// The one timer that removes unused entries: it sleeps until the earliest deadline (a
  /// timer per entry would cost each cached entry a sleeping task).
  var sweeper: (deadline: Duration, task: Task<Void, Never>)?
  var pollers: [QueryKey: (interval: Duration, task: Task<Void, Never>)] = [:]
  /// When each entry's data arrived, on the API's clock.
  var fulfilledOnClock: [QueryKey: Duration] = [:]
  /// What each entry's `onCacheEntryAdded` hook waits for.
  var entryWatchers: [QueryKey: EntryWatchers] = [:]

  init(api: QueryAPI<State>, store: ReduxStore<State, PayloadAction>) {
    self.api = api
    self.store = store
    guard
      let home = store.engine.homeForAsyncWork(otherwise: { QueryProgrammerError.noHome(api: api.name) })
        .actor
    else { QueryProgrammerError.noHome(api: api.name) }
    self.home = home
    let storeID = ObjectIdentifier(store)
    store.engine.whenEnded { [weak self, api] in
      self?.stopWork()
      self?.starters = [:]
      // The registry lets go of the runtime, which holds the endpoints, which hold the API.
      api.runtimes.withLock { slots in slots[storeID] = nil }
    }
  }

  /// Ends the work that serves the store: timers, polls and requests are cancelled, and hooks
  /// waiting for their entry's removal are let go.
  private func stopWork() {
    sweeper?.task.cancel()
    sweeper = nil
    for poller in pollers.values { poller.task.cancel() }
    for request in requests.values {
      request.task?.cancel()
      request.outcome.settle(.failure(.cancelled))
    }
    removalDeadlines = [:]
    pollers = [:]
    requests = [:]
    let watchers = entryWatchers.values
    entryWatchers = [:]
    for watcher in watchers { watcher.entryRemoved() }
  }

  /// Forgets every subscription, request, timer and poll (the cache itself is emptied by the
  /// reset action the caller dispatches next).
  func reset() {
    for key in Array(requests.keys) { cancelRequest(key) }
    stopWork()
    subscribers = [:]
    starters = [:]
    keepTimes = [:]
    fulfilledOnClock = [:]
    refetchWhenDone = []
  }

  /// The store, for a hook that reads it; a hook that outlives its store stops with a message.
  var storeForHooks: ReduxStore<State, PayloadAction> {
    guard let store else { QueryProgrammerError.storeGone(api: api.name) }
    return store
  }

  /// The cache as the store holds it now.
  var cache: QueryCacheState { store.map { $0.getState()[keyPath: api.cache] } ?? QueryCacheState() }

  func dispatch(_ action: PayloadAction) {
    store?.dispatch(action)
  }

  /// Adds a subscription to `endpoint`'s entry for `argument`, fetching it when it has no data
  /// yet (or older than `options` accept) and no request is under way.
  func subscribe<Argument, Value>(
    _ endpoint: QueryEndpoint<State, Argument, Value>, _ argument: Argument,
    options: QuerySubscriptionOptions
  ) -> QuerySubscription {
    let key = endpoint.key(argument)
    remember(endpoint, argument, key)
    lastSubscriptionID += 1
    subscribers[key, default: [:]][lastSubscriptionID] = options.pollingInterval
    removalDeadlines[key] = nil
    if requests[key] == nil, needsFetch(key, olderThan: options.refetchOlderThan) {
      start(endpoint, argument)
    }
    if options.pollingInterval != nil { updatePolling(key) }
    return QuerySubscription(runtime: self, key: key, id: lastSubscriptionID)
  }

  /// Keeps how to fetch `key` again.
  func remember<Argument, Value>(
    _ endpoint: QueryEndpoint<State, Argument, Value>, _ argument: Argument, _ key: QueryKey
  ) {
    if starters[key] == nil { starters[key] = { runtime in runtime.start(endpoint, argument) } }
    keepTimes[key] = endpoint.keepUnusedDataFor ?? api.keepUnusedDataFor
  }

  /// Whether `key` has no data yet, or data older than `maximumAge`.
  func needsFetch(_ key: QueryKey, olderThan maximumAge: Duration?) -> Bool {
    guard let fulfilled = fulfilledOnClock[key], cache.queries[key]?.hasData == true else { return true }
    guard let maximumAge else { return false }
    return api.clock.now() - fulfilled >= maximumAge
  }

  func unsubscribe(_ key: QueryKey, id: Int) {
    guard let polled = subscribers[key]?.removeValue(forKey: id) else { return }
    if subscribers[key]?.isEmpty == true {
      subscribers[key] = nil
      cancelRequest(key)
      scheduleRemoval(key)
    }
    // Only a subscription that polled changes the entry's polling (a burst of plain ones does
    // not scan the others).
    if polled != nil || subscribers[key] == nil { updatePolling(key) }
  }

  func changePolling(_ key: QueryKey, id: Int, to interval: Duration?) {
    guard subscribers[key]?[id] != nil else { return }
    subscribers[key]?[id] = interval
    updatePolling(key)
  }

  func isSubscribed(_ key: QueryKey) -> Bool { subscribers[key] != nil }

  /// Removes `key` after its keeping time, unless someone subscribes before.
  func scheduleRemoval(_ key: QueryKey) {
    // A subscription that outlived its store starts no timer: nothing is left to remove.
    guard store != nil else { return }
    let deadline = api.clock.now() + (keepTimes[key] ?? api.keepUnusedDataFor)
    removalDeadlines[key] = deadline
    if let sweeper, sweeper.deadline <= deadline { return }
    sweep(at: deadline)
  }

  /// Starts the timer that removes the entries due at `deadline` and then waits for the next.
  private func sweep(at deadline: Duration) {
    sweeper?.task.cancel()
    let run = HomeBound(
      (runtime: WeakRuntime(self), sleep: api.clock.sleep, wait: deadline - api.clock.now()))
    let task = StoreHome.start(on: home, run) { run in
      // The work that let go of an entry ends before the entry goes, even with no keeping
      // time (and `sweeper` below is set before this runs on).
      await Task.yield()
      do { try await run.sleep(max(run.wait, .zero)) } catch { return }
      run.runtime.value?.removeDueEntries()
    }
    sweeper = (deadline, task)
  }

  /// Removes the unused entries whose keeping time is over, and waits for the next one.
  private func removeDueEntries() {
    sweeper = nil
    let now = api.clock.now()
    for (key, deadline) in removalDeadlines where deadline <= now { removeIfUnused(key) }
    if let next = removalDeadlines.values.min() { sweep(at: next) }
  }

  func removeIfUnused(_ key: QueryKey) {
    removalDeadlines[key] = nil
    guard subscribers[key] == nil, requests[key] == nil else { return }
    starters[key] = nil
    keepTimes[key] = nil
    fulfilledOnClock[key] = nil
    refetchWhenDone.remove(key)
    if cache.queries[key] != nil { dispatch(api.queryRemoved(QueryCacheEvent(key: key))) }
    entryWatchers.removeValue(forKey: key)?.entryRemoved()
  }

  /// Polls `key` at the shortest interval its subscriptions ask for, or stops.
  func updatePolling(_ key: QueryKey) {
    var interval: Duration?
    for case let asked? in subscribers[key]?.values ?? [:].values where interval == nil || asked < interval! {
      interval = asked
    }
    if pollers[key]?.interval == interval { return }
    pollers.removeValue(forKey: key)?.task.cancel()
    guard let interval, interval > .zero, store != nil else { return }
    let run = HomeBound((runtime: WeakRuntime(self), key: key, sleep: api.clock.sleep))
    let task = StoreHome.start(on: home, run) { run in
      while true {
        do { try await run.sleep(interval) } catch { return }
        guard let runtime = run.runtime.value, runtime.store != nil else { return }
        if runtime.requests[run.key] == nil { runtime.starters[run.key]?(runtime) }
      }
    }
    pollers[key] = (interval, task)
  }

  /// Fetches `key` again now, or as soon as its request under way ends.
  func refetch(_ key: QueryKey) {
    if requests[key] != nil {
      refetchWhenDone.insert(key)
    } else {
      starters[key]?(self)
    }
  }

  /// Marks tags stale: subscribed queries that provided them are fetched again (once, after a
  /// request under way), the others are removed.
  func invalidate(_ tags: [QueryTag]) {
    guard !tags.isEmpty else { return }
    dispatch(api.tagsInvalidated(tags))
    for key in cache.keys(invalidatedBy: tags) {
      if isSubscribed(key) {
        refetch(key)
      } else if requests[key] == nil {
        removeIfUnused(key)
      }
    }
  }
}

/// A runtime held weakly by a timer, so that the timer does not keep it (and its store's
/// entries) alive.
struct WeakRuntime<State> {
  weak var value: QueryRuntime<State>?

  init(_ value: QueryRuntime<State>) {
    self.value = value
  }
}
