/// Names one cache entry: an endpoint and the argument it was called with, as Redux Toolkit's
/// `queryCacheKey` (`getPost(1)`) does.
///
/// ```swift
/// let key = getPost.key(1)
/// print(key)  // getPost(1)
/// let entry = store.getState().api.queries[key]
/// ```
public struct QueryKey: Hashable, Sendable, CustomStringConvertible {
  /// The endpoint's name.
  public let endpoint: String
  /// The argument as the cache compares it: the value itself when it is `Hashable`, otherwise
  /// its full description.
  let argument: ArgumentIdentity

  init(endpoint: String, argument: some Sendable) {
    self.endpoint = endpoint
    self.argument = ArgumentIdentity(argument)
  }

  /// How it prints in logs, recordings and test failures.
  public var description: String {
    argument.text == "()" ? "\(endpoint)()" : "\(endpoint)(\(argument.text))"
  }
}

/// What makes two arguments one cache entry.
struct ArgumentIdentity: Hashable, @unchecked Sendable {
  // `@unchecked`: `hashable` is made only from the `Sendable` argument itself (see `init`), and
  // is never mutated, so sharing it across threads shares that `Sendable` value.
  private let hashable: AnyHashable?
  let text: String

  init(_ argument: some Sendable) {
    text = String(reflecting: argument)
    hashable = (argument as? any Hashable).map { AnyHashable($0) }
  }

  static func == (lhs: ArgumentIdentity, rhs: ArgumentIdentity) -> Bool {
    if let left = lhs.hashable, let right = rhs.hashable { return left == right }
    return lhs.hashable == nil && rhs.hashable == nil && lhs.text == rhs.text
  }

  func hash(into hasher: inout Hasher) {
    if let hashable { hasher.combine(hashable) } else { hasher.combine(text) }
  }
}
