public import Foundation

/// A request an endpoint makes, sent by the API's ``BaseQuery`` (Redux Toolkit's
/// `fetchBaseQuery` arguments): a path under the base URL, a method, query items, headers and a
/// body.
///
/// ```swift
/// HTTPRequest(path: "posts", query: ["page": "2"])
/// try HTTPRequest(method: "POST", path: "posts", json: NewPost(title: "Hello"))
/// ```
public struct HTTPRequest: Sendable, Equatable {
  /// The method, such as `"GET"` or `"PATCH"`.
  public var method: String
  /// The path under the base URL.
  public var path: String
  /// The query items, sorted by name in the URL.
  public var query: [String: String]
  /// Headers added to the base query's.
  public var headers: [String: String]
  /// The body.
  public var body: Data?

  /// A request with a body of bytes, or none.
  ///
  /// ```swift
  /// let request = HTTPRequest(path: "posts/3")
  /// ```
  /// - Parameters:
  ///   - method: The method; `"GET"` by default.
  ///   - path: The path under the base URL.
  ///   - query: The query items.
  ///   - headers: Headers added to the base query's.
  ///   - body: The body.
  public init(
    method: String = "GET", path: String, query: [String: String] = [:],
    headers: [String: String] = [:], body: Data? = nil
  ) {
    self.method = method
    self.path = path
    self.query = query
    self.headers = headers
    self.body = body
  }

  /// A request whose body is a value encoded as JSON.
  ///
  /// ```swift
  /// let request = try HTTPRequest(method: "POST", path: "posts", json: NewPost(title: "Hello"))
  /// ```
  /// - Parameters:
  ///   - method: The method.
  ///   - path: The path under the base URL.
  ///   - query: The query items.
  ///   - json: The body's value.
  /// - Throws: What the encoder throws.
  public init(
    method: String, path: String, query: [String: String] = [:], json: some Encodable
  ) throws {
    self.init(
      method: method, path: path, query: query, headers: ["Content-Type": "application/json"],
      body: try JSONEncoder().encode(json))
  }
}
