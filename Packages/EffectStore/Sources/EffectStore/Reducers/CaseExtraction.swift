import ReduxCore

/// Finds the payload of an enum case given the function that makes that case (`AppAction.counter`),
/// by reflection: the value's case label must match the label of the case `embed` makes.
///
/// This is what lets ``Scope`` take just `AppAction.counter`. It costs a reflection per action
/// that reaches the scope; pass `extract:` for hot paths.
func extractCase<Root, Value>(_ embed: (Value) -> Root, from root: Root) -> Value? {
  guard let found = EnumCase(of: root), let value = found.payload as? Value else { return nil }
  guard EnumCase(of: embed(value))?.name == found.name else { return nil }
  return value
}
