extension NonisolatedCommitStore {
  /// Commits a mutation: the only way to change the state.
  ///
  /// ```swift
  /// final class TallyStore: CommitStore<CounterState> {
  ///   func increment() { commit { $0.count += 1 } }
  /// }
  /// ```
  /// - Parameters:
  ///   - name: What middlewares and logs call it; the calling method's name by default.
  ///   - mutate: Changes the state in place.
  /// - Complexity: A mutation that captures nothing allocates nothing.
  @inlinable
  public final func commit(_ name: String = #function, _ mutate: @escaping (inout State) -> Void) {
    engine.dispatch(Commit(name: name, mutate: mutate))
  }

  /// Commits a mutation function with its payload.
  ///
  /// ```swift
  /// final class TallyStore: CommitStore<CounterState> {
  ///   private static func add(_ state: inout CounterState, _ amount: Int) { state.count += amount }
  ///   func add(_ amount: Int) { commit(mutation: Self.add, payload: amount) }
  /// }
  /// ```
  /// - Parameters:
  ///   - mutation: Changes the state in place, given the payload.
  ///   - payload: What the mutation needs.
  ///   - name: What middlewares and logs call it; the calling method's name by default. The
  ///     commit also carries the payload (``Commit/payload``), so a log reads `add(5)`.
  /// - Complexity: No allocation in the common case (the commit is applied before the next one
  ///   of the same payload type is made, and no middleware keeps it).
  @inlinable
  public final func commit<Payload>(
    mutation: @escaping (inout State, Payload) -> Void, payload: Payload, name: String = #function
  ) {
    var box: PayloadMutation<State, Payload>
    if let spare = spareMutation,
      ObjectIdentifier(type(of: spare)) == ObjectIdentifier(PayloadMutation<State, Payload>.self)
    {
      spareMutation = nil
      box = unsafeDowncast(spare, to: PayloadMutation<State, Payload>.self)
      box.mutation = mutation
      box.payload = payload
    } else {
      box = PayloadMutation(mutation: mutation, payload: payload)
    }
    engine.dispatch(Commit(name: name, carrying: box))
    // Nobody else holds it (the commit was applied and not kept): empty it and keep it.
    if isKnownUniquelyReferenced(&box) {
      box.payload = nil
      spareMutation = box
    }
  }
}

// On class stores only: the other styles' stores have actions of their own (`dispatch`, `send`).
extension StateStore where Action == Commit<State> {
  /// Runs an action function with a payload: for actions written as functions of the store
  /// rather than as its methods.
  ///
  /// ```swift
  /// @MainActor func addTwice(_ store: CounterStore, _ amount: Int) {
  ///   store.add(amount)
  ///   store.add(amount)
  /// }
  /// store.dispatch(action: addTwice, payload: 5)
  /// ```
  /// - Parameters:
  ///   - action: The action.
  ///   - payload: What it needs.
  public func dispatch<Payload>(action: (Self, Payload) -> Void, payload: Payload) {
    action(self, payload)
  }

  /// Runs an async action function with a payload and waits for it.
  ///
  /// ```swift
  /// await store.dispatch(action: { store, api in await store.load(from: api) }, payload: api)
  /// ```
  /// - Parameters:
  ///   - action: The action.
  ///   - payload: What it needs.
  nonisolated(nonsending) public func dispatch<Payload>(
    action: nonisolated(nonsending) (Self, Payload) async -> Void, payload: Payload
  ) async {
    await action(self, payload)
  }
}

/// A mutation function and its payload, in one object: a commit's closure that captures just
/// this object allocates nothing (the object is the closure's context), where a closure that
/// captured the function and the payload would be allocated at every commit. The store reuses
/// the object for its next payload commit when no commit holds it any more.
@usableFromInline
final class PayloadMutation<State, Payload>: CommitPayloadSource {
  // Exclusivity: used in the store's domain only: written by the store before the commit is made
  // and after it was applied, read while it is applied, never during each other.
  @exclusivity(unchecked) @usableFromInline var mutation: (inout State, Payload) -> Void
  /// `nil` while the object waits to be reused, so that it keeps no payload alive.
  @exclusivity(unchecked) @usableFromInline var payload: Payload?

  @inlinable
  init(mutation: @escaping (inout State, Payload) -> Void, payload: Payload) {
    self.mutation = mutation
    self.payload = payload
  }

  @usableFromInline override var payloadValue: Any? { payload.map { $0 as Any } }

  @inlinable
  func apply(to state: inout State) {
    guard let payload else { return }
    mutation(&state, payload)
  }
}
