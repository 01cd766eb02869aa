public import CustomDump
public import ReduxCore

/// How a state the test described differs from the one the store holds, as every test store's
/// failure message shows it: CustomDump's diff (the format TCA's test store prints), which
/// names enum cases with their payloads, compares sets and dictionaries by member and key,
/// shows a class by its fields and folds what did not change.
///
/// ```
///   Screen(
///     rows: [
///       [0]: Row(…),
///       [1]: Row(
///         id: 2,
/// -       title: "b"
/// +       title: "B"
///       )
///     ]
///   )
///
/// (Expected: -, Actual: +)
/// ```
///
/// `Redacted` values show as they are, unless `redacting` (the test store's
/// `redactsSensitiveValues`) says to show `<redacted>`.
func stateDiff<State>(expected: State, actual: State, redacting: Bool) -> String {
  let lines = RedactionInDiffs.$isOn.withValue(redacting) { diff(expected, actual) }
  // Equal dumps with unequal values (an `==` that compares what a dump does not show, or a
  // redacted field): say so rather than print an empty diff.
  guard let lines else {
    return """
      Both dump the same, but == says they differ: \
      \(RedactionInDiffs.$isOn.withValue(redacting) { String(customDumping: actual) })
      Look at what the state's == compares that it does not show (a redacted field, say).
      """
  }
  let showsADifference = lines.split(separator: "\n").contains { $0.hasPrefix("-") || $0.hasPrefix("+") }
  guard showsADifference || !redacting else {
    return "\(lines)\n\nWhat differs is redacted (the test store's redactsSensitiveValues is on)."
  }
  return "\(lines)\n\n(Expected: -, Actual: +)"
}

/// Whether the diff being made shows `Redacted` values as `<redacted>`: set around one diff
/// by the test store that makes it.
enum RedactionInDiffs {
  @TaskLocal static var isOn = false
}

/// A `Redacted` value in a diff: its value, as any other field, unless the test store asked
/// for redaction.
extension Redacted: CustomDumpRepresentable {
  /// The value, or a `<redacted>` mark when the test store was asked to redact.
  public var customDumpValue: Any {
    RedactionInDiffs.isOn ? RedactedPlaceholder() : wrappedValue
  }
}

/// Dumps as `<redacted>`, with no quotes.
private struct RedactedPlaceholder: CustomDumpStringConvertible {
  var customDumpDescription: String { Redacted<Int>.placeholder }
}
