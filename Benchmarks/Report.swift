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

  private func table() -> String {
    let all = [Self.headers] + rows.map(cells)
    let widths = Self.headers.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
    let lines = all.map { line in
      line.indices.map { column in
        let cell = line[column]
        let pad = String(repeating: " ", count: widths[column] - cell.count)
        return column <= 2 ? cell + pad : pad + cell
      }.joined(separator: "  ")
    }
    return ([lines[0], String(repeating: "-", count: lines[0].count)] + lines.dropFirst())
      .joined(separator: "\n") + "\n\n" + machine + "\n"
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
    func optional(_ value: Double?) -> String { value.map { "\($0)" } ?? "null" }
    let objects = rows.map { row in
      """
        {"id": "\(row.benchmark.scenario.id)", "style": "\(row.benchmark.style.rawValue)", \
      "scenario": "\(row.benchmark.scenario.title)", "median_ns": \(row.timing.median), \
      "min_ns": \(row.timing.min), "max_ns": \(row.timing.max), "ratio": \(row.timing.ratios.median), \
      "ratio_best": \(row.timing.ratios.best), "ratio_worst": \(row.timing.ratios.worst), \
      "extra_ns": \(optional(row.extraPerItem)), "allocs": \(optional(row.allocationsPerDispatch))}
      """
    }
    return "{\n\"machine\": \"\(machine)\",\n\"results\": [\n" + objects.joined(separator: ",\n") + "\n]\n}\n"
  }
}
