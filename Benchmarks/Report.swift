import Foundation

/// One row of the results.
struct ResultRow: Sendable {
  let benchmark: BenchmarkCase
  let timing: Timing
  /// For scenarios with subscribers or middlewares: the extra cost of each one over S1.
  let extraPerItem: Double?
  let allocationsPerDispatch: Double?
}

/// Prints rows in the chosen format.
struct Report {
  let rows: [ResultRow]
  let machine: String

  func render(_ format: Options.Format) -> String {
    switch format {
    case .table: return table()
    case .markdown: return markdown()
    case .json: return json()
    case .csv: return csv()
    case .svg: return Chart(rows: rows, machine: machine).render()
    }
  }

  private func number(_ value: Double, digits: Int = 1) -> String {
    let scale = Double((0..<digits).reduce(1) { result, _ in result * 10 })
    let rounded = (value * scale).rounded() / scale
    var text = "\(rounded)"
    if let dot = text.firstIndex(of: "."), text.distance(from: dot, to: text.endIndex) - 1 < digits {
      text += String(repeating: "0", count: digits - (text.distance(from: dot, to: text.endIndex) - 1))
    }
    return text
  }

  private func cells(_ row: ResultRow) -> [String] {
    [
      row.benchmark.scenario.id, row.benchmark.style.rawValue, row.benchmark.scenario.title,
      number(row.timing.median), "\(number(row.timing.min))..\(number(row.timing.max))",
      "\(number(row.timing.ratios.median))x",
      "\(number(row.timing.ratios.best))..\(number(row.timing.ratios.worst))x",
      row.extraPerItem.map { number($0, digits: 2) } ?? "",
      row.allocationsPerDispatch.map { number($0, digits: 2) } ?? "",
    ]
  }

  private static let headers = [
    "id", "style", "scenario", "ns/dispatch", "min..max", "x floor", "x floor best..worst", "ns per extra",
    "allocs/dispatch",
  ]

  /// The table a person reads: one line per scenario, the styles side by side, then a legend
  /// and the speed-ups that are ratios rather than costs.
  private func table() -> String {
    let styles: [Style] = [.functional, .classBased, .effect, .floor]
    let headers = ["id", "scenario", "functional", "class-based", "reducer/effect", "no store"]
    var scenarioIDs: [String] = []
    for row in rows where !scenarioIDs.contains(row.benchmark.scenario.id) {
      scenarioIDs.append(row.benchmark.scenario.id)
    }
    let lines: [[String]] = scenarioIDs.map { id in
      let ofScenario = rows.filter { $0.benchmark.scenario.id == id }
      let title = ofScenario[0].benchmark.scenario.title
      return [id, title.count > 58 ? String(title.prefix(57)) + "…" : title]
        + styles.map { style in ofScenario.first { $0.benchmark.style == style }.map(cell) ?? "" }
    }
    let all = [headers] + lines
    let widths = headers.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
    let rendered = all.map { line in
      line.indices.map { column in
        let cell = line[column]
        let pad = String(repeating: " ", count: widths[column] - cell.count)
        return column <= 1 ? cell + pad : pad + cell
      }.joined(separator: "  ")
    }
    return ([rendered[0], String(repeating: "-", count: rendered[0].count)] + rendered.dropFirst())
      .joined(separator: "\n") + "\n\n" + legend() + speedUps() + machine + "\n"
  }

  /// One style's figure for a scenario: nanoseconds per dispatch and the ratio to the floor
  /// measured beside it; the allocations per dispatch, when they were counted.
  private func cell(_ row: ResultRow) -> String {
    let allocations = row.allocationsPerDispatch.map { ", \(number($0, digits: 1)) alloc" } ?? ""
    return "\(number(row.timing.median)) ns (\(number(row.timing.ratios.median))x)\(allocations)"
  }

  private func legend() -> String {
    """
    Each cell: the median time of one dispatch (or operation) in nanoseconds, lower is better, and
    in parentheses that time over F's, measured in the same rounds: F calls a reducer through a
    function value, the least any store can cost, so the ratio travels between machines where the
    nanoseconds do not. "no store" rows are references: the same work without a store (a plain
    array, an @Observable class, a Task). Scenarios with subscribers or middlewares cost more by
    design; Docs/Benchmarks.md says what each one measures and the target it is held to.\(
      rows.contains { $0.allocationsPerDispatch != nil } ? " alloc: heap allocations per dispatch." : "")


    """
  }

  /// A1 against M2 and Mc: the same dispatches on one actor, then split between actors that run
  /// in parallel; printed as speed-ups, since M2's time per dispatch reads as if one store were
  /// faster.
  private func speedUps() -> String {
    let parallel = rows.filter { ["M2", "Mc"].contains($0.benchmark.scenario.id) }
    let lines = parallel.compactMap { row -> String? in
      guard
        let single = rows.first(where: {
          $0.benchmark.scenario.id == "A1" && $0.benchmark.style == row.benchmark.style
        })
      else { return nil }
      let speedUp = single.timing.median / row.timing.median
      return
        "\(row.benchmark.scenario.id) \(row.benchmark.style.rawValue): \(number(speedUp, digits: 2))x the "
        + "throughput of A1 (\(row.benchmark.scenario.title))"
    }
    return lines.isEmpty ? "" : "Stores on several actors:\n" + lines.joined(separator: "\n") + "\n\n"
  }

  private func markdown() -> String {
    let header = "| " + Self.headers.joined(separator: " | ") + " |"
    let rule = "|" + Self.headers.indices.map { $0 <= 2 ? " --- |" : " ---: |" }.joined()
    let body = rows.map { "| " + cells($0).joined(separator: " | ") + " |" }
    return ([header, rule] + body).joined(separator: "\n") + "\n\n" + machine + "\n"
  }

  private func csv() -> String {
    let keys = [
      "id", "style", "scenario", "median_ns", "min_ns", "max_ns", "ratio", "ratio_best", "ratio_worst",
      "extra_ns",
      "allocs",
    ]
    let body = rows.map { row in
      [
        row.benchmark.scenario.id, row.benchmark.style.rawValue, "\"\(row.benchmark.scenario.title)\"",
        "\(row.timing.median)", "\(row.timing.min)", "\(row.timing.max)", "\(row.timing.ratios.median)",
        "\(row.timing.ratios.best)", "\(row.timing.ratios.worst)",
        row.extraPerItem.map { "\($0)" } ?? "", row.allocationsPerDispatch.map { "\($0)" } ?? "",
      ].joined(separator: ",")
    }
    return ([keys.joined(separator: ",")] + body).joined(separator: "\n") + "\n"
  }

  private func json() -> String {
    /// One row as programs read it; nil figures are written as `null`, not left out.
    struct Entry: Encodable {
      let id, style, scenario: String
      let medianNs, minNs, maxNs, ratio, ratioBest, ratioWorst: Double
      let extraNs, allocs: Double?

      enum CodingKeys: String, CodingKey {
        case id, style, scenario, ratio, allocs
        case medianNs = "median_ns", minNs = "min_ns", maxNs = "max_ns"
        case ratioBest = "ratio_best", ratioWorst = "ratio_worst", extraNs = "extra_ns"
      }

      func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(style, forKey: .style)
        try container.encode(scenario, forKey: .scenario)
        try container.encode(medianNs, forKey: .medianNs)
        try container.encode(minNs, forKey: .minNs)
        try container.encode(maxNs, forKey: .maxNs)
        try container.encode(ratio, forKey: .ratio)
        try container.encode(ratioBest, forKey: .ratioBest)
        try container.encode(ratioWorst, forKey: .ratioWorst)
        try container.encode(extraNs, forKey: .extraNs)
        try container.encode(allocs, forKey: .allocs)
      }
    }
    struct Run: Encodable {
      /// The day of the run, so the figures the docs take from it say when they were measured.
      let date: String
      let machine: String
      let results: [Entry]
    }
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withFullDate]
    let run = Run(
      date: formatter.string(from: Date()), machine: machine,
      results: rows.map { row in
        Entry(
          id: row.benchmark.scenario.id, style: row.benchmark.style.rawValue,
          scenario: row.benchmark.scenario.title, medianNs: row.timing.median, minNs: row.timing.min,
          maxNs: row.timing.max, ratio: row.timing.ratios.median, ratioBest: row.timing.ratios.best,
          ratioWorst: row.timing.ratios.worst, extraNs: row.extraPerItem, allocs: row.allocationsPerDispatch)
      })
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    encoder.nonConformingFloatEncodingStrategy = .convertToString(
      positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
    // Strings and numbers, infinities and NaN included, always encode.
    return String(decoding: try! encoder.encode(run), as: UTF8.self) + "\n"
  }
}
