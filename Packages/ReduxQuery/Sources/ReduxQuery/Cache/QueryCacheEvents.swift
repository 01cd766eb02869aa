public import Foundation

/// What a query API's actions carry: one change to the cache each. The API's runtime dispatches
/// them; a listener or a test matches them with the API's creators (``QueryAPI/queryFulfilled``
/// and the rest), and a recording replays them.
///
/// ```swift
/// let listeners = ListenerMiddleware<AppState, PayloadAction>()
/// listeners.startListening(for: api.queryFulfilled) { event, _ in print("fetched", event.key) }
/// ```
public struct QueryCacheEvent: Sendable, Equatable, CustomStringConvertible {
  /// The entry it changes.
  public let key: QueryKey
  /// The request it belongs to.
  public let requestID: Int?
  /// When it happened.
  public let date: Date
  let value: CachedValue?
  /// The tags that the data provides (a fulfilled query) or invalidates.
  public let tags: [QueryTag]
  /// The error, for a rejected request.
  public let error: QueryError?

  init(
    key: QueryKey, requestID: Int? = nil, date: Date = Date(), value: CachedValue? = nil,
    tags: [QueryTag] = [], error: QueryError? = nil
  ) {
    self.key = key
    self.requestID = requestID
    self.date = date
    self.value = value
    self.tags = tags
    self.error = error
  }

  /// How it prints in logs, recordings and test failures.
  public var description: String {
    var parts = ["\(key)"]
    if let requestID { parts.append("request \(requestID)") }
    if let error { parts.append("\(error)") }
    if !tags.isEmpty { parts.append("tags \(tags)") }
    return parts.joined(separator: ", ")
  }
}

/// What a mutation's actions carry.
public struct MutationEvent: Sendable, Equatable, CustomStringConvertible {
  /// The mutation endpoint's name.
  public let endpoint: String
  /// The call's id.
  public let requestID: Int
  /// When it happened.
  public let date: Date
  let value: CachedValue?
  /// The error, for a rejected call.
  public let error: QueryError?

  init(endpoint: String, requestID: Int, value: CachedValue? = nil, error: QueryError? = nil) {
    self.endpoint = endpoint
    self.requestID = requestID
    self.date = Date()
    self.value = value
    self.error = error
  }

  /// How it prints in logs, recordings and test failures.
  public var description: String {
    "\(endpoint) request \(requestID)" + (error.map { ", \($0)" } ?? "")
  }
}
