/// Where a cache entry's last request stands (Redux Toolkit's `QueryStatus`).
public enum QueryStatus: String, Sendable, Equatable, Codable {
  /// Never requested (or skipped).
  case uninitialized
  /// A request is on its way; the entry keeps its earlier data meanwhile.
  case pending
  /// The last request returned data.
  case fulfilled
  /// The last request failed; the entry keeps its earlier data and the error.
  case rejected
}
