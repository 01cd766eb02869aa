/// The part of your app's state that holds a query API's cache (Redux Toolkit's
/// `state[api.reducerPath]`): one field of your state, changed only by the API's
/// ``QueryAPI/reducer``, so it is observed, recorded and tested like the rest.
///
/// ```swift
/// struct AppState {
///   var api = QueryCacheState()
///   var draft = ""
/// }
/// let api = QueryAPI(cache: \AppState.api, baseQuery: .http(baseURL: serverURL))
/// ```
public struct QueryCacheState: Equatable, Sendable {
  /// The queries' entries, by endpoint and argument.
  public internal(set) var queries: [QueryKey: QueryEntry] = [:]
  /// The mutation calls still kept, by request id.
  public internal(set) var mutations: [Int: MutationEntry] = [:]

  /// An empty cache.
  ///
  /// ```swift
  /// var api = QueryCacheState()
  /// ```
  public init() {}

  /// The entries whose data provided a tag that `tags` invalidate.
  func keys(invalidatedBy tags: [QueryTag]) -> [QueryKey] {
    queries.values
      .filter { entry in entry.tags.contains { provided in tags.contains { $0.invalidates(provided) } } }
      .map(\.key)
  }
}
