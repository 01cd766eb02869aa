import EffectStore

/// Where `state` holds the shared value of `root`, as the test writes it (`detail.syncUp`),
/// for a failure message; `nil` when it is deeper than a few levels or not there.
///
/// Found by reflection, only for a failure. A shared field's storage is labelled `_name` (the
/// property wrapper's), which the test writes `name`.
func sharedFieldPath(to root: ObjectIdentifier, in state: Any, depth: Int = 0) -> String? {
  guard depth < 8 else { return nil }
  for child in Mirror(reflecting: state).children {
    var label = child.label ?? ""
    if label.hasPrefix("_") { label.removeFirst() }
    if let field = child.value as? any SharedField {
      if field.sharedRoot == root { return label }
      continue
    }
    if let deeper = sharedFieldPath(to: root, in: child.value, depth: depth + 1) {
      // Collections and enum payloads have no label a test writes: their children are
      // shown through the parent's name.
      return label.isEmpty || label.hasPrefix(".") ? deeper : "\(label).\(deeper)"
    }
  }
  return nil
}
