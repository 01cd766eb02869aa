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
