/// A query of a server's data, declared once on its ``QueryAPI``: what to request for an
/// argument, the tags its data provides, how long it is kept unused, and hooks into its
/// lifecycle. Subscribe to it with `store.subscribe(to:_:options:)` or
/// `store.observeQuery(_:_:options:)`; read it with `store.queryResult(_:_:)`.
///
/// ```swift
/// let getPost = api.query("getPost", returning: Post.self, providesTags: { _, id in [QueryTag("Post", id: id)] }) {
///   (id: Int) in HTTPRequest(path: "posts/\(id)")
/// }
/// let post = try await store.fetch(getPost, 3)
/// ```
public struct QueryEndpoint<State, Argument: Sendable, Value: Sendable & Equatable>: Sendable {
  /// The endpoint's name, the first part of its cache keys.
  public let name: String
  /// The API it belongs to.
  public let api: QueryAPI<State>
  let fetch: QueryFunction<Argument, Value>
  let providesTags: @Sendable (Value?, Argument) -> [QueryTag]
  let keepUnusedDataFor: Duration?
  let onQueryStarted: QueryStartedHook<State, Argument, Value>?
  let onCacheEntryAdded: CacheEntryAddedHook<State, Argument, Value>?

  /// The cache key of the entry for `argument`.
  ///
  /// ```swift
  /// let entry = store.getState().api.queries[getPost.key(3)]
  /// ```
  /// - Parameter argument: The argument.
  /// - Returns: The key.
  public func key(_ argument: Argument) -> QueryKey {
    QueryKey(endpoint: name, argument: argument)
  }
}

/// A change on the server, declared once on its ``QueryAPI`` (Redux Toolkit's mutation): what
/// to request, and which tags its success makes stale, so the queries that provided them are
/// fetched again. Call it with `store.mutate(_:_:)`.
///
/// ```swift
/// let addPost = api.mutation("addPost", returning: Post.self, invalidatesTags: { _, _ in [QueryTag("Post", id: "LIST")] }) {
///   (post: NewPost) in try HTTPRequest(method: "POST", path: "posts", json: post)
/// }
/// let added = try await store.mutate(addPost, NewPost(title: "Hello")).value
/// ```
public struct MutationEndpoint<State, Argument: Sendable, Value: Sendable & Equatable>: Sendable {
  /// The endpoint's name.
  public let name: String
  /// The API it belongs to.
  public let api: QueryAPI<State>
  let fetch: QueryFunction<Argument, Value>
  let invalidatesTags: @Sendable (Value?, Argument) -> [QueryTag]
  let onQueryStarted: QueryStartedHook<State, Argument, Value>?
}

/// What an endpoint runs for an argument: it begins on the store's actor, inside the call that
/// started the request, as a Redux Toolkit query function does in `dispatch`, and comes back
/// there after each `await`.
public typealias QueryFunction<Argument, Value> =
  nonisolated(nonsending) @Sendable (Argument) async throws -> Value

/// Runs when a request of the endpoint starts, on the store's actor (Redux Toolkit's
/// `onQueryStarted`): the place of optimistic updates.
public typealias QueryStartedHook<State, Argument, Value: Sendable & Equatable> =
  nonisolated(nonsending) @Sendable (Argument, QueryStarted<State, Value>) async -> Void

/// Runs when an entry of the endpoint is added to the cache, on the store's actor (Redux
/// Toolkit's `onCacheEntryAdded`): the place of streaming updates into the entry.
public typealias CacheEntryAddedHook<State, Argument, Value: Sendable & Equatable> =
  nonisolated(nonsending) @Sendable (Argument, CacheEntryLifecycle<State, Value>) async -> Void

extension QueryAPI {
  /// Declares a query whose request is an ``HTTPRequest`` sent by the API's base query, its
  /// answer decoded from JSON as `Value`.
  ///
  /// ```swift
  /// let getPosts = api.query("getPosts", returning: [Post].self, providesTags: { _, _ in [QueryTag("Post")] }) {
  ///   (page: Int) in HTTPRequest(path: "posts", query: ["page": "\(page)"])
  /// }
  /// ```
  /// - Parameters:
  ///   - name: The endpoint's name; unique in the API.
  ///   - returning: The answer's type.
  ///   - keepUnusedDataFor: How long an entry no one subscribes to is kept; the API's by default.
  ///   - providesTags: The tags of an entry's data, from the data (`nil` after a failure) and
  ///     the argument.
  ///   - onQueryStarted: Runs when a request starts.
  ///   - onCacheEntryAdded: Runs when an entry is added.
  ///   - request: The request for an argument.
  /// - Returns: The endpoint.
  public func query<Argument: Sendable, Value: Decodable & Sendable & Equatable>(
    _ name: String, returning: Value.Type, keepUnusedDataFor: Duration? = nil,
    providesTags: @escaping @Sendable (Value?, Argument) -> [QueryTag] = { _, _ in [] },
    onQueryStarted: QueryStartedHook<State, Argument, Value>? = nil,
    onCacheEntryAdded: CacheEntryAddedHook<State, Argument, Value>? = nil,
    request: @escaping @Sendable (Argument) throws -> HTTPRequest
  ) -> QueryEndpoint<State, Argument, Value> {
    query(
      name, keepUnusedDataFor: keepUnusedDataFor, providesTags: providesTags,
      onQueryStarted: onQueryStarted, onCacheEntryAdded: onCacheEntryAdded,
      fetch: sending(name, request, as: Value.self))
  }

  /// Declares a query that runs a function of yours in place of a request (Redux Toolkit's
  /// `queryFn`): a database, a file, another library's client, a fake in a test.
  ///
  /// ```swift
  /// let getCount = api.query("getCount") { (_: Void) in try await counterService.count() }
  /// ```
  /// - Parameters:
  ///   - name: The endpoint's name; unique in the API.
  ///   - keepUnusedDataFor: How long an entry no one subscribes to is kept; the API's by default.
  ///   - providesTags: The tags of an entry's data.
  ///   - onQueryStarted: Runs when a request starts.
  ///   - onCacheEntryAdded: Runs when an entry is added.
  ///   - fetch: Gets the data for an argument; what it throws becomes the entry's
  ///     ``QueryError`` (a `QueryError` as it is). It begins on the store's actor, inside the
  ///     call that started the request; hand long computation to a task of its own.
  /// - Returns: The endpoint.
  public func query<Argument: Sendable, Value: Sendable & Equatable>(
    _ name: String, keepUnusedDataFor: Duration? = nil,
    providesTags: @escaping @Sendable (Value?, Argument) -> [QueryTag] = { _, _ in [] },
    onQueryStarted: QueryStartedHook<State, Argument, Value>? = nil,
    onCacheEntryAdded: CacheEntryAddedHook<State, Argument, Value>? = nil,
    fetch: @escaping QueryFunction<Argument, Value>
  ) -> QueryEndpoint<State, Argument, Value> {
    if name.isEmpty { QueryProgrammerError.emptyName(of: "A query endpoint") }
    return QueryEndpoint(
      name: name, api: self, fetch: fetch, providesTags: providesTags,
      keepUnusedDataFor: keepUnusedDataFor, onQueryStarted: onQueryStarted,
      onCacheEntryAdded: onCacheEntryAdded)
  }

  /// Declares a mutation whose request is an ``HTTPRequest`` sent by the API's base query.
  ///
  /// ```swift
  /// let renamePost = api.mutation("renamePost", returning: Post.self, invalidatesTags: { _, edit in [QueryTag("Post", id: edit.id)] }) {
  ///   (edit: PostEdit) in try HTTPRequest(method: "PATCH", path: "posts/\(edit.id)", json: edit)
  /// }
  /// ```
  /// - Parameters:
  ///   - name: The endpoint's name.
  ///   - returning: The answer's type (``NoContent`` for none).
  ///   - invalidatesTags: The tags the call makes stale, from its result (`nil` after a
  ///     failure, as a failed call may still have changed the server) and argument.
  ///   - onQueryStarted: Runs when a call starts: the place of optimistic updates.
  ///   - request: The request for an argument.
  /// - Returns: The endpoint.
  public func mutation<Argument: Sendable, Value: Decodable & Sendable & Equatable>(
    _ name: String, returning: Value.Type,
    invalidatesTags: @escaping @Sendable (Value?, Argument) -> [QueryTag] = { _, _ in [] },
    onQueryStarted: QueryStartedHook<State, Argument, Value>? = nil,
    request: @escaping @Sendable (Argument) throws -> HTTPRequest
  ) -> MutationEndpoint<State, Argument, Value> {
    mutation(
      name, invalidatesTags: invalidatesTags, onQueryStarted: onQueryStarted,
      fetch: sending(name, request, as: Value.self))
  }

  /// Declares a mutation that runs a function of yours in place of a request.
  ///
  /// ```swift
  /// let increment = api.mutation("increment", invalidatesTags: { _, _ in [QueryTag("Count")] }) {
  ///   (by: Int) in try await counterService.add(by)
  /// }
  /// ```
  /// - Parameters:
  ///   - name: The endpoint's name.
  ///   - invalidatesTags: The tags the call makes stale.
  ///   - onQueryStarted: Runs when a call starts.
  ///   - fetch: Makes the change and returns its result; it begins on the store's actor.
  /// - Returns: The endpoint.
  public func mutation<Argument: Sendable, Value: Sendable & Equatable>(
    _ name: String,
    invalidatesTags: @escaping @Sendable (Value?, Argument) -> [QueryTag] = { _, _ in [] },
    onQueryStarted: QueryStartedHook<State, Argument, Value>? = nil,
    fetch: @escaping QueryFunction<Argument, Value>
  ) -> MutationEndpoint<State, Argument, Value> {
    if name.isEmpty { QueryProgrammerError.emptyName(of: "A mutation endpoint") }
    return MutationEndpoint(
      name: name, api: self, fetch: fetch, invalidatesTags: invalidatesTags,
      onQueryStarted: onQueryStarted)
  }

  /// The function that sends an endpoint's request with the base query and decodes its answer.
  private func sending<Argument, Value: Decodable & Sendable>(
    _ name: String, _ request: @escaping @Sendable (Argument) throws -> HTTPRequest,
    as type: Value.Type
  ) -> QueryFunction<Argument, Value> {
    guard let baseQuery else { QueryProgrammerError.noBaseQuery(api: self.name, endpoint: name) }
    return { argument in try await baseQuery.value(of: try request(argument)) }
  }
}
