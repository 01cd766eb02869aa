/// Where a store lives: the actor its owner runs on, to which the store's async work comes back
/// (an effect's `send`, a persistence error, the end of a state stream).
///
/// A store is not `Sendable`: the isolation domain that creates it owns it and uses it
/// synchronously, and the compiler keeps every other domain out. Work that ran elsewhere (in a
/// task) returns through ``run(_:_:)``, which hops to the home actor and hands back the value
/// that belongs there. A store made outside any actor (a nonisolated function, or an actor's
/// initializer, which runs before the actor is isolated) has no home: a `.run` effect or a
/// started thunk stops with a message that says so, and persistence and state streams do
/// without one (see "Where a store lives" in `Docs/Concurrency.md`).
///
/// ```swift
/// let home = engine.home!
/// await home.run(HomeBound(engine)) { engine in engine.dispatch(1) }
/// ```
@usableFromInline
package struct StoreHome: Sendable {
  /// Whether the home is the main actor, which lives as long as the program and is not held.
  private let isMainActor: Bool
  /// Any other actor, held weakly: work still pending (an effect that runs for hours, a
  /// persistence reporter) must not keep the actor alive, and with it the store it owns; once the
  /// actor is gone, what comes back to it is dropped. (Not the main actor: a weak reference to an
  /// object that never goes keeps a side table for the program's life, which leak checkers
  /// report.)
  private weak var otherActor: (any Actor)?

  /// A home on `actor`.
  @usableFromInline
  package init(_ actor: any Actor) {
    isMainActor = actor === MainActor.shared
    if !isMainActor { otherActor = actor }
  }

  /// The actor that async work comes back to; `nil` once it is gone.
  @usableFromInline package var actor: (any Actor)? { isMainActor ? MainActor.shared : otherActor }

  /// Runs `body` on the home actor with a value that belongs there.
  ///
  /// ```swift
  /// await home.run(HomeBound(engine)) { engine in engine.removeSubscriber(id) }
  /// ```
  /// - Parameters:
  ///   - bound: The value, carried across without being shared: it is used only at home.
  ///   - body: Runs at home, synchronously, with the value.
  /// - Returns: What `body` returned; `nil` when the actor is gone and `body` did not run.
  @usableFromInline
  @discardableResult
  package func run<Value, Result: Sendable>(
    _ bound: HomeBound<Value>, _ body: @Sendable (Value) -> Result
  ) async -> Result? {
    guard let actor else { return nil }
    return await Self.enter(actor, bound, body)
  }

  /// Runs async work on `actor` with a value that belongs there: the work starts there and
  /// comes back there after each `await`. It holds the actor until the work is done.
  ///
  /// ```swift
  /// let count = await StoreHome.runAsync(on: actor, HomeBound(store)) { store in
  ///   await store.dispatch(load())
  /// }
  /// ```
  /// - Parameters:
  ///   - actor: The store's actor.
  ///   - bound: The value, carried across without being shared: it is used only at home.
  ///   - body: The work.
  /// - Returns: What `body` returned.
  @usableFromInline
  package static func runAsync<Value, Result: Sendable>(
    on actor: any Actor, _ bound: HomeBound<Value>,
    _ body: nonisolated(nonsending) @Sendable (Value) async -> Result
  ) async -> Result {
    await enterAsync(actor, bound, body)
  }

  /// Starts async work on `actor` with a value that belongs there, and runs it at once, inside
  /// the caller, up to its first suspension: async work a dispatch starts (a listener's effect,
  /// an async thunk's work) then begins in that dispatch, in the order of the actions, as Redux
  /// Toolkit's does, and no caller needs a wait to see it start. The caller must run on
  /// `actor`, as a store's own code does.
  ///
  /// It needs Swift 6.2's `Task.immediate`: on Apple systems before the 26 releases the work
  /// is enqueued on `actor` instead, and starts once the caller's synchronous code is done,
  /// still in the order it was started.
  ///
  /// ```swift
  /// let task = StoreHome.start(on: actor, HomeBound(run)) { run in await run.effect() }
  /// ```
  /// - Parameters:
  ///   - actor: The store's actor, which the caller runs on.
  ///   - bound: The value, carried across without being shared: it is used only at home.
  ///   - body: The work.
  /// - Returns: The task running the work.
  @usableFromInline
  package static func start<Value, Result: Sendable>(
    on actor: any Actor, _ bound: HomeBound<Value>,
    _ body: nonisolated(nonsending) @escaping @Sendable (Value) async -> Result
  ) -> Task<Result, Never> {
    if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
      return startImmediately(on: actor, bound, body)
    }
    return Task { await enterAsync(actor, bound, body) }
  }

  /// Starts async work on `actor` with a value that belongs there, after the caller's
  /// synchronous code is done: enqueued on `actor` itself, behind the work already waiting
  /// there, never run inside the caller. For work that must not begin before the code that
  /// started it has had its turn, as a listener's forked task, which may be cancelled before it
  /// starts. The caller must run on `actor`, as a store's own code does.
  ///
  /// ```swift
  /// let task = StoreHome.enqueue(on: actor, HomeBound(work)) { work in await work() }
  /// ```
  /// - Parameters:
  ///   - actor: The store's actor, which the caller runs on.
  ///   - bound: The value, carried across without being shared: it is used only at home.
  ///   - body: The work.
  /// - Returns: The task running the work.
  package static func enqueue<Home: Actor, Value, Result: Sendable>(
    on actor: Home, _ bound: HomeBound<Value>,
    _ body: nonisolated(nonsending) @escaping @Sendable (Value) async -> Result
  ) -> Task<Result, Never> {
    actor.assumeIsolated { actor in
      // Isolated to `actor`: the task's job goes on its queue, not to the global executor.
      Task {
        _ = actor
        return await body(bound.value)
      }
    }
  }

  /// `start` where `Task.immediate` exists: the caller is on `actor`, so the task's first part
  /// runs here.
  @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
  private static func startImmediately<Home: Actor, Value, Result: Sendable>(
    on actor: Home, _ bound: HomeBound<Value>,
    _ body: nonisolated(nonsending) @escaping @Sendable (Value) async -> Result
  ) -> Task<Result, Never> {
    // A store's code runs on its actor (its isolation is checked where it is made and where
    // async work needs a home), so the assumption holds; the runtime stops the program if not.
    actor.assumeIsolated { actor in
      // Isolated to `actor`, which the caller runs on: `Task.immediate` runs it here until it
      // first suspends, and it comes back to `actor` after each `await`.
      Task.immediate {
        _ = actor
        return await body(bound.value)
      }
    }
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
// Safe: only `StoreHome.run` reads `value`, on the home actor (see above).
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
