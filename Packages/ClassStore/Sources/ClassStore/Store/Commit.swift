/// One committed mutation: what a class-based store's middlewares see as the "action".
///
/// It names the action (by default, the store method that committed it), carries the payload
/// of a payload commit, and carries the mutation, so a middleware can log it (its description
/// reads like the other styles' actions, `add(5)`), tell commits apart, drop it, or replace it
/// with another commit.
///
/// ```swift
/// let logCommits = Middleware<CounterState, Commit<CounterState>> { context, commit, next in
///   print("commit", commit.name, commit.payload ?? "no payload")
///   next(commit)
/// }
/// ```
public struct Commit<State> {
  /// What the action is called: the committing method's name (`add(_:)`) unless one was given.
  public let name: String
  /// Changes the state in place.
  public let mutate: (inout State) -> Void
  /// Where the payload is kept, for a payload commit: the object the mutation already captures,
  /// so carrying the payload costs no copy and no allocation. An unowned reference (one word,
  /// `nil` for a plain commit), since the engine and every middleware copy the commit: the
  /// object is ``mutate``'s own context, which keeps it alive as long as the commit. A copy is
  /// then a copy of the word, where a strong optional reference was copied through the
  /// runtime's generic value witnesses, about 80 instructions for each copy a middleware keeps
  /// (the live inspector keeps every commit). Only a reader of ``payload`` needs to know what
  /// it is.
  @usableFromInline unowned(unsafe) let payloadSource: CommitPayloadSource?

  /// Makes a commit.
  ///
  /// ```swift
  /// let reset = Commit<CounterState>(name: "reset") { $0.count = 0 }
  /// ```
  /// - Parameters:
  ///   - name: What the action is called.
  ///   - mutate: Changes the state in place.
  @inlinable
  public init(name: String, mutate: @escaping (inout State) -> Void) {
    self.name = name
    self.mutate = mutate
    payloadSource = nil
  }

  /// Makes a commit of a mutation function with its payload, as
  /// `commit(mutation:payload:)` does: a middleware that replaces a commit
  /// uses this to keep the payload visible to the middlewares after it.
  ///
  /// ```swift
  /// let addTen = Commit<CounterState>(name: "add(_:)", payload: 10) { state, amount in
  ///   state.count += amount
  /// }
  /// ```
  /// - Parameters:
  ///   - name: What the action is called.
  ///   - payload: What the mutation needs.
  ///   - mutation: Changes the state in place, given the payload.
  @inlinable
  public init<Payload>(
    name: String, payload: Payload, mutation: @escaping (inout State, Payload) -> Void
  ) {
    self.init(name: name, carrying: PayloadMutation(mutation: mutation, payload: payload))
  }

  @inlinable
  init<Payload>(name: String, carrying box: PayloadMutation<State, Payload>) {
    self.name = name
    // A closure that captures one object uses it as its context: nothing is allocated.
    mutate = { [box] state in box.apply(to: &state) }
    payloadSource = box
  }

  /// The payload of a payload commit (`commit(mutation:payload:)`), `nil` for a plain one.
  ///
  /// ```swift
  /// if let amount = commit.payload as? Int { print("adding", amount) }
  /// ```
  public var payload: Any? { payloadSource?.payloadValue }
}

extension Commit: CustomStringConvertible {
  /// Reads like the other styles' actions: `increment()` for a plain commit, `add(5)` for
  /// `add(_:)` with the payload 5, `rename("Ann")` for a text payload, quoted as Swift prints
  /// an enum case's.
  public var description: String {
    guard let payload else { return name }
    let base = name.firstIndex(of: "(").map { String(name[..<$0]) } ?? name
    let isText = payload is String || payload is Substring || payload is Character
    let shown = isText ? String(reflecting: payload) : String(describing: payload)
    return shown.hasPrefix("(") ? base + shown : "\(base)(\(shown))"
  }
}

/// What keeps a commit's payload: the base of the store's reusable payload box, whatever the
/// payload's type.
@usableFromInline
class CommitPayloadSource {
  @usableFromInline init() {}

  /// The payload, as a value of any type.
  var payloadValue: Any? { nil }
}
