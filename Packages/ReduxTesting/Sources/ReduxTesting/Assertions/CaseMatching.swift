/// How `receive` matches an action by its enum case, whatever its payload: for actions that
/// carry `any Error` or a response that is not `Equatable`, as TCA tests match them by case.
///
/// The case is given by the function that makes it: `SearchAction.response` (the case itself),
/// or `{ .response(.success($0)) }` (a case inside a case). An action matches when a value of
/// that function's parameter type is found in it (the payload, or the payload of the payload's
/// case, and so on) and the function, given that value, makes an action whose chain of case
/// names is the same: so `.response(.failure(error))` does not match
/// `{ .response(.success($0)) }`, even when both carry the same type.
package enum CaseMatching {
  /// Whether `action` is of the case `embed` makes.
  package static func matches<Payload, Action>(_ action: Action, caseMadeBy embed: (Payload) -> Action)
    -> Bool
  {
    guard let payload = firstPayload(in: action, of: Payload.self) else { return false }
    return caseNames(of: embed(payload)) == caseNames(of: action)
  }

  /// The first value of type `Payload` down the chain of `value`'s case payloads.
  static func firstPayload<Payload>(in value: Any, of _: Payload.Type) -> Payload? {
    var current = value
    while let payload = casePayload(of: current) {
      if let found = payload as? Payload { return found }
      current = payload
    }
    return nil
  }

  /// The names of `value`'s case, of its payload's case, and so on down.
  static func caseNames(of value: Any) -> [String] {
    var names: [String] = []
    var current = value
    while let name = Mirror(reflecting: current).children.first?.label,
      Mirror(reflecting: current).displayStyle == .enum, let payload = casePayload(of: current)
    {
      names.append(name)
      current = payload
    }
    return names
  }

  /// The payload of an enum case; a single labeled value (`case loaded(count: Int)`), which
  /// reflects as a one-element tuple, is unwrapped.
  private static func casePayload(of value: Any) -> Any? {
    let mirror = Mirror(reflecting: value)
    guard mirror.displayStyle == .enum, let payload = mirror.children.first?.value else { return nil }
    let inner = Mirror(reflecting: payload)
    if inner.displayStyle == .tuple, inner.children.count == 1, let only = inner.children.first {
      return only.value
    }
    return payload
  }
}
