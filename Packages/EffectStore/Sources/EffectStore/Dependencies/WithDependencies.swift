extension Reducer {
  /// This feature with one dependency replaced, for its reducer and its effects: a child
  /// feature given a test double, or a different service, by its parent.
  ///
  /// ```swift
  /// let offline = Facts().dependency(\.numberFacts, NumberFacts { _ in "offline" })
  /// ```
  /// - Parameters:
  ///   - keyPath: The dependency's property of ``DependencyValues``.
  ///   - value: Its value for this feature.
  /// - Returns: The feature with the dependency replaced.
  public func dependency<Value: Sendable>(
    _ keyPath: any WritableKeyPath<DependencyValues, Value> & Sendable, _ value: Value
  ) -> WithDependencies<Self> {
    WithDependencies({ $0[keyPath: keyPath] = value }, base: self)
  }

  /// This feature with one dependency changed from the value in force where it runs, for its
  /// reducer and its effects: TCA's `transformDependency`. A change closer to the feature
  /// applies after one around it.
  ///
  /// ```swift
  /// let shouting = Facts().transformDependency(\.numberFacts) { facts in
  ///   let fact = facts.fact
  ///   facts.fact = { number in await fact(number).uppercased() }
  /// }
  /// ```
  /// - Parameters:
  ///   - keyPath: The dependency's property of ``DependencyValues``.
  ///   - transform: Changes its value.
  /// - Returns: The feature with the dependency changed.
  public func transformDependency<Value: Sendable>(
    _ keyPath: any WritableKeyPath<DependencyValues, Value> & Sendable,
    transform: @escaping @Sendable (inout Value) -> Void
  ) -> WithDependencies<Self> {
    WithDependencies({ transform(&$0[keyPath: keyPath]) }, base: self)
  }
}

/// A feature run with dependencies replaced (``Reducer/dependency(_:_:)``): its reducer runs with
/// them in force, and so does every `.run` effect it returns.
public struct WithDependencies<Base: Reducer>: Reducer {
  @usableFromInline let update: @Sendable (inout DependencyValues) -> Void
  @usableFromInline let base: Base

  /// Runs `base` with `update` applied to the dependencies in force.
  ///
  /// ```swift
  /// let offline = WithDependencies({ $0.numberFacts = NumberFacts { _ in "offline" } }, base: Facts())
  /// ```
  /// - Parameters:
  ///   - update: Replaces dependencies.
  ///   - base: The feature.
  public init(_ update: @escaping @Sendable (inout DependencyValues) -> Void, base: Base) {
    self.update = update
    self.base = base
  }

  /// Runs `base` with the given values in force (a store's own).
  @usableFromInline
  init(_ values: DependencyValues, base: Base) {
    self.init({ $0 = values }, base: base)
  }

  /// Runs the feature with its dependencies in force, and gives them to its effects.
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let values = DependencyValues.current.with(update)
    let effect = DependencyValues.$current.withValue(values) { base.reduce(into: &state, action: action) }
    return effect.isNone ? effect : effect.runningWith(values)
  }
}

/// Makes an effect with some dependencies changed for its `.run` work alone: TCA's
/// `withDependencies(_:operation:)` inside a reducer. The change starts from the dependencies
/// in force (the store's, the feature's), and the work runs with it wherever it runs.
///
/// ```swift
/// let facts = Reduce<CounterState, CounterAction> { state, action in
///   withDependencies {
///     $0.numberFacts = NumberFacts { number in "\(number) is lucky" }
///   } operation: {
///     .run { send in
///       @Dependency(\.numberFacts) var facts
///       await send(.factsLoaded([await facts.fact(7)]))
///     }
///   }
/// }
/// ```
/// - Parameters:
///   - update: Changes the dependencies.
///   - operation: Makes the effect, with the changed dependencies in force.
/// - Returns: The effect, whose work runs with the changed dependencies.
public func withDependencies<Action>(
  _ update: (inout DependencyValues) throws -> Void, operation: () throws -> Effect<Action>
) rethrows -> Effect<Action> {
  var values = DependencyValues.current
  try update(&values)
  let effect = try DependencyValues.$current.withValue(values) { try operation() }
  return effect.isNone ? effect : effect.runningWith(values)
}

/// Runs `operation` with some dependencies changed: for code outside a reducer (a test's set-up,
/// a preview) that reads dependencies the way a reducer does.
///
/// ```swift
/// let fact = withDependencies {
///   $0.numberFacts = NumberFacts { number in "\(number) is lucky" }
/// } operation: {
///   @Dependency(\.numberFacts) var facts
///   return facts
/// }
/// ```
/// - Parameters:
///   - update: Changes the dependencies.
///   - operation: Runs with the changed dependencies in force.
/// - Returns: What `operation` returned.
public func withDependencies<Result>(
  _ update: (inout DependencyValues) throws -> Void, operation: () throws -> Result
) rethrows -> Result {
  var values = DependencyValues.current
  try update(&values)
  return try DependencyValues.$current.withValue(values) { try operation() }
}

/// Runs async `operation` with some dependencies changed, on the caller's actor.
///
/// ```swift
/// let fact = await withDependencies {
///   $0.numberFacts = NumberFacts { number in "\(number) is lucky" }
/// } operation: {
///   @Dependency(\.numberFacts) var facts
///   return await facts.fact(7)
/// }
/// ```
/// - Parameters:
///   - update: Changes the dependencies.
///   - operation: Runs with the changed dependencies in force.
/// - Returns: What `operation` returned.
public nonisolated(nonsending) func withDependencies<Result>(
  _ update: (inout DependencyValues) throws -> Void,
  operation: nonisolated(nonsending) () async throws -> Result
) async rethrows -> Result {
  var values = DependencyValues.current
  try update(&values)
  return try await DependencyValues.$current.withValue(values) { try await operation() }
}
