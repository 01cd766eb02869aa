/// The command line, parsed.
struct Options: Sendable {
  enum Format: String, Sendable { case table, markdown, json, csv, svg }

  var format = Format.table
  var filters: [String] = []
  var quick = false
  var allocations = false
  var checkAllocations = false
  var checkInstructions = false
  var updateInstructionBaseline = false
  /// Also draw the chart (`--format svg`) into this file.
  var chartPath: String?
  /// Where the instruction baseline is, if not `Benchmarks/instructions-baseline.json`.
  var baselinePath: String?
  /// Set by the parent process in allocation mode: run one case `count` times and exit.
  var allocationRun: (caseName: String, count: Int)?
  /// `--memory`: bytes per idle store, subscription, watched field and element child store.
  var memory = false
  /// Set by the parent process in memory mode: make `count` objects of one probe and exit.
  var memoryRun: (probe: String, count: Int)?
  /// `--by-action`: also time each kind of user action of the todo screen (W1 and its spellings).
  var byAction = false

  static let usage = """
    usage: swift run -c release Benchmarks [options]

      --format table|markdown|json|csv|svg
                                         output format (default: table); svg draws the
                                         ratios to the floor as a bar chart
      --chart PATH                       also write that chart to PATH, whatever the format
      --filter NAME                      run only the cases of a scenario (S5), a style
                                         (functional, class-based, reducer/effect) or one
                                         case ("S5 functional"); repeatable
      --quick                            a few seconds' smoke run (used by CI)
      --allocations                      also count heap allocations per dispatch (valgrind)
      --check-allocations                only count allocations, and fail if a scenario that
                                         must not allocate does
      --check-instructions               only count instructions per dispatch (callgrind), and
                                         fail if a case runs more than 10% more than the
                                         committed baseline (Benchmarks/instructions-baseline.json)
      --update-instruction-baseline      count them and write them to the baseline, on purpose
      --memory                           only measure memory: bytes per idle store of each style,
                                         per subscription, per watched field, per element child
                                         store (valgrind), and 100,000 idle stores' resident memory
      --baseline PATH                    another baseline file for the two options above
      --by-action                        also time each kind of user action of the todo screen
                                         (W1, W1k, W1s against W1r): a keystroke, a toggle, ...
    """

  static func parse(_ arguments: [String]) throws(UsageError) -> Options {
    var options = Options()
    var rest = arguments[...]
    func value(after flag: String) throws(UsageError) -> String {
      guard let value = rest.popFirst() else { throw UsageError("\(flag) needs a value") }
      return value
    }
    while let argument = rest.popFirst() {
      switch argument {
      case "--format":
        let name = try value(after: argument)
        guard let format = Format(rawValue: name) else {
          throw UsageError("unknown format '\(name)': use table, markdown, json, csv or svg")
        }
        options.format = format
      case "--filter": options.filters.append(try value(after: argument))
      case "--quick": options.quick = true
      case "--allocations": options.allocations = true
      case "--check-allocations": options.checkAllocations = true
      case "--check-instructions": options.checkInstructions = true
      case "--update-instruction-baseline": options.updateInstructionBaseline = true
      case "--baseline": options.baselinePath = try value(after: argument)
      case "--chart": options.chartPath = try value(after: argument)
      case "--allocation-run":
        let name = try value(after: argument)
        guard let count = Int(try value(after: argument)) else {
          throw UsageError("--allocation-run needs a case name and a count")
        }
        options.allocationRun = (name, count)
      case "--memory": options.memory = true
      case "--by-action": options.byAction = true
      case "--memory-run":
        let probe = try value(after: argument)
        guard let count = Int(try value(after: argument)) else {
          throw UsageError("--memory-run needs a probe id and a count")
        }
        options.memoryRun = (probe, count)
      case "--help", "-h": throw UsageError(nil)
      default: throw UsageError("unknown option '\(argument)'")
      }
    }
    return options
  }

  func selects(_ benchmark: BenchmarkCase) -> Bool {
    filters.isEmpty
      || filters.contains { filter in
        let filter = filter.lowercased()
        return [benchmark.scenario.id, benchmark.style.rawValue, benchmark.name].contains {
          $0.lowercased() == filter
        }
      }
  }
}

struct UsageError: Error {
  let message: String?
  init(_ message: String?) { self.message = message }
}
