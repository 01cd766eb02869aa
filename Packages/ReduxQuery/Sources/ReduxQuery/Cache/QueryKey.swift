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
    let text = argument.text
    return text == "()" ? "\(endpoint)()" : "\(endpoint)(\(text))"
  }
}

/// What makes two arguments one cache entry.
struct ArgumentIdentity: Hashable, @unchecked Sendable {
  // `@unchecked`: `hashable` is made only from the `Sendable` argument itself (see `init`), and
  // is never mutated, so sharing it across threads shares that `Sendable` value.
  private let hashable: AnyHashable?
  /// The description of an argument that is not `Hashable` (what compares it).
  private let described: String?

  init(_ argument: some Sendable) {
    if let hashable = argument as? any Hashable {
      self.hashable = AnyHashable(hashable)
      described = nil
    } else {
      hashable = nil
      described = String(reflecting: argument)
    }
  }

  /// The argument as a key prints it; made when asked, not per lookup.
  var text: String { described ?? String(reflecting: hashable!.base) }

  static func == (lhs: ArgumentIdentity, rhs: ArgumentIdentity) -> Bool {
    lhs.hashable == rhs.hashable && lhs.described == rhs.described
  }

  func hash(into hasher: inout Hasher) {
    if let hashable { hasher.combine(hashable) } else { hasher.combine(described) }
  }
}
