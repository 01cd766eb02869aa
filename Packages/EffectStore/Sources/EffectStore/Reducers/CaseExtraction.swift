/// Finds the payload of an enum case given the function that makes that case (`AppAction.counter`),
/// by reflection: the value's case label must match the label of the case `embed` makes.
///
/// This is what lets ``Scope`` take just `AppAction.counter`. It costs a reflection per action
/// that reaches the scope; pass `extract:` for hot paths.
func extractCase<Root, Value>(_ embed: (Value) -> Root, from root: Root) -> Value? {
  let mirror = Mirror(reflecting: root)
  guard mirror.displayStyle == .enum, let payload = mirror.children.first,
    let label = payload.label
  else { return nil }
  let value: Value
  if let direct = payload.value as? Value {
    value = direct
  } else if let wrapped = Mirror(reflecting: payload.value).children.first?.value as? Value {
    // A labeled single payload, `case counter(action: CounterAction)`, reflects as a tuple.
    value = wrapped
  } else {
    return nil
  }
  guard Mirror(reflecting: embed(value)).children.first?.label == label else { return nil }
  return value
}
