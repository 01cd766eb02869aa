import ClassStore
import EffectStore
import Foundation
import FunctionalStore
import Observation

/// What one idle object costs in memory: the heap bytes still in use at exit under valgrind
/// (memcheck's "in use at exit"), with `n` and then `2n` objects kept alive; the difference over
/// `n` is the cost of one, and everything else (the program, set-up) cancels out. Deterministic,
/// and counted in the bytes the program asked for, so it travels from machine to machine.
struct MemoryProbe: Sendable {
  let id: String
  let what: String
  /// Makes `count` objects and returns what keeps them alive.
  let make: @MainActor @Sendable (_ count: Int) -> Any
  /// A probe whose cost per unit is subtracted from this one's (the rows an element child
  /// store stands for, say), or `nil`.
  let minus: String?
  /// The most bytes one may cost, if there is a target.
  let target: Int?

  static let all: [MemoryProbe] = [
    MemoryProbe(
      id: "M1", what: "an idle functional store (`createStore`)",
      make: { count in
        (0..<count).map { _ in
          createStore(reducer: ReduxReducer(benchmarkReduce), initialState: BenchmarkState())
        }
      }, minus: nil, target: 1_024),
    MemoryProbe(
      id: "M2", what: "an idle class-based store (a `CommitStore` subclass)",
      make: { count in
        (0..<count).map { _ in
          BenchmarkClassStore.make(
            initialState: BenchmarkState(), middlewares: [], isolation: MainActor.shared)
        }
      }, minus: nil, target: 1_024),
    MemoryProbe(
      id: "M2m",
      what: "an idle class-based store as the guide writes it (a main-actor `CommitStore` subclass)",
      make: { count in (0..<count).map { _ in MemoryCounterStore() } }, minus: nil, target: 1_024),
    MemoryProbe(
      id: "M3", what: "an idle reducer/effect store (`FeatureStore`)",
      make: { count in
        (0..<count).map { _ in FeatureStore(initialState: BenchmarkState(), reducer: BenchmarkFeature()) }
      }, minus: nil, target: 2_048),
    MemoryProbe(
      id: "MQ1", what: "a cached query entry (a small row filled by hand, kept unused for 60 s)",
      make: { count in queryBenchStore(entries: count) }, minus: nil, target: 2_048),
    MemoryProbe(
      id: "M4", what: "a subscription (`subscribe(\\.count) { … }`, its token kept)",
      make: { count in
        let store = createStore(reducer: ReduxReducer(benchmarkReduce), initialState: BenchmarkState())
        return (store, (0..<count).map { _ in store.subscribe(\.count) { _ in } })
      }, minus: nil, target: nil),
    MemoryProbe(
      id: "M5", what: "a field a view watches (`store.state(\\.values[i])` in `withObservationTracking`)",
      make: { count in
        let store = createStore(
          reducer: ReduxReducer(benchmarkReduce),
          initialState: BenchmarkState(values: Array(repeating: 0, count: count)))
        for index in 0..<count {
          withObservationTracking {
            _ = store.state(\.values[index])
          } onChange: {
          }
        }
        return store
      }, minus: "M5r", target: nil),
    MemoryProbe(
      id: "M5r", what: "reference for M5: the store with its values, nobody watching",
      make: { count in
        createStore(
          reducer: ReduxReducer(benchmarkReduce),
          initialState: BenchmarkState(values: Array(repeating: 0, count: count)))
      }, minus: nil, target: nil),
    MemoryProbe(
      id: "M6", what: "an element child store (`scope(forEach:)`), the row itself not counted",
      make: { count in
        let store = FeatureStore(initialState: MemoryRows(count: count), reducer: MemoryRowsFeature())
        return (store, store.scope(forEach: \.lines, action: LinesAction.line))
      }, minus: "M6r", target: nil),
    MemoryProbe(
      id: "M7",
      what: "a row a view watches by id (`store.state(\\.lines, id: i)` in `withObservationTracking`)",
      make: { count in
        let store = FeatureStore(initialState: MemoryRows(count: count), reducer: MemoryRowsFeature())
        for id in 0..<count {
          withObservationTracking {
            _ = store.state(\.lines, id: id)
          } onChange: {
          }
        }
        return store
      }, minus: "M6r", target: nil),
    MemoryProbe(
      id: "M6r", what: "reference for M6 and M7: the store with its rows, no child store, nobody watching",
      make: { count in FeatureStore(initialState: MemoryRows(count: count), reducer: MemoryRowsFeature()) },
      minus: nil, target: nil),
  ]
}

/// M6's state: `count` rows.
struct MemoryRows: Equatable, Sendable {
  var lines: IdentifiedArrayOf<Line>
  init(count: Int) { lines = IdentifiedArrayOf(uniqueElements: (0..<count).map { Line(id: $0) }) }
}

struct MemoryRowsFeature: Reducer {
  func reduce(into state: inout MemoryRows, action: LinesAction) -> Effect<LinesAction> { .none }
}

/// What the probes keep alive until the program exits (valgrind counts it then).
@MainActor var keptForMemoryRun: Any?

extension AllocationCounter {
  /// The heap bytes one of `probe`'s objects keeps (see ``MemoryProbe``).
  func bytesPerUnit(_ probe: MemoryProbe) throws(BenchmarkFailure) -> Double {
    try differencePerUnit { count throws(BenchmarkFailure) in
      try heapSummaryFigure(
        "in use at exit:", running: [executable, "--memory-run", probe.id, "\(count)"], name: probe.id)
    }
  }
}

/// The resident memory of this process, from `/proc/self/statm`, in bytes.
func residentBytes() -> Int? {
  guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
  let fields = text.split(separator: " ")
  guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
  return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

/// Prints how much this process's resident memory grows while `count` objects made by `make`
/// are kept: what a user's process pays, malloc's own bookkeeping included. Returns the objects:
/// freed before the next measurement, their pages would be reused by it.
@MainActor
func printResidentGrowth(of count: Int, _ what: String, _ make: () -> Any) -> [Any] {
  let before = residentBytes()
  let objects = (0..<count).map { _ in make() }
  let after = residentBytes()
  if let before, let after {
    let megabytes = Double(after - before) / 1_048_576
    print(
      "\(count) \(what) in one process: resident memory grew by "
        + "\(String(format: "%.1f", megabytes)) MB (\(Int(Double(after - before) / Double(count))) bytes each)"
    )
  }
  return objects
}

/// `--memory`: the bytes per object of every probe, then the resident memory of 100,000 idle
/// stores of each style made in this process. Fails when a probe with a target misses it: the
/// counts are deterministic, so CI runs this as a check.
@MainActor
func runMemoryReport() throws(BenchmarkFailure) {
  let counter = try AllocationCounter.locate()
  var perUnit: [String: Double] = [:]
  for probe in MemoryProbe.all {
    progress("counting memory: \(probe.id)")
    perUnit[probe.id] = try counter.bytesPerUnit(probe)
  }
  progress("")
  print("| id | what | bytes each | target |")
  print("| --- | --- | ---: | ---: |")
  var missed: [String] = []
  for probe in MemoryProbe.all where !probe.id.hasSuffix("r") {
    var bytes = perUnit[probe.id] ?? 0
    if let minus = probe.minus { bytes -= perUnit[minus] ?? 0 }
    let met = probe.target.map { bytes <= Double($0) } ?? true
    if !met { missed.append("\(probe.id): \(Int(bytes)) bytes, over its target of \(probe.target ?? 0)") }
    let target = probe.target.map { "<= \($0): \(met ? "met" : "missed")" } ?? ""
    print("| \(probe.id) | \(probe.what) | \(Int(bytes.rounded())) | \(target) |")
  }
  let count = 100_000
  print("")
  let functional = printResidentGrowth(of: count, "idle functional stores") {
    createStore(reducer: ReduxReducer(benchmarkReduce), initialState: BenchmarkState())
  }
  let classBased = printResidentGrowth(of: count, "idle class-based stores (M2m's)") { MemoryCounterStore() }
  let effect = printResidentGrowth(of: count, "idle reducer/effect stores") {
    FeatureStore(initialState: BenchmarkState(), reducer: BenchmarkFeature())
  }
  withExtendedLifetime((functional, classBased, effect)) {}
  if !missed.isEmpty {
    throw BenchmarkFailure("memory targets missed: " + missed.joined(separator: "; "))
  }
}

/// M2m's store: a `CommitStore` subclass of a one-field state, as the class-based guide writes one.
final class MemoryCounterStore: CommitStore<MemoryCounter> {
  init() { super.init(state: MemoryCounter()) }

  func increment() { commit { $0.count += 1 } }
}

struct MemoryCounter: Equatable, Sendable {
  var count = 0
}
