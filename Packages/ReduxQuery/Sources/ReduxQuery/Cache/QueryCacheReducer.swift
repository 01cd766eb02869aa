extension QueryAPI {
  /// Applies the API's actions to its ``QueryCacheState``; every other action leaves the cache
  /// as it is.
  static func reduce(_ cache: inout QueryCacheState, _ action: PayloadAction, _ api: QueryAPI) {
    if let event = api.queryStarted.match(action) {
      var entry =
        cache.queries[event.key]
        ?? QueryEntry(key: event.key, status: .uninitialized)
      entry.status = .pending
      entry.requestID = event.requestID
      entry.startedAt = event.date
      cache.queries[event.key] = entry
    } else if let event = api.queryFulfilled.match(action) {
      guard var entry = cache.queries[event.key], entry.requestID == event.requestID else { return }
      entry.status = .fulfilled
      entry.data = event.value
      entry.error = nil
      entry.fulfilledAt = event.date
      entry.tags = event.tags
      cache.queries[event.key] = entry
    } else if let event = api.queryRejected.match(action) {
      guard var entry = cache.queries[event.key], entry.requestID == event.requestID else { return }
      if event.error == .cancelled, entry.hasData {
        // No one waits for the answer any more: the entry is as it was before the request.
        entry.status = .fulfilled
      } else {
        entry.status = .rejected
        entry.error = event.error
        if !event.tags.isEmpty { entry.tags = event.tags }
      }
      cache.queries[event.key] = entry
    } else if let event = api.queryDataWritten.match(action) {
      var entry =
        cache.queries[event.key]
        ?? QueryEntry(key: event.key, status: .fulfilled, fulfilledAt: event.date)
      entry.data = event.value
      if entry.status == .uninitialized { entry.status = .fulfilled }
      if !event.tags.isEmpty { entry.tags = event.tags }
      cache.queries[event.key] = entry
    } else if let event = api.queryRemoved.match(action) {
      cache.queries[event.key] = nil
    } else if let event = api.mutationStarted.match(action) {
      cache.mutations[event.requestID] = MutationEntry(
        endpoint: event.endpoint, requestID: event.requestID, status: .pending, startedAt: event.date)
    } else if let event = api.mutationFulfilled.match(action) {
      cache.mutations[event.requestID]?.status = .fulfilled
      cache.mutations[event.requestID]?.data = event.value
      cache.mutations[event.requestID]?.fulfilledAt = event.date
    } else if let event = api.mutationRejected.match(action) {
      cache.mutations[event.requestID]?.status = .rejected
      cache.mutations[event.requestID]?.error = event.error
    } else if let event = api.mutationRemoved.match(action) {
      cache.mutations[event.requestID] = nil
    } else if api.cacheReset ~= action {
      cache = QueryCacheState()
    }
  }
}
