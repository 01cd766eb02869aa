/// The command line, parsed.
struct Options: Sendable {
  enum Format: String, Sendable { case table, markdown, json, csv }

  var format = Format.table
  var filters: [String] = []
  var quick = false
  var allocations = false
  var checkAllocations = false
  /// Set by the parent process in allocation mode: run one case `count` times and exit.
  var allocationRun: (caseName: String, count: Int)?

  static let usage = """
    usage: swift run -c release Benchmarks [options]

      --format table|markdown|json|csv   output format (default: table)
      --filter NAME                      run only the cases of a scenario (S5), a style
                                         (functional, class-based, reducer/effect) or one
                                         case ("S5 functional"); repeatable
      --quick                            a few seconds' smoke run (used by CI)
      --allocations                      also count heap allocations per dispatch (valgrind)
      --check-allocations                only count allocations, and fail if a scenario that
                                         must not allocate does
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
          throw UsageError("unknown format '\(name)': use table, markdown, json or csv")
        }
        options.format = format
      case "--filter": options.filters.append(try value(after: argument))
      case "--quick": options.quick = true
      case "--allocations": options.allocations = true
      case "--check-allocations": options.checkAllocations = true
      case "--allocation-run":
        let name = try value(after: argument)
        guard let count = Int(try value(after: argument)) else {
          throw UsageError("--allocation-run needs a case name and a count")
        }
        options.allocationRun = (name, count)
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
