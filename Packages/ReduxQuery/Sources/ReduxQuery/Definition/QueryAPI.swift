internal import ReduxCore

/// A server's API as the cache knows it (Redux Toolkit Query's `createApi`): where the cache
/// lives in your state, how requests go out, and how long unused data stays. Declare endpoints
/// on it with ``query(_:returning:keepUnusedDataFor:providesTags:onQueryStarted:onCacheEntryAdded:request:)``
/// and ``mutation(_:returning:invalidatesTags:onQueryStarted:request:)``; put its ``reducer`` in
/// your store's reducer.
///
/// ```swift
/// struct AppState { var api = QueryCacheState() }
///
/// let api = QueryAPI(cache: \AppState.api, baseQuery: .http(baseURL: serverURL))
/// let getPost = api.query("getPost", returning: Post.self) { (id: Int) in HTTPRequest(path: "posts/\(id)") }
///
/// let store = createStore(
///   reducer: combineReducers(.slice(\AppState.api, api.reducer)), initialState: AppState())
/// let post = try await store.fetch(getPost, 1)
/// ```
///
/// One API serves any number of stores: each store has its own cache (in its state), its own
/// subscriptions and its own requests.
public final class QueryAPI<State>: Sendable {
  /// The first part of the API's action types (Redux Toolkit's `reducerPath`): `"api"` makes
  /// `"api/queryStarted"`.
  public let name: String
  /// Where the cache lives in your state.
  let cache: any WritableKeyPath<State, QueryCacheState> & Sendable
  /// How requests made from an ``HTTPRequest`` go out.
  let baseQuery: BaseQuery?
  /// How long an entry no one subscribes to is kept, unless its endpoint says otherwise.
  let keepUnusedDataFor: Duration
  /// The clock of keeping, polling and staleness: a test's clock in tests.
  let clock: QueryClock
  /// Each store's subscriptions and requests.
  let runtimes = Locked<[ObjectIdentifier: RuntimeSlot]>([:])

  /// Dispatched when a query's request starts.
  public let queryStarted: ActionCreator<QueryCacheEvent>
  /// Dispatched when a query's request returns data.
  public let queryFulfilled: ActionCreator<QueryCacheEvent>
  /// Dispatched when a query's request fails or is cancelled.
  public let queryRejected: ActionCreator<QueryCacheEvent>
  /// Dispatched when an entry's data is written by hand (an optimistic update, its undo, an
  /// upsert, a streaming update).
  public let queryDataWritten: ActionCreator<QueryCacheEvent>
  /// Dispatched when an entry is removed: unused for `keepUnusedDataFor`, or invalidated with
  /// no subscriber.
  public let queryRemoved: ActionCreator<QueryCacheEvent>
  /// Dispatched when tags are invalidated, before the queries they reach are fetched again.
  public let tagsInvalidated: ActionCreator<[QueryTag]>
  /// Dispatched when a mutation call starts.
  public let mutationStarted: ActionCreator<MutationEvent>
  /// Dispatched when a mutation call returns.
  public let mutationFulfilled: ActionCreator<MutationEvent>
  /// Dispatched when a mutation call fails.
  public let mutationRejected: ActionCreator<MutationEvent>
  /// Dispatched when a mutation call's entry is let go (``MutationRequest/reset()``).
  public let mutationRemoved: ActionCreator<MutationEvent>
  /// Empties the cache (Redux Toolkit's `api.util.resetApiState()`); dispatch it with
  /// `store.resetQueryCache(_:)`, which also cancels the requests under way.
  public let cacheReset: ActionCreator<Void>

  /// Declares an API.
  ///
  /// ```swift
  /// let api = QueryAPI(
  ///   cache: \AppState.api, baseQuery: .http(baseURL: serverURL), keepUnusedDataFor: .seconds(30))
  /// ```
  /// - Parameters:
  ///   - name: The first part of the API's action types; two APIs in one store need two names.
  ///   - cache: Where the cache lives in your state.
  ///   - baseQuery: How an endpoint's ``HTTPRequest`` goes out; endpoints written as functions
  ///     need none.
  ///   - keepUnusedDataFor: How long an entry no one subscribes to is kept (Redux Toolkit's
  ///     default: 60 seconds).
  ///   - clock: The clock of keeping, polling and staleness; a test clock in tests.
  public init(
    name: String = "api",
    cache: any WritableKeyPath<State, QueryCacheState> & Sendable,
    baseQuery: BaseQuery? = nil,
    keepUnusedDataFor: Duration = .seconds(60),
    clock: any Clock<Duration> = ContinuousClock()
  ) {
    if name.isEmpty { QueryProgrammerError.emptyName(of: "a QueryAPI") }
    self.name = name
    self.cache = cache
    self.baseQuery = baseQuery
    self.keepUnusedDataFor = keepUnusedDataFor
    self.clock = QueryClock(clock)
    queryStarted = ActionCreator("\(name)/queryStarted")
    queryFulfilled = ActionCreator("\(name)/queryFulfilled")
    queryRejected = ActionCreator("\(name)/queryRejected")
    queryDataWritten = ActionCreator("\(name)/queryDataWritten")
    queryRemoved = ActionCreator("\(name)/queryRemoved")
    tagsInvalidated = ActionCreator("\(name)/tagsInvalidated")
    mutationStarted = ActionCreator("\(name)/mutationStarted")
    mutationFulfilled = ActionCreator("\(name)/mutationFulfilled")
    mutationRejected = ActionCreator("\(name)/mutationRejected")
    mutationRemoved = ActionCreator("\(name)/mutationRemoved")
    cacheReset = ActionCreator("\(name)/cacheReset")
  }

  /// The cache's reducer: put it in your store's reducer at the cache's place.
  ///
  /// ```swift
  /// let appReducer = combineReducers(.slice(\AppState.api, api.reducer), .slice(\AppState.draft, draftReducer))
  /// ```
  public var reducer: ReduxReducer<QueryCacheState, PayloadAction> {
    ReduxReducer { [self] cache, action in QueryAPI.reduce(&cache, action, self) }
  }
}

/// The clock an API measures with, kept as two functions so the API need not be generic over it.
struct QueryClock: Sendable {
  /// The time since the API was made.
  let now: @Sendable () -> Duration
  let sleep: @Sendable (Duration) async throws -> Void

  init<C: Clock<Duration>>(_ clock: C) {
    let start = clock.now
    now = { start.duration(to: clock.now) }
    sleep = { duration in
      // No wait is a turn, as Redux Toolkit's `setTimeout(0)`: not a sleep, which a test clock
      // holds until it is advanced.
      if duration <= .zero {
        await Task.yield()
        try Task.checkCancellation()
      } else {
        try await clock.sleep(for: duration)
      }
    }
  }
}
