public import Foundation
internal import ReduxCore

#if canImport(FoundationNetworking)
  public import FoundationNetworking
#endif

/// How an API's endpoints send their ``HTTPRequest``s and read the answers (Redux Toolkit's
/// base query): ``http(baseURL:headers:timeout:session:decoder:)`` on Foundation's `URLSession`,
/// or a function of your own (a fake server in a test, another transport).
///
/// ```swift
/// let api = QueryAPI(cache: \AppState.api, baseQuery: .http(baseURL: serverURL, headers: ["Authorization": token]))
/// let offline = BaseQuery { request in try Fixtures.body(for: request.path) }
/// ```
public struct BaseQuery: Sendable {
  /// Sends a request and returns the answer's body, or throws a ``QueryError``.
  let send: @Sendable (HTTPRequest) async throws -> Data
  /// Makes the decoder of answers (one per answer: a decoder is not shared across tasks).
  let makeDecoder: @Sendable () -> JSONDecoder

  /// A base query from a function.
  ///
  /// ```swift
  /// let offline = BaseQuery { request in try Fixtures.body(for: request.path) }
  /// ```
  /// - Parameters:
  ///   - decoder: Makes the JSON decoder of answers.
  ///   - send: Sends a request and returns the answer's body; what it throws becomes the
  ///     entry's ``QueryError`` (a `QueryError` as it is).
  public init(
    decoder: @escaping @Sendable () -> JSONDecoder = { JSONDecoder() },
    send: @escaping @Sendable (HTTPRequest) async throws -> Data
  ) {
    self.send = send
    self.makeDecoder = decoder
  }

  /// Sends requests over HTTP with `URLSession`, under `baseURL`, and decodes JSON answers.
  ///
  /// A status outside 200–299 becomes ``QueryError/status(_:body:)``, no answer in `timeout`
  /// ``QueryError/timedOut``, a broken connection ``QueryError/connection(_:)``; cancelling
  /// the request (its last subscriber left) closes the connection.
  ///
  /// ```swift
  /// let base = BaseQuery.http(baseURL: URL(string: "https://example.com/api/")!, timeout: .seconds(10))
  /// ```
  /// - Parameters:
  ///   - baseURL: What each request's path is under.
  ///   - headers: Headers every request carries (a request's own win).
  ///   - timeout: How long a request may wait for its answer (on Linux, in whole seconds: a
  ///     fraction is rounded up, as Foundation there keeps whole seconds).
  ///   - session: The session that sends them.
  ///   - decoder: Makes the JSON decoder of answers.
  /// - Returns: The base query.
  public static func http(
    baseURL: URL, headers: [String: String] = [:], timeout: Duration = .seconds(60),
    session: URLSession = .shared, decoder: @escaping @Sendable () -> JSONDecoder = { JSONDecoder() }
  ) -> BaseQuery {
    BaseQuery(decoder: decoder) { request in
      let urlRequest = request.urlRequest(under: baseURL, headers: headers, timeout: timeout)
      let (body, response): (Data, URLResponse)
      do {
        (body, response) = try await session.cancellableData(for: urlRequest)
      } catch let error as URLError {
        throw QueryError(error)
      }
      if let response = response as? HTTPURLResponse, !(200..<300).contains(response.statusCode) {
        throw QueryError.status(response.statusCode, body: body)
      }
      return body
    }
  }

  /// Sends `request` and decodes its answer as `Value`, off the store's actor (a large answer
  /// is decoded without holding up the app).
  @concurrent
  func value<Value: Decodable>(of request: HTTPRequest) async throws -> Value {
    let body = try await send(request)
    do {
      let json = body.isEmpty && Value.self == NoContent.self ? Data("{}".utf8) : body
      return try makeDecoder().decode(Value.self, from: json)
    } catch let error as DecodingError {
      throw QueryError.decoding(error.readableDescription)
    }
  }
}

/// The result of an endpoint whose answer has no body (a `DELETE` answered `204`).
///
/// ```swift
/// let deletePost = api.mutation("deletePost", returning: NoContent.self) { (id: Int) in
///   HTTPRequest(method: "DELETE", path: "posts/\(id)")
/// }
/// ```
public struct NoContent: Codable, Equatable, Sendable {
  /// No value.
  public init() {}
}

extension QueryError {
  /// What a `URLSession` error means to a cache entry.
  init(_ error: URLError) {
    switch error.code {
    case .timedOut: self = .timedOut
    case .cancelled: self = .cancelled
    default: self = .connection(error.localizedDescription)
    }
  }
}

extension HTTPRequest {
  func urlRequest(under baseURL: URL, headers: [String: String], timeout: Duration) -> URLRequest {
    var components = URLComponents(
      url: baseURL.appendingPathComponent(path), resolvingAgainstBaseURL: false)!
    if !query.isEmpty {
      components.queryItems = query.sorted { $0.key < $1.key }.map {
        URLQueryItem(name: $0.key, value: $0.value)
      }
    }
    var request = URLRequest(url: components.url!)
    request.httpMethod = method
    request.httpBody = body
    let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
    #if canImport(FoundationNetworking)
      // Foundation on Linux keeps whole seconds of a timeout (0.3 s would time out at once).
      request.timeoutInterval = seconds.rounded(.up)
    #else
      request.timeoutInterval = seconds
    #endif
    for (name, value) in headers.merging(self.headers, uniquingKeysWith: { $1 }) {
      request.setValue(value, forHTTPHeaderField: name)
    }
    return request
  }
}

extension DecodingError {
  /// Where the data differs from the type, in a line.
  var readableDescription: String {
    switch self {
    case .typeMismatch(let type, let context):
      "expected \(type) at \(context.pathText): \(context.debugDescription)"
    case .valueNotFound(let type, let context):
      "no \(type) at \(context.pathText): \(context.debugDescription)"
    case .keyNotFound(let key, let context):
      "no key \"\(key.stringValue)\" at \(context.pathText)"
    case .dataCorrupted(let context): "\(context.debugDescription) at \(context.pathText)"
    @unknown default: "\(self)"
    }
  }
}

extension DecodingError.Context {
  fileprivate var pathText: String {
    codingPath.isEmpty ? "the top" : codingPath.map(\.stringValue).joined(separator: ".")
  }
}

extension URLSession {
  /// `data(for:)`, cancelled with the calling task, from a thread of its own: Foundation on
  /// Linux cancels a data task synchronously on the session's queue, which may at that moment
  /// be finishing the task and waiting to resume the caller, and the two would wait for each
  /// other forever (seen in this package's tests, about one run in six).
  fileprivate func cancellableData(for request: URLRequest) async throws -> (Data, URLResponse) {
    let running = RunningDataTask()
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let task = dataTask(with: request) { body, response, error in
          if let response, error == nil {
            continuation.resume(returning: (body ?? Data(), response))
          } else {
            continuation.resume(throwing: error ?? URLError(.badServerResponse))
          }
        }
        running.start(task)
      }
    } onCancel: {
      running.cancel()
    }
  }
}

/// A data task and whether its caller was cancelled, whichever came first.
private final class RunningDataTask: Sendable {
  private let state = Locked<(task: URLSessionDataTask?, isCancelled: Bool)>((nil, false))

  func start(_ task: URLSessionDataTask) {
    let cancelled = state.withLock { state in
      state.task = task
      return state.isCancelled
    }
    task.resume()
    if cancelled { cancelElsewhere(task) }
  }

  func cancel() {
    let task = state.withLock { state in
      state.isCancelled = true
      return state.task
    }
    if let task { cancelElsewhere(task) }
  }

  private func cancelElsewhere(_ task: URLSessionDataTask) {
    DispatchQueue.global().async { task.cancel() }
  }
}
