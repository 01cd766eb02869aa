extension ReduxStore where Action == PayloadAction {
  /// Subscribes to a query's entry (Redux Toolkit's `dispatch(endpoint.initiate(argument))`):
  /// fetches it if it has no data, keeps it while the subscription lives, and fetches it again
  /// when a mutation invalidates its tags. Any number of subscribers share one request.
  ///
  /// ```swift
  /// let posts = store.subscribe(to: getPosts, 1)
  /// ```
  /// - Parameters:
  ///   - endpoint: The query.
  ///   - argument: Its argument.
  ///   - options: Polling and how old the data may be.
  /// - Returns: The subscription; the entry is let go when it is cancelled or released.
  public func subscribe<Argument, Value>(
    to endpoint: QueryEndpoint<State, Argument, Value>, _ argument: Argument,
    options: QuerySubscriptionOptions = QuerySubscriptionOptions()
  ) -> QuerySubscription {
    endpoint.api.runtime(for: self).subscribe(endpoint, argument, options: options)
  }

  /// Subscribes to a query that takes no argument.
  ///
  /// ```swift
  /// let posts = store.subscribe(to: getAllPosts)
  /// ```
  /// - Parameters:
  ///   - endpoint: The query.
  ///   - options: Polling and how old the data may be.
  /// - Returns: The subscription.
  public func subscribe<Value>(
    to endpoint: QueryEndpoint<State, Void, Value>,
    options: QuerySubscriptionOptions = QuerySubscriptionOptions()
  ) -> QuerySubscription {
    subscribe(to: endpoint, (), options: options)
  }

  /// A query's entry, read with the endpoint's type. Inside `withObservationTracking` (or a
  /// SwiftUI body) the read is tracked on the cache's field; for a view,
  /// ``observeQuery(_:_:options:)`` is told only of its own entry.
  ///
  /// ```swift
  /// let post = store.queryResult(getPost, 3).data
  /// ```
  /// - Parameters:
  ///   - endpoint: The query.
  ///   - argument: Its argument.
  /// - Returns: The entry's status, data and error.
  public func queryResult<Argument, Value>(
    _ endpoint: QueryEndpoint<State, Argument, Value>, _ argument: Argument
  ) -> QueryResult<Value> {
    QueryResult(state(endpoint.api.cache).queries[endpoint.key(argument)])
  }

  /// Fetches a query's data once (Redux Toolkit's `initiate(argument).unwrap()`): the cached
  /// data if there is some (younger than `maximumAge`, if given), or the answer of the request
  /// under way or of a new one.
  ///
  /// ```swift
  /// let post = try await store.fetch(getPost, 3)
  /// ```
  /// - Parameters:
  ///   - endpoint: The query.
  ///   - argument: Its argument.
  ///   - maximumAge: Fetch again if the data is at least this old.
  /// - Returns: The data.
  /// - Throws: The request's ``QueryError``.
  nonisolated(nonsending) public func fetch<Argument, Value>(
    _ endpoint: QueryEndpoint<State, Argument, Value>, _ argument: Argument,
    olderThan maximumAge: Duration? = nil
  ) async throws(QueryError) -> Value {
    let runtime = endpoint.api.runtime(for: self)
    let subscription = runtime.subscribe(
      endpoint, argument, options: QuerySubscriptionOptions(refetchOlderThan: maximumAge))
    defer { subscription.cancel() }
    let key = endpoint.key(argument)
    if let outcome = runtime.requests[key]?.outcome {
      return try await outcome.value().typed(Value.self).get()
    }
    let entry = runtime.cache.queries[key]
    if let value = entry?.data?.value as? Value { return value }
    throw entry?.error ?? .cancelled
  }

  /// Calls a mutation (Redux Toolkit's `dispatch(mutation.initiate(argument))`): its entry
  /// turns pending now; when it returns, the queries that provided the tags it invalidates are
  /// fetched again.
  ///
  /// ```swift
  /// let post = try await store.mutate(addPost, NewPost(title: "Hello")).value
  /// ```
  /// - Parameters:
  ///   - endpoint: The mutation.
  ///   - argument: Its argument.
  /// - Returns: The call, to await or to reset.
  @discardableResult
  public func mutate<Argument, Value>(
    _ endpoint: MutationEndpoint<State, Argument, Value>, _ argument: Argument
  ) -> MutationRequest<Value> {
    endpoint.api.runtime(for: self).mutate(endpoint, argument)
  }

  /// Marks tags stale, as a mutation does (Redux Toolkit's `api.util.invalidateTags`):
  /// subscribed queries that provided them are fetched again, unused ones removed.
  ///
  /// ```swift
  /// store.invalidate([QueryTag("Post")], in: api)
  /// ```
  /// - Parameters:
  ///   - tags: The tags.
  ///   - api: The API whose cache holds them.
  public func invalidate(_ tags: [QueryTag], in api: QueryAPI<State>) {
    api.runtime(for: self).invalidate(tags)
  }

  /// Fetches a query's data ahead of need, with no subscription (Redux Toolkit's `prefetch`):
  /// the entry is then kept for its keeping time, so a screen that subscribes soon finds it.
  ///
  /// ```swift
  /// store.prefetch(getPost, 4)
  /// ```
  /// - Parameters:
  ///   - endpoint: The query.
  ///   - argument: Its argument.
  ///   - maximumAge: Fetch only if there is no data at least this young; by default, only if
  ///     there is no data.
  public func prefetch<Argument, Value>(
    _ endpoint: QueryEndpoint<State, Argument, Value>, _ argument: Argument,
    ifOlderThan maximumAge: Duration? = nil
  ) {
    endpoint.api.runtime(for: self).prefetch(endpoint, argument, olderThan: maximumAge)
  }

  /// Changes a query's cached data now, if the entry has data (Redux Toolkit's
  /// `api.util.updateQueryData`): an optimistic update, or a change the server told of
  /// another way.
  ///
  /// ```swift
  /// let patch = store.updateQueryData(getPost, 3) { $0.title = "Renamed" }
  /// patch.undo()
  /// ```
  /// - Parameters:
  ///   - endpoint: The query.
  ///   - argument: Its argument.
  ///   - update: Changes the data.
  /// - Returns: The patch, to undo.
  @discardableResult
  public func updateQueryData<Argument, Value>(
    _ endpoint: QueryEndpoint<State, Argument, Value>, _ argument: Argument,
    _ update: (inout Value) -> Void
  ) -> QueryPatch {
    endpoint.api.runtime(for: self).updateQueryData(endpoint, argument, update)
  }

  /// Puts data in a query's entry, making the entry if there is none (Redux Toolkit's
  /// `upsertQueryData`): a mutation's answer that is the query's data, say.
  ///
  /// ```swift
  /// store.upsertQueryData(getPost, created.id, created)
  /// ```
  /// - Parameters:
  ///   - endpoint: The query.
  ///   - argument: Its argument.
  ///   - value: The data.
  public func upsertQueryData<Argument, Value>(
    _ endpoint: QueryEndpoint<State, Argument, Value>, _ argument: Argument, _ value: Value
  ) {
    endpoint.api.runtime(for: self).upsert(endpoint, argument, value)
  }

  /// Fetches a query's entry again now, whether or not it is subscribed to.
  ///
  /// ```swift
  /// store.refetch(getPosts, 1)
  /// ```
  /// - Parameters:
  ///   - endpoint: The query.
  ///   - argument: Its argument.
  public func refetch<Argument, Value>(
    _ endpoint: QueryEndpoint<State, Argument, Value>, _ argument: Argument
  ) {
    let runtime = endpoint.api.runtime(for: self)
    let key = endpoint.key(argument)
    runtime.remember(endpoint, argument, key)
    runtime.refetch(key)
  }

  /// Empties an API's cache and ends everything its runtime does for this store (Redux
  /// Toolkit's `api.util.resetApiState()`): requests under way are cancelled, subscriptions and
  /// their polling end, and no removal is pending. A screen subscribes again to show data
  /// again (a new `observeQuery`, or a new ``ObservedQuery/argument``).
  ///
  /// ```swift
  /// store.resetQueryCache(api)
  /// ```
  /// - Parameter api: The API.
  public func resetQueryCache(_ api: QueryAPI<State>) {
    api.runtime(for: self).reset()
    dispatch(api.cacheReset())
  }
}
