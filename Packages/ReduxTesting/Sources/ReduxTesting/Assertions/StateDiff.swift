import CustomDump

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
func stateDiff<State>(expected: State, actual: State) -> String {
  // Equal dumps with unequal values (an `==` that compares what a dump does not show): say so
  // rather than print an empty diff.
  guard let lines = diff(expected, actual) else {
    return """
      Both dump the same, but == says they differ: \
      \(String(customDumping: actual))
      Look at what the state's == compares that it does not show.
      """
  }
  return "\(lines)\n\n(Expected: -, Actual: +)"
}
