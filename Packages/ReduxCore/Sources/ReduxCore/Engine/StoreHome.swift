/// Where a store lives: the actor its owner runs on, to which the store's async work comes back
/// (an effect's `send`, a persistence error, the end of a state stream).
///
/// A store is not `Sendable`: the isolation domain that creates it owns it and uses it
/// synchronously, and the compiler keeps every other domain out. Work that ran elsewhere (in a
/// task) returns through ``run(_:_:)``, which hops to the home actor and hands back the value
/// that belongs there. A store made outside any actor (a nonisolated function, or an actor's
/// initializer, which runs before the actor is isolated) has no home: async work that must come
/// back to it stops with a message that says so (see "Where a store lives" in
/// `Docs/Concurrency.md`).
///
/// ```swift
/// let home = engine.home!
/// await home.run(HomeBound(engine)) { engine in engine.dispatch(1) }
/// ```
@usableFromInline
package struct StoreHome: Sendable {
  /// The actor that async work comes back to.
  @usableFromInline package let actor: any Actor

  /// A home on `actor`.
  package init(_ actor: any Actor) {
    self.actor = actor
  }

  /// Runs `body` on the home actor with a value that belongs there.
  ///
  /// ```swift
  /// await home.run(HomeBound(engine)) { engine in engine.removeSubscriber(id) }
  /// ```
  /// - Parameters:
  ///   - bound: The value, carried across without being shared: it is used only at home.
  ///   - body: Runs at home, synchronously, with the value.
  /// - Returns: What `body` returned.
  @usableFromInline
  package func run<Value, Result: Sendable>(
    _ bound: HomeBound<Value>, _ body: @Sendable (Value) -> Result
  ) async -> Result {
    await Self.enter(actor, bound, body)
  }

  /// Runs async work at the home actor with a value that belongs there: the work starts there
  /// and comes back there after each `await`.
  ///
  /// ```swift
  /// let count = await home.runAsync(HomeBound(store)) { store in await store.dispatch(load()) }
  /// ```
  /// - Parameters:
  ///   - bound: The value, carried across without being shared: it is used only at home.
  ///   - body: The work.
  /// - Returns: What `body` returned.
  @usableFromInline
  package func runAsync<Value, Result: Sendable>(
    _ bound: HomeBound<Value>, _ body: nonisolated(nonsending) @Sendable (Value) async -> Result
  ) async -> Result {
    await Self.enterAsync(actor, bound, body)
  }

  private static func enterAsync<Value, Result: Sendable>(
    _ actor: isolated any Actor, _ bound: HomeBound<Value>,
    _ body: nonisolated(nonsending) @Sendable (Value) async -> Result
  ) async -> Result {
    await body(bound.value)
  }

  private static func enter<Value, Result: Sendable>(
    _ actor: isolated any Actor, _ bound: HomeBound<Value>, _ body: @Sendable (Value) -> Result
  ) -> Result {
    body(bound.value)
  }
}

/// A value of a store's home carried through a task to be used back at home, and nowhere else.
///
/// It is `Sendable` only so that a task can carry it: its one reader is ``StoreHome/run(_:_:)``,
/// which uses it on the home actor, where its owner uses it too. Everything it holds is reached
/// from one actor at a time.
@usableFromInline
package struct HomeBound<Value>: @unchecked Sendable {
  package let value: Value

  /// Wraps a value of the store's home.
  ///
  /// ```swift
  /// let bound = HomeBound(engine)
  /// ```
  /// - Parameter value: The value.
  @usableFromInline
  package init(_ value: Value) {
    self.value = value
  }
}
