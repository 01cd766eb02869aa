/// The floor: the same reducer, called through a function value on a state in memory.
@MainActor
func floorCases() -> [BenchmarkCase] {
  guard let floor = Scenario.all.first(where: { $0.id == "F" }) else { return [] }
  return [
    BenchmarkCase(scenario: floor, style: .floor) {
      let reduce = opaque(benchmarkReduce as (inout BenchmarkState, BenchmarkAction) -> Void)
      var state = BenchmarkState()
      var dispatched = 0
      return Runner(
        run: { n in
          for _ in 0..<n { reduce(&state, .increment) }
          dispatched += n
        },
        verify: { expectCount(state.count, dispatched) })
    }
  ]
}

/// The reference for S8b: what one task costs on this machine, store or not.
@MainActor
func taskReferenceCase() -> BenchmarkCase {
  BenchmarkCase(scenario: Scenario.all.first { $0.id == "T" }!, style: .floor) {
    var total = 0
    var dispatched = 0
    return Runner(
      run: { n in
        for _ in 0..<n {
          let task = Task { @MainActor in await offMainActor(1) }
          total &+= await task.value
        }
        dispatched += n
      },
      verify: { expectCount(total, dispatched, "task results") })
  }
}

/// Runs off the main actor, like an effect's work.
@inline(never)
nonisolated func offMainActor(_ value: Int) async -> Int { value }

/// The message for a wrong final count, or `nil`.
func expectCount(_ count: Int, _ expected: Int, _ what: String = "count") -> String? {
  count == expected ? nil : "final \(what) is \(count), expected \(expected)"
}
