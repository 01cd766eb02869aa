/// A change made by hand to a query's cached data, to take back (Redux Toolkit's patch
/// result's `undo`): what an optimistic update does when its mutation fails.
///
/// ```swift
/// let patch = store.updateQueryData(getPost, 3) { $0.title = "Renamed" }
/// patch.undo()
/// ```
public struct QueryPatch {
  /// The data before the change, and where it was.
  let undoBody: (() -> Void)?

  /// Whether the update changed anything (the entry had data to change).
  public var didChange: Bool { undoBody != nil }

  /// Puts the data back as it was before the update.
  ///
  /// The whole value goes back: a change made to the same entry since (a refetch's data) is
  /// replaced too, so undo before refetching, as the failed mutation's hook does.
  public func undo() { undoBody?() }
}

extension QueryRuntime {
  /// Writes `update` into `endpoint`'s cached data for `argument`, if there is any.
  func updateQueryData<Argument, Value>(
    _ endpoint: QueryEndpoint<State, Argument, Value>, _ argument: Argument,
    _ update: (inout Value) -> Void
  ) -> QueryPatch {
    let key = endpoint.key(argument)
    guard let before = cache.queries[key]?.data?.value as? Value else { return QueryPatch(undoBody: nil) }
    write(key, update)
    return QueryPatch { [weak self, api] in
      self?.dispatch(api.queryDataWritten(QueryCacheEvent(key: key, value: CachedValue(before))))
    }
  }

  /// Changes `key`'s data, if it has data of type `Value`.
  func write<Value: Sendable & Equatable>(_ key: QueryKey, _ update: (inout Value) -> Void) {
    guard var value = cache.queries[key]?.data?.value as? Value else { return }
    update(&value)
    dispatch(api.queryDataWritten(QueryCacheEvent(key: key, value: CachedValue(value))))
  }

  /// Puts `value` in `endpoint`'s entry for `argument`, making the entry if there is none
  /// (Redux Toolkit's `upsertQueryData`).
  func upsert<Argument, Value>(
    _ endpoint: QueryEndpoint<State, Argument, Value>, _ argument: Argument, _ value: Value
  ) {
    let key = endpoint.key(argument)
    let isNewEntry = cache.queries[key] == nil
    remember(endpoint, argument, key)
    fulfilledOnClock[key] = api.clock.now()
    dispatch(
      api.queryDataWritten(
        QueryCacheEvent(key: key, value: CachedValue(value), tags: endpoint.providesTags(value, argument))))
    if isNewEntry {
      startCacheEntryHook(endpoint, argument, key)
      entryWatchers[key]?.dataLoaded(CachedValue(value))
    }
    if !isSubscribed(key), requests[key] == nil { scheduleRemoval(key) }
  }

  /// Fetches `endpoint`'s entry for `argument` with no subscription, unless its data is
  /// younger than `maximumAge`; the entry is then kept for its keeping time, as unused.
  func prefetch<Argument, Value>(
    _ endpoint: QueryEndpoint<State, Argument, Value>, _ argument: Argument, olderThan maximumAge: Duration?
  ) {
    let key = endpoint.key(argument)
    remember(endpoint, argument, key)
    guard requests[key] == nil, needsFetch(key, olderThan: maximumAge) else { return }
    start(endpoint, argument)
  }
}
