public import Foundation

/// One query's cache entry: the data of an endpoint called with one argument, and where its
/// last request stands. Read it typed with `store.queryResult(_:_:)`, or watch it with
/// `store.observeQuery(_:_:options:)`.
public struct QueryEntry: Equatable, Sendable {
  /// The endpoint and argument.
  public let key: QueryKey
  /// Where the last request stands.
  public internal(set) var status: QueryStatus
  /// The last data fetched (or written by hand), kept while a later request is pending or
  /// after it failed.
  var data: CachedValue?
  /// Why the last request failed; `nil` once one succeeds.
  public internal(set) var error: QueryError?
  /// The id of the request the entry waits for, or that filled it.
  public internal(set) var requestID: Int?
  /// When the last request started.
  public internal(set) var startedAt: Date?
  /// When data last arrived.
  public internal(set) var fulfilledAt: Date?
  /// The tags the last data provided.
  public internal(set) var tags: [QueryTag] = []

  /// Whether the entry holds data (fetched or written by hand).
  public var hasData: Bool { data != nil }
}

/// One mutation call's state: its status, result and error, for a form's button and message.
public struct MutationEntry: Equatable, Sendable {
  /// The mutation endpoint's name.
  public let endpoint: String
  /// The call's id.
  public let requestID: Int
  /// Where the call stands.
  public internal(set) var status: QueryStatus
  /// What the server returned.
  var data: CachedValue?
  /// Why it failed.
  public internal(set) var error: QueryError?
  /// When it started.
  public internal(set) var startedAt: Date
  /// When it returned.
  public internal(set) var fulfilledAt: Date?
}
