/// A label a query's data carries and a mutation invalidates (Redux Toolkit's tags): after a
/// mutation that invalidates `QueryTag("Post", id: 3)`, every subscribed query that provided it
/// is fetched again, once.
///
/// A tag without an id, invalidated, reaches every tag of its type, with an id or not; a tag
/// with an id reaches only that id (so a list query provides `QueryTag("Post", id: "LIST")`
/// beside its rows' ids, as Redux Toolkit's docs teach).
///
/// ```swift
/// let getPosts = api.query("getPosts", returning: [Post].self, providesTags: { posts, _ in
///   [QueryTag("Post", id: "LIST")] + (posts ?? []).map { QueryTag("Post", id: $0.id) }
/// }) { (_: Void) in HTTPRequest(path: "posts") }
/// ```
public struct QueryTag: Hashable, Sendable, CustomStringConvertible {
  /// The kind of data, such as `"Post"`.
  public let type: String
  /// Which one, if the tag names one (`nil`: all of the type).
  public let id: String?

  /// A tag of every value of a type.
  ///
  /// ```swift
  /// let everyPost = QueryTag("Post")
  /// ```
  /// - Parameter type: The kind of data.
  public init(_ type: String) {
    self.type = type
    self.id = nil
  }

  /// A tag of one value, named by its id.
  ///
  /// ```swift
  /// let third = QueryTag("Post", id: 3)
  /// ```
  /// - Parameters:
  ///   - type: The kind of data.
  ///   - id: Which value; compared by its description, so `3` and `"3"` are one id.
  public init(_ type: String, id: some CustomStringConvertible) {
    self.type = type
    self.id = id.description
  }

  /// How it prints in logs, recordings and test failures.
  public var description: String { id.map { "\(type)(\($0))" } ?? type }

  /// Whether invalidating this tag reaches a query that provided `provided`.
  func invalidates(_ provided: QueryTag) -> Bool {
    type == provided.type && (id == nil || id == provided.id)
  }
}
