/// The last inputs a selector saw and the outputs it computed from them, most recent first, at
/// most `size` of them: Reselect's `lruMemoize` (its `maxSize`). A size of 1 keeps only the last
/// call, as Reselect's `createSelector` did by default; a selector called with several arguments
/// in turn (a row's id per row view) keeps one entry per argument it is to remember.
@usableFromInline
struct SelectorCache<Inputs, Output> {
  @usableFromInline var entries: [(inputs: Inputs, output: Output)] = []
  @usableFromInline let size: Int

  @inlinable
  init(size: Int) {
    // `fatalError`, not `precondition`: an optimized build keeps its message.
    if size < 1 { fatalError("FunctionalStore: a selector's cacheSize must be at least 1, not \(size)") }
    self.size = size
  }

  /// The output kept for inputs that `same` calls equal to `inputs`, moved to the front; or the
  /// output `compute` makes, kept in front (the least recently used entry dropped when full).
  /// With `sameOutput` (Reselect's `resultEqualityCheck`), a computed output equal to one kept
  /// is given as that kept one, under the new inputs.
  @inlinable
  mutating func output(
    for inputs: Inputs, same: (Inputs, Inputs) -> Bool, sameOutput: ((Output, Output) -> Bool)? = nil,
    compute: (Inputs) -> Output
  ) -> (output: Output, recomputed: Bool) {
    if let index = entries.firstIndex(where: { same($0.inputs, inputs) }) {
      let entry = entries[index]
      if index != 0 {
        entries.remove(at: index)
        entries.insert(entry, at: 0)
      }
      return (entry.output, false)
    }
    var output = compute(inputs)
    if let sameOutput, let kept = entries.first(where: { sameOutput($0.output, output) }) {
      output = kept.output
    }
    if entries.count == size { entries.removeLast() }
    entries.insert((inputs, output), at: 0)
    return (output, true)
  }
}
