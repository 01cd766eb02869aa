extension Store {
  /// Commits a mutation: the only way to change the state.
  ///
  /// ```swift
  /// func increment() { commit { $0.count += 1 } }
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
  /// private static func add(_ state: inout CounterState, _ amount: Int) { state.count += amount }
  /// func add(_ amount: Int) { commit(mutation: Self.add, payload: amount) }
  /// ```
  /// - Parameters:
  ///   - mutation: Changes the state in place, given the payload.
  ///   - payload: What the mutation needs.
  ///   - name: What middlewares and logs call it; the calling method's name by default.
  @inlinable
  public final func commit<Payload>(
    mutation: @escaping (inout State, Payload) -> Void, payload: Payload, name: String = #function
  ) {
    engine.dispatch(Commit(name: name) { state in mutation(&state, payload) })
  }
}

extension ObservableStore {
  /// Runs an action function with a payload: for actions written as functions of the store
  /// rather than as its methods.
  ///
  /// ```swift
  /// func addTwice(_ store: CounterStore, _ amount: Int) {
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
  public func dispatch<Payload>(
    action: @MainActor (Self, Payload) async -> Void, payload: Payload
  ) async {
    await action(self, payload)
  }
}
