public import Foundation

/// A query's cache entry read with the endpoint's own type (Redux Toolkit's query result):
/// what a screen shows, and the flags it shows it by.
///
/// ```swift
/// let result = store.queryResult(getPost, 3)
/// if result.isLoading { showSpinner() } else if let post = result.data { show(post) }
/// ```
public struct QueryResult<Value: Sendable & Equatable>: Equatable, Sendable {
  /// Where the entry's last request stands.
  public let status: QueryStatus
  /// The entry's data, kept while a later request is pending or after it failed.
  public let data: Value?
  /// Why the last request failed.
  public let error: QueryError?
  /// When data last arrived.
  public let fulfilledAt: Date?

  init(_ entry: QueryEntry?) {
    status = entry?.status ?? .uninitialized
    data = entry?.data?.value as? Value
    error = entry?.error
    fulfilledAt = entry?.fulfilledAt
  }

  /// The result of no entry.
  static var uninitialized: QueryResult { QueryResult(nil) }

  /// Never requested (or skipped).
  public var isUninitialized: Bool { status == .uninitialized }
  /// Fetching, with no data yet: the first load.
  public var isLoading: Bool { status == .pending && data == nil }
  /// Fetching, with or without data.
  public var isFetching: Bool { status == .pending }
  /// The entry has data from a request that returned (also while a later one is pending).
  public var isSuccess: Bool { status == .fulfilled || (status == .pending && data != nil) }
  /// The last request failed.
  public var isError: Bool { status == .rejected }
}
