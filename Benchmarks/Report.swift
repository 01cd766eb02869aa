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
    // A title may hold a key path's backslash or a quote.
    func escaped(_ text: String) -> String {
      text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    }
    func optional(_ value: Double?) -> String { value.map { "\($0)" } ?? "null" }
    let objects = rows.map { row in
      """
        {"id": "\(row.benchmark.scenario.id)", "style": "\(row.benchmark.style.rawValue)", \
      "scenario": "\(escaped(row.benchmark.scenario.title))", "median_ns": \(row.timing.median), \
      "min_ns": \(row.timing.min), "max_ns": \(row.timing.max), "ratio": \(row.timing.ratios.median), \
      "ratio_best": \(row.timing.ratios.best), "ratio_worst": \(row.timing.ratios.worst), \
      "extra_ns": \(optional(row.extraPerItem)), "allocs": \(optional(row.allocationsPerDispatch))}
      """
    }
    // The day of the run, so the figures the docs take from it say when they were measured.
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withFullDate]
    let date = formatter.string(from: Date())
    return "{\n\"date\": \"\(date)\",\n\"machine\": \"\(escaped(machine))\",\n\"results\": [\n"
      + objects.joined(separator: ",\n") + "\n]\n}\n"
  }
}
