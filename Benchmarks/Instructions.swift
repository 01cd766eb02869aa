import Foundation

/// Counts the instructions a dispatch executes, under callgrind: deterministic where timings are
/// not, so CI can compare them with a committed baseline and catch a slowdown of a few percent
/// on any machine. Like ``AllocationCounter``, it runs one case `n` and then `2n` times and
/// divides the difference by `n`, so start-up and set-up cancel out.
struct InstructionCounter {
  let executable: String
  let n = 1_000

  /// Any slower than this, against the baseline, fails the check.
  static let tolerance = 0.10

  /// The cases whose count follows where the build put things in memory: they look rows and
  /// fields up in tables keyed by object addresses (key paths, metadata), and a build that moves
  /// those objects changes how often lookups collide. Measured on identical code paths: C7 538,
  /// 605 and 695 instructions, C7d 1,222 to 1,538, S8a 2,073 to 2,209, W1 200,924 to 225,281 in
  /// clean builds of this project's recent commits (W1k and W1s are W1's screen read other
  /// ways; V4, a view of three fields, 29,889 and 34,021; R2r, a read of an `@Observable`
  /// property with no store, 190 to 229; V1d, ten views of distinct fields, 173 to 218 for the
  /// functional store and 227 to 268 for the reducer/effect one, in builds of 2026-11-29). They
  /// are held to a wider margin, which still catches a doubling.
  static let layoutSensitiveScenarios: Set<String> = [
    "C7", "C7d", "S8a", "V4", "W1", "W1k", "W1s", "R2r", "V1d",
  ]

  /// The margin a case is held to.
  static func tolerance(for name: String) -> Double {
    let scenario = String(name.prefix { $0 != " " })
    return layoutSensitiveScenarios.contains(scenario) ? 0.35 : tolerance
  }

  static func locate() throws(BenchmarkFailure) -> InstructionCounter {
    let allocations = try AllocationCounter.locate()
    return InstructionCounter(executable: allocations.executable)
  }

  /// Whether a case can be counted: work spread over other threads (a persistence write, a
  /// task: P1, and AB1's task that tells a burst) runs when the scheduler says, so its count
  /// changes from run to run (AB1: 126 in one run, 203 in the next). V1nr, a reference
  /// made only of Observation's own work, is left out too: with ten observers of one object, its
  /// registrar's tables give it 1,957 instructions in one run and 10,167 in the next.
  static func countable(_ benchmark: BenchmarkCase) -> Bool {
    benchmark.scenario.allocationsCountable && !["P1", "AB1", "V1nr"].contains(benchmark.scenario.id)
  }

  func instructionsPerDispatch(_ benchmark: BenchmarkCase) throws(BenchmarkFailure) -> Double {
    // Both runs at once: the machine has two cores, and each run is single-threaded.
    let once = try start(benchmark, count: n)
    let twice = try start(benchmark, count: 2 * n)
    return Double(try twice.total() - once.total()) / Double(n)
  }

  /// A callgrind run under way.
  private struct Run {
    let process: Process
    let output: URL
    let name: String

    func total() throws(BenchmarkFailure) -> Int {
      process.waitUntilExit()
      defer { try? FileManager.default.removeItem(at: output) }
      guard process.terminationStatus == 0,
        let text = try? String(contentsOf: output, encoding: .utf8),
        let line = text.split(separator: "\n").first(where: { $0.hasPrefix("summary:") }),
        let figure = line.split(separator: " ").last, let total = Int(figure)
      else {
        throw BenchmarkFailure(
          "callgrind run of \(name) failed (exit \(process.terminationStatus)); run it by hand: "
            + "valgrind --tool=callgrind \(process.arguments?.last ?? "")")
      }
      return total
    }
  }

  private func start(_ benchmark: BenchmarkCase, count: Int) throws(BenchmarkFailure) -> Run {
    let output = FileManager.default.temporaryDirectory
      .appendingPathComponent("callgrind-\(UUID().uuidString).out")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    // Swift seeds its hashing at random per process; fixed, dictionaries probe the same way in
    // every run.
    process.arguments = [
      "SWIFT_DETERMINISTIC_HASHING=1", "valgrind", "--tool=callgrind",
      "--callgrind-out-file=\(output.path)", executable, "--allocation-run", benchmark.name, "\(count)",
    ]
    process.standardError = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    do { try process.run() } catch {
      throw BenchmarkFailure("could not start valgrind: \(error)")
    }
    return Run(process: process, output: output, name: benchmark.name)
  }
}

/// The committed instruction counts CI compares with: `Benchmarks/instructions-baseline.json`,
/// one number per case, instructions per dispatch.
struct InstructionBaseline {
  var counts: [String: Double]

  static let defaultPath = "Benchmarks/instructions-baseline.json"

  static func load(from path: String) throws(BenchmarkFailure) -> InstructionBaseline {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw BenchmarkFailure(
        "no instruction baseline at \(path); make one with "
          + "`swift run -c release Benchmarks --update-instruction-baseline` from the package folder")
    }
    guard let counts = try? JSONDecoder().decode([String: Double].self, from: data) else {
      throw BenchmarkFailure(
        "\(path) is not a JSON object of case names to numbers; make it again with --update-instruction-baseline"
      )
    }
    return InstructionBaseline(counts: counts)
  }

  func save(to path: String) throws(BenchmarkFailure) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    do {
      try encoder.encode(counts.mapValues { ($0 * 10).rounded() / 10 })
        .write(to: URL(fileURLWithPath: path))
    } catch {
      throw BenchmarkFailure("could not write \(path): \(error)")
    }
  }

  /// What is wrong with `measured` against this baseline: a case slower by more than the
  /// tolerance, or a case with no baseline. Faster cases are fine (and worth a new baseline).
  func problems(with measured: [(name: String, count: Double)]) -> [String] {
    measured.compactMap { name, count in
      guard let base = counts[name] else {
        return "\(name): no baseline (\(Int(count)) instructions); add it with --update-instruction-baseline"
      }
      let change = count / base - 1
      guard change > InstructionCounter.tolerance(for: name) else { return nil }
      return
        "\(name): \(Int(count)) instructions per dispatch, \(Int((change * 100).rounded()))% more than the baseline's \(Int(base))"
    }
  }
}
