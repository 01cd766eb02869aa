import Foundation

/// Counts heap allocations per dispatch deterministically: runs one case `n` and then `2n` times
/// under valgrind and divides the difference of the two heap summaries by `n`, so set-up costs
/// cancel out.
struct AllocationCounter {
  let executable: String
  let n = 1_000

  static func locate() throws(BenchmarkFailure) -> AllocationCounter {
    guard let valgrind = findValgrind() else {
      throw BenchmarkFailure(
        "valgrind is needed to count allocations and was not found on PATH; install it "
          + "(Debian/Ubuntu: apt-get install -y valgrind) or run without --allocations.")
    }
    _ = valgrind
    let executable =
      (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
      ?? CommandLine.arguments[0]
    return AllocationCounter(executable: withoutDebugInfo(executable))
  }

  /// A copy of the program without its debug information, which is what valgrind reads of it:
  /// C code built with DWARF 5 debug information (SwiftNIO's, when the benchmarks linked it)
  /// makes valgrind 3.19 give up on the whole program. The code, and so every count, is the
  /// same; the original is used when the copy cannot be made.
  private static func withoutDebugInfo(_ executable: String) -> String {
    // Beside the original: the program finds its shared libraries relative to its own place.
    let copy = executable + "-for-valgrind"
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["objcopy", "--strip-debug", executable, copy]
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return executable }
    process.waitUntilExit()
    return process.terminationStatus == 0 && FileManager.default.isExecutableFile(atPath: copy)
      ? copy : executable
  }

  private static func findValgrind() -> String? {
    let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":")
    return paths.map { "\($0)/valgrind" }.first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  func allocationsPerDispatch(_ benchmark: BenchmarkCase) throws(BenchmarkFailure) -> Double {
    try differencePerUnit { count throws(BenchmarkFailure) in
      try heapSummaryFigure(
        "total heap usage:", running: [executable, "--allocation-run", benchmark.name, "\(count)"],
        name: benchmark.name)
    }
  }

  /// What `measure` counts for `2n` less what it counts for `n`, over `n`: the cost of one unit,
  /// with the program and set-up cancelled out.
  func differencePerUnit(_ measure: (Int) throws(BenchmarkFailure) -> Int) throws(BenchmarkFailure) -> Double
  {
    let once = try measure(n)
    let twice = try measure(2 * n)
    return Double(twice - once) / Double(n)
  }
}

/// Runs `arguments` under valgrind's memcheck and returns the first number after `label` in its
/// heap summary ("total heap usage: 12 allocs, …", "in use at exit: 340 bytes in …").
func heapSummaryFigure(_ label: String, running arguments: [String], name: String) throws(BenchmarkFailure)
  -> Int
{
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments = ["valgrind", "--tool=memcheck", "--leak-check=no"] + arguments
  let errors = Pipe()
  process.standardError = errors
  process.standardOutput = FileHandle.nullDevice
  do { try process.run() } catch {
    throw BenchmarkFailure("could not start valgrind: \(error)")
  }
  let output = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  process.waitUntilExit()
  guard process.terminationStatus == 0,
    let line = output.split(separator: "\n").first(where: { $0.contains(label) }),
    let figure = line.components(separatedBy: label).last?.split(separator: " ").first,
    let value = Int(figure.replacingOccurrences(of: ",", with: ""))
  else {
    throw BenchmarkFailure("valgrind run of \(name) failed:\n\(output.suffix(2_000))")
  }
  return value
}

struct BenchmarkFailure: Error {
  let message: String
  init(_ message: String) { self.message = message }
}
