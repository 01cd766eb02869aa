/// A value of an endpoint's result type, as the cache holds it beside entries of other types.
///
/// The endpoint that made it reads it back with its own type (``QueryResult/data``), so a user
/// never sees this box.
struct CachedValue: Equatable, @unchecked Sendable {
  // `@unchecked`: made only from a `Sendable & Equatable` value (see `init`) that is never
  // mutated in the box, so sharing the box shares that `Sendable` value.
  let value: any Equatable

  init(_ value: some Sendable & Equatable) {
    self.value = value
  }

  static func == (lhs: CachedValue, rhs: CachedValue) -> Bool {
    lhs.value.isEqual(to: rhs.value)
  }
}

extension Equatable {
  /// Whether `other` is a value of this type equal to this one.
  fileprivate func isEqual(to other: any Equatable) -> Bool {
    (other as? Self) == self
  }
}
