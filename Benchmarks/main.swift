import EffectStore
import Foundation
import FunctionalStore

// `swift run -c release Benchmarks`: the dispatch cost of every style, side by side, as ratios to
// the floor (the reducer alone) measured in the same run.

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("error: \(message)\n".utf8))
  exit(1)
}

/// One progress line on standard error: redrawn in place on a terminal, one line each in a log.
func progress(_ text: String) {
  if isatty(STDERR_FILENO) != 0 {
    FileHandle.standardError.write(Data("\r\u{1B}[K\(text)".utf8))
  } else if !text.isEmpty {
    FileHandle.standardError.write(Data("\(text)\n".utf8))
  }
}

let options: Options
do {
  options = try Options.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
  if let message = error.message { FileHandle.standardError.write(Data("error: \(message)\n\n".utf8)) }
  print(Options.usage)
  exit(error.message == nil ? 0 : 2)
}

let everyCase =
  floorCases() + storeCases(ReduxStore<BenchmarkState, BenchmarkAction>.self)
  + storeCases(BenchmarkClassStore.self) + storeCases(FeatureStore<BenchmarkState, BenchmarkAction>.self)
  + observationCases(ReduxStore<BenchmarkState, BenchmarkAction>.self)
  + observationCases(BenchmarkClassStore.self)
  + observationCases(FeatureStore<BenchmarkState, BenchmarkAction>.self)
  + observationReferenceCases() + distinctSelectorCases() + distinctViewCases() + [
    payloadCommitCase(), testStoreCase(),
  ] + actionHookCases()
  + compositionCases() + navigationCases() + selectorCases() + sliceCases() + matcherCases() + listenerCases()
  + batchingCases() + queryCases()
  + sharedCases()
  + collectionCases()
  + [taskReferenceCase(), taskCallingBackReferenceCase()]
  + actorCases(ReduxStore<BenchmarkState, BenchmarkAction>.self) + actorCases(BenchmarkClassStore.self)
  + actorCases(FeatureStore<BenchmarkState, BenchmarkAction>.self) + persistenceCases()
  + appScreenCases() + rowViewsCases() + devToolsCases(ReduxStore<BenchmarkState, BenchmarkAction>.self)
  + devToolsCases(BenchmarkClassStore.self)
  + liveInspectorCases(ReduxStore<BenchmarkState, BenchmarkAction>.self)
  + liveInspectorCases(BenchmarkClassStore.self)
  + liveInspectorCases(FeatureStore<BenchmarkState, BenchmarkAction>.self)
  + devToolsCases(FeatureStore<BenchmarkState, BenchmarkAction>.self)

// Child mode for allocation counting: run one case and leave.
if let (name, count) = options.allocationRun {
  guard let benchmark = everyCase.first(where: { $0.name == name }) else { fail("no case named '\(name)'") }
  let runner = benchmark.make()
  await runner.run(count)
  if let problem = runner.verify() { fail("\(name): \(problem)") }
  exit(0)
}

// Child mode for memory counting: make one probe's objects, keep them, and leave.
if let (id, count) = options.memoryRun {
  guard let probe = MemoryProbe.all.first(where: { $0.id == id }) else {
    fail("no memory probe named '\(id)'")
  }
  keptForMemoryRun = probe.make(count)
  exit(0)
}

if options.memory {
  do { try runMemoryReport() } catch { fail(error.message) }
  exit(0)
}

#if DEBUG
  // SwiftPM defines DEBUG in debug builds.
  do {
    FileHandle.standardError.write(
      Data(
        """
        WARNING: this is a debug build, so these figures mean nothing about real use.
        WARNING: for real numbers run:  swift run -c release Benchmarks\n\n
        """.utf8))
  }
#endif

let selected = everyCase.filter { $0.scenario.id == "F" || options.selects($0) }
let processor =
  (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?
  .split(separator: "\n").first { $0.hasPrefix("model name") }?
  .split(separator: ":").last.map { $0.trimmingCharacters(in: .whitespaces) }
let machine =
  "\(ProcessInfo.processInfo.operatingSystemVersionString); \(processor.map { "\($0); " } ?? "")"
  + "\(ProcessInfo.processInfo.activeProcessorCount) cores; "
  + (options.quick
    ? "--quick run (smoke test, figures are rough)"
    : options.filters.isEmpty ? "full run" : "filtered run (\(options.filters.joined(separator: ", ")))")

if options.checkAllocations {
  let counter: AllocationCounter
  do { counter = try AllocationCounter.locate() } catch { fail(error.message) }
  var failures: [String] = []
  let mustNotAllocate = selected.filter { $0.scenario.mustNotAllocate }
  for (index, benchmark) in mustNotAllocate.enumerated() {
    progress("[\(index + 1)/\(mustNotAllocate.count)] counting allocations: \(benchmark.name)")
    do {
      let perDispatch = try counter.allocationsPerDispatch(benchmark)
      progress("")
      print("\(benchmark.name): \(perDispatch) allocations per dispatch")
      // A few allocations more or less between the two runs are not per dispatch (one per
      // dispatch is `n` of them, one per twenty dispatches still `n / 20`): they are async work,
      // such as a burst's save (about a dozen allocations), that ran before the process ended
      // in one run and not in the other, which a loaded machine makes more likely.
      if abs(perDispatch) >= 0.05 { failures.append(benchmark.name) }
    } catch { fail(error.message) }
  }
  progress("")
  if !failures.isEmpty { fail("these must not allocate per dispatch: \(failures.joined(separator: ", "))") }
  print("allocation check: \(mustNotAllocate.count) scenarios allocate nothing per dispatch")
  exit(0)
}

if options.checkInstructions || options.updateInstructionBaseline {
  let counter: InstructionCounter
  do { counter = try InstructionCounter.locate() } catch { fail(error.message) }
  let countable = selected.filter(InstructionCounter.countable)
  var measured: [(name: String, count: Double)] = []
  for (index, benchmark) in countable.enumerated() {
    progress("[\(index + 1)/\(countable.count)] counting instructions: \(benchmark.name)")
    do {
      let count = try counter.instructionsPerDispatch(benchmark)
      measured.append((benchmark.name, count))
      progress("")
      print("\(benchmark.name): \(Int(count.rounded())) instructions per dispatch")
    } catch { fail(error.message) }
  }
  progress("")
  let path = options.baselinePath ?? InstructionBaseline.defaultPath
  do {
    if options.updateInstructionBaseline {
      var baseline = (try? InstructionBaseline.load(from: path)) ?? InstructionBaseline(counts: [:])
      for (name, count) in measured { baseline.counts[name] = count }
      try baseline.save(to: path)
      print("instruction baseline: \(measured.count) cases written to \(path)")
    } else {
      let problems = try InstructionBaseline.load(from: path).problems(with: measured)
      if !problems.isEmpty {
        fail(
          "instructions per dispatch rose by more than \(Int(InstructionCounter.tolerance * 100))% "
            + "(35% for \(InstructionCounter.layoutSensitiveScenarios.sorted().joined(separator: ", "))):\n"
            + problems.joined(separator: "\n")
            + "\nIf the rise is wanted, record it: swift run -c release Benchmarks --update-instruction-baseline"
        )
      }
      print(
        "instruction check: \(measured.count) cases within \(Int(InstructionCounter.tolerance * 100))% "
          + "(35% for \(InstructionCounter.layoutSensitiveScenarios.sorted().joined(separator: ", "))) of \(path)"
      )
    }
  } catch { fail(error.message) }
  exit(0)
}

let plan = options.quick ? MeasurementPlan.quick : .full
// The floor runs next to every case, in each of its rounds (see `measure`).
let floorRunner = everyCase.first { $0.scenario.id == "F" }!.make()
var timings: [(BenchmarkCase, Timing)] = []
AppActionTimes.isOn = options.byAction
for (index, benchmark) in selected.enumerated() {
  progress("[\(index + 1)/\(selected.count)] \(benchmark.name): \(benchmark.scenario.title)")
  AppActionTimes.currentCase = benchmark.name
  let runner = benchmark.make()
  let timing = await measure(runner, against: floorRunner, plan: plan)
  if let problem = runner.verify() {
    progress("")
    fail("\(benchmark.name) computed the wrong result, so its timing is void: \(problem)")
  }
  timings.append((benchmark, timing))
}
if let problem = floorRunner.verify() { fail("the floor computed the wrong result: \(problem)") }

var allocations: [String: Double] = [:]
if options.allocations {
  let counter: AllocationCounter
  do { counter = try AllocationCounter.locate() } catch { fail(error.message) }
  let countable = selected.filter(\.scenario.allocationsCountable)
  for (index, benchmark) in countable.enumerated() {
    progress("[\(index + 1)/\(countable.count)] counting allocations: \(benchmark.name)")
    do { allocations[benchmark.name] = try counter.allocationsPerDispatch(benchmark) } catch {
      fail(error.message)
    }
  }
}
progress("")

let rows = timings.map { benchmark, timing in
  // The store with nothing extra that the scenario adds its subscribers or middlewares to.
  let plain = ["S5d", "S5c", "S5s"].contains(benchmark.scenario.id) ? "S1w" : "S1"
  let baseline = timings.first { $0.0.style == benchmark.style && $0.0.scenario.id == plain }?.1.median
  let items: Int? =
    switch benchmark.scenario.id {
    case "S2", "S3", "S5", "V1": benchmark.scenario.subscribers
    case "S5d", "S5c", "S5s": benchmark.scenario.subscribers
    case "S4": 3
    default: nil
    }
  return ResultRow(
    benchmark: benchmark, timing: timing,
    extraPerItem: items.flatMap { count in baseline.map { (timing.median - $0) / Double(count) } },
    allocationsPerDispatch: allocations[benchmark.name])
}
let report = Report(rows: rows, machine: machine)
print(report.render(options.format), terminator: "")
if options.byAction { print(AppActionTimes.report(), terminator: "") }
if let chartPath = options.chartPath {
  do {
    try Data(report.render(.svg).utf8).write(to: URL(fileURLWithPath: chartPath))
  } catch { fail("could not write the chart to \(chartPath): \(error)") }
}

if selected.contains(where: { $0.scenario.id == "P1" }),
  options.format == .table || options.format == .markdown
{
  let writes = [
    ("functional", await writesPerBurst(ReduxStore<BenchmarkState, BenchmarkAction>.self)),
    ("class-based", await writesPerBurst(BenchmarkClassStore.self)),
    ("reducer/effect", await writesPerBurst(FeatureStore<BenchmarkState, BenchmarkAction>.self)),
  ]
  print(
    "\nP1, a burst of 1,000 dispatches with StatePersistence attached: "
      + writes.map { "\($0.0) \($0.1) write\($0.1 == 1 ? "" : "s")" }.joined(separator: ", "))
  if writes.contains(where: { $0.1 != 1 }) { fail("a burst of 1,000 dispatches must make one write") }
}
