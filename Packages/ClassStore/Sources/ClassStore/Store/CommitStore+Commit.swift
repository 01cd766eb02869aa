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
      box.hold(payload)
    } else {
      box = PayloadMutation(mutation: mutation, payload: payload)
    }
    engine.dispatch(Commit(name: name, carrying: box))
    // Nobody else holds it (the commit was applied and not kept): empty it and keep it.
    if isKnownUniquelyReferenced(&box) {
      box.letGo()
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
  /// Where the payload lies, made once with the object. Not an optional field: a generic class
  /// frees its fields with its own generic code, which looked up `Optional<Payload>`'s metadata
  /// each time (about 300 instructions), and an object is freed at every commit when something
  /// keeps commits (a history, the live inspector's ring).
  @usableFromInline let storage: UnsafeMutablePointer<Payload>
  /// Whether `storage` holds a payload: `false` while the object waits to be reused, so that it
  /// keeps no payload alive.
  @exclusivity(unchecked) @usableFromInline var holdsPayload: Bool

  @inlinable
  init(mutation: @escaping (inout State, Payload) -> Void, payload: Payload) {
    self.mutation = mutation
    storage = .allocate(capacity: 1)
    storage.initialize(to: payload)
    holdsPayload = true
  }

  deinit {
    if holdsPayload { storage.deinitialize(count: 1) }
    storage.deallocate()
  }

  /// Holds `payload` for the next commit.
  @inlinable
  func hold(_ payload: Payload) {
    if holdsPayload { storage.pointee = payload } else { storage.initialize(to: payload) }
    holdsPayload = true
  }

  /// Lets the payload go, while the object waits to be reused.
  @inlinable
  func letGo() {
    if holdsPayload { storage.deinitialize(count: 1) }
    holdsPayload = false
  }

  @usableFromInline override var payloadValue: Any? { holdsPayload ? storage.pointee as Any : nil }

  @inlinable
  func apply(to state: inout State) {
    guard holdsPayload else { return }
    mutation(&state, storage.pointee)
  }
}
