public import Foundation

/// Why a query or mutation failed, kept in its cache entry: what the server answered, what the
/// connection did, or what the decoder said, in a form that compares and prints.
///
/// ```swift
/// switch store.queryResult(getPost, 1).error {
/// case .status(404, _)?: showMissing()
/// case .timedOut?: showRetry()
/// default: break
/// }
/// ```
public enum QueryError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The server answered with a status outside 200–299; `body` is what it sent.
  case status(Int, body: Data)
  /// No answer within the request's timeout.
  case timedOut
  /// The request did not reach the server, or the connection broke (its description).
  case connection(String)
  /// The answer came but is not the data the endpoint declares (what the decoder said).
  case decoding(String)
  /// The request was cancelled: its last subscriber left, or the store went away.
  case cancelled
  /// A query function of your own threw this error (its description).
  case failed(String)

  /// How it prints in logs, recordings and test failures.
  public var description: String {
    switch self {
    case .status(let code, let body):
      "the server answered \(code): \(String(decoding: body.prefix(200), as: UTF8.self))"
    case .timedOut: "the server did not answer in time"
    case .connection(let reason): "the request did not complete: \(reason)"
    case .decoding(let reason): "the answer is not the data the endpoint declares: \(reason)"
    case .cancelled: "the request was cancelled"
    case .failed(let reason): reason
    }
  }

  /// The error as a query entry keeps it: a `QueryError` as it is, a `CancellationError` as
  /// ``cancelled``, anything else as ``failed(_:)`` with its description.
  init(_ error: any Error) {
    switch error {
    case let error as QueryError: self = error
    case is CancellationError: self = .cancelled
    default: self = .failed(String(describing: error))
    }
  }
}
