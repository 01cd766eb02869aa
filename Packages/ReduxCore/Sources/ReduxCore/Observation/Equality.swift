/// Whether two values are equal, when their type is `Equatable`; `nil` when it is not. For code
/// that holds values of a type it cannot constrain (a class store's state, a test store's diff).
package func equalIfEquatable<Value>(_ lhs: Value, _ rhs: Value) -> Bool? {
  guard let lhs = lhs as? any Equatable else { return nil }
  return lhs.isEqual(to: rhs)
}

extension Equatable {
  fileprivate func isEqual(to other: Any) -> Bool {
    guard let other = other as? Self else { return false }
    return self == other
  }
}
