import IdentifiedCollections
import ReduxCore

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

/// The reference for S8b, closer to what an effect does: T, where the work off the main actor
/// calls back onto it once (as an effect's `send` does).
@MainActor
func taskCallingBackReferenceCase() -> BenchmarkCase {
  BenchmarkCase(scenario: Scenario.all.first { $0.id == "T2" }!, style: .floor) {
    let sink = Sink()
    var dispatched = 0
    return Runner(
      run: { n in
        for _ in 0..<n {
          let task = Task { @MainActor in await offMainActor(callingBack: sink) }
          await task.value
        }
        dispatched += n
      },
      verify: { expectCount(sink.calls, dispatched, "calls back") })
  }
}

/// Runs off the main actor and calls back onto it once.
@inline(never)
nonisolated func offMainActor(callingBack sink: Sink) async {
  await sink.callBack()
}

extension Sink {
  func callBack() { calls &+= 1 }
}

/// Runs off the main actor, like an effect's work.
@inline(never)
nonisolated func offMainActor(_ value: Int) async -> Int { value }

/// The message for a wrong final count, or `nil`.
func expectCount(_ count: Int, _ expected: Int, _ what: String = "count") -> String? {
  count == expected ? nil : "final \(what) is \(count), expected \(expected)"
}

/// C5: writing one element of 10,000 in place: through an array's index (C5a), through an
/// `IdentifiedArrayOf`'s `[id:]` as a reducer writes it (C5), and through its position found by
/// id, as `ForEachElement` does (C5p). None may copy the collection. C6: a structural change.
@MainActor
func collectionCases() -> [BenchmarkCase] {
  struct Row: Identifiable {
    var id: Int
    var value = 0
  }
  let count = 10_000
  func scenario(_ id: String) -> Scenario { Scenario.all.first { $0.id == id }! }
  func identifiedRows() -> IdentifiedArrayOf<Row> {
    IdentifiedArrayOf(uniqueElements: (0..<count).map { Row(id: $0) })
  }
  /// One row of 10,000 written per operation, by `write`, in turn.
  func identifiedWriteCase(
    _ id: String, write: @escaping (inout IdentifiedArrayOf<Row>, Int) -> Void
  ) -> BenchmarkCase {
    BenchmarkCase(scenario: scenario(id), style: .floor) {
      var rows = identifiedRows()
      var dispatched = 0
      return Runner(
        run: { n in
          for step in 0..<n { write(&rows, (dispatched &+ step) % count) }
          dispatched += n
        },
        verify: { expectCount(rows.reduce(0) { $0 + $1.value }, dispatched, "writes") })
    }
  }
  return [
    BenchmarkCase(scenario: scenario("C5a"), style: .floor) {
      var rows = (0..<count).map { Row(id: $0) }
      var dispatched = 0
      return Runner(
        run: { n in
          for step in 0..<n { rows[(dispatched &+ step) % count].value &+= 1 }
          dispatched += n
        },
        verify: { expectCount(rows.reduce(0) { $0 + $1.value }, dispatched, "writes") })
    },
    identifiedWriteCase("C5") { rows, id in rows[id: id]?.value &+= 1 },
    identifiedWriteCase("C5p") { rows, id in
      if let position = rows.index(id: id) { rows[position].value &+= 1 }
    },
    BenchmarkCase(scenario: scenario("C6"), style: .floor) {
      var rows = identifiedRows()
      var dispatched = 0
      return Runner(
        run: { n in
          for step in 0..<n {
            // A row removed from the middle and put back at the top, then moved to the end.
            let id = (dispatched &+ step) % count
            guard let row = rows.remove(id: id) else { continue }
            rows.insert(row, at: 0)
            rows.move(fromOffsets: [0], toOffset: rows.count)
          }
          dispatched += n
        },
        verify: { expectCount(rows.count, count, "rows") })
    },
  ]
}
