import ReduxCore

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
    while let found = EnumCase(of: current) {
      if let payload = found.payload as? Payload { return payload }
      current = found.payload
    }
    return nil
  }

  /// The names of `value`'s case, of its payload's case, and so on down.
  static func caseNames(of value: Any) -> [String] {
    var names: [String] = []
    var current = value
    while let found = EnumCase(of: current) {
      names.append(found.name)
      current = found.payload
    }
    return names
  }
}
