internal import ReduxCore

/// A query store's cache, reachable from anywhere (Sendable): what a store of another style
/// holds to use the same cache, as a dependency of a reducer/effect feature or a property of a
/// class-based store. Each call runs on the query store's actor and comes back with the result.
///
/// ```swift
/// let client = store.queryClient
/// let post = try await client.fetch(getPost, 3)
/// ```
public struct QueryClient<State>: Sendable {
  private let home: StoreHome
  private let store: HomeBound<WeakQueryStore<State>>

  init(store: ReduxStore<State, PayloadAction>) {
    home = store.engine.homeForAsyncWork { QueryProgrammerError.noHome(api: "of this store") }
    self.store = HomeBound(WeakQueryStore(store: store))
  }

  /// Fetches a query's data once, as `store.fetch(_:_:olderThan:)` does on the store.
  ///
  /// ```swift
  /// let post = try await store.queryClient.fetch(getPost, 3)
  /// ```
  /// - Parameters:
  ///   - endpoint: The query.
  ///   - argument: Its argument.
  ///   - maximumAge: Fetch again if the data is at least this old.
  /// - Returns: The data.
  /// - Throws: The request's ``QueryError``; ``QueryError/cancelled`` once the store is gone.
  public func fetch<Argument, Value>(
    _ endpoint: QueryEndpoint<State, Argument, Value>, _ argument: Argument,
    olderThan maximumAge: Duration? = nil
  ) async throws(QueryError) -> Value {
    try await onStore { store throws(QueryError) in
      try await store.fetch(endpoint, argument, olderThan: maximumAge)
    }
  }

  /// Calls a mutation and waits for its result, as `store.mutate(_:_:)` does.
  ///
  /// ```swift
  /// let added = try await store.queryClient.mutate(addPost, NewPost(title: "Hello"))
  /// ```
  /// - Parameters:
  ///   - endpoint: The mutation.
  ///   - argument: Its argument.
  /// - Returns: Its result.
  /// - Throws: The call's ``QueryError``; ``QueryError/cancelled`` once the store is gone.
  public func mutate<Argument, Value>(
    _ endpoint: MutationEndpoint<State, Argument, Value>, _ argument: Argument
  ) async throws(QueryError) -> Value {
    try await onStore { store throws(QueryError) in try await store.mutate(endpoint, argument).value }
  }

  /// Marks tags stale, as `store.invalidate(_:in:)` does.
  ///
  /// ```swift
  /// await store.queryClient.invalidate([QueryTag("Post")], in: api)
  /// ```
  /// - Parameters:
  ///   - tags: The tags.
  ///   - api: The API whose cache holds them.
  public func invalidate(_ tags: [QueryTag], in api: QueryAPI<State>) async {
    _ = try? await onStore { store throws(QueryError) in store.invalidate(tags, in: api) }
  }

  /// Runs `body` with the store, on its actor.
  private func onStore<Result: Sendable>(
    _ body:
      nonisolated(nonsending) @escaping @Sendable (ReduxStore<State, PayloadAction>) async throws(QueryError)
      -> Result
  ) async throws(QueryError) -> Result {
    guard let actor = home.actor else { throw .cancelled }
    let outcome = await StoreHome.runAsync(on: actor, store) { weak -> Swift.Result<Result, QueryError> in
      guard let store = weak.store else { return .failure(.cancelled) }
      do throws(QueryError) { return .success(try await body(store)) } catch { return .failure(error) }
    }
    return try outcome.get()
  }
}

/// A query store held weakly, so a client does not keep it alive.
struct WeakQueryStore<State> {
  weak var store: ReduxStore<State, PayloadAction>?
}

extension ReduxStore where Action == PayloadAction {
  /// The store's cache as a `Sendable` client, for a store of another style (a reducer/effect
  /// feature's dependency, a class-based store's property) or any other actor. It holds the
  /// store weakly.
  ///
  /// ```swift
  /// let client = store.queryClient
  /// ```
  public var queryClient: QueryClient<State> { QueryClient(store: self) }
}
