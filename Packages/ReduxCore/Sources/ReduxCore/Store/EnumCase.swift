/// An enum value's case found by reflection: its name and its payload. What finds a case from
/// the function that makes it (EffectStore's short `Scope`, a test store's `receive` by case).
///
/// ```swift
/// EnumCase(of: AppAction.counter(.increment))   // name "counter", payload CounterAction.increment
/// ```
package struct EnumCase {
  /// The case's name (`counter` for `.counter(…)`).
  package let name: String
  /// Its payload; a single labeled value (`case loaded(count: Int)`), which reflects as a
  /// one-element tuple, unwrapped.
  package let payload: Any

  /// The case of `value`; `nil` when it is not an enum case with a payload.
  package init?(of value: Any) {
    let mirror = Mirror(reflecting: value)
    guard mirror.displayStyle == .enum, let child = mirror.children.first, let name = child.label else {
      return nil
    }
    let inner = Mirror(reflecting: child.value)
    if inner.displayStyle == .tuple, inner.children.count == 1, let only = inner.children.first {
      payload = only.value
    } else {
      payload = child.value
    }
    self.name = name
  }
}
