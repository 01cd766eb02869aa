/// One committed mutation: what a class-based store's middlewares see as the "action".
///
/// It names the mutation (by default, the store method that committed it) and carries it, so a
/// middleware can log it, drop it, or replace it with another commit.
///
/// ```swift
/// let logCommits = Middleware<CounterState, Commit<CounterState>> { context, commit, next in
///   print("commit", commit.name)
///   next(commit)
/// }
/// ```
public struct Commit<State> {
  /// What the mutation is called: the committing method's name unless one was given.
  public let name: String
  /// Changes the state in place.
  public let mutate: (inout State) -> Void

  /// Makes a commit.
  ///
  /// ```swift
  /// let reset = Commit<CounterState>(name: "reset") { $0.count = 0 }
  /// ```
  /// - Parameters:
  ///   - name: What the mutation is called.
  ///   - mutate: Changes the state in place.
  @inlinable
  public init(name: String, mutate: @escaping (inout State) -> Void) {
    self.name = name
    self.mutate = mutate
  }
}

extension Commit: CustomStringConvertible {
  /// The commit's name, so logs read `increment()` rather than a closure.
  public var description: String { name }
}
