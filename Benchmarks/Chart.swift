import Foundation

/// `--format svg`: the table as a picture, one row per scenario and one bar per style, each bar
/// as long as the scenario's median ratio to the floor, on a logarithmic scale (the ratios run
/// from 1 to several thousand).
struct Chart {
  let rows: [ResultRow]
  let machine: String

  private static let colors: [Style: String] = [
    .functional: "#3b7dd8", .classBased: "#e08a1e", .effect: "#3a9e5c", .floor: "#8a8a8a",
  ]
  private static let labelWidth = 480.0
  /// Longer scenario titles are cut to this many characters, to fit left of the bars.
  private static let titleLength = 80
  private static let barArea = 560.0
  private static let barHeight = 9.0
  private static let rowGap = 8.0

  func render() -> String {
    let scenarios = rows.reduce(into: [String]()) { ids, row in
      if !ids.contains(row.benchmark.scenario.id) { ids.append(row.benchmark.scenario.id) }
    }
    let largest = max(rows.map(\.timing.ratios.median).max() ?? 10, 10)
    let decades = Int(log10(largest).rounded(.up))
    func x(_ ratio: Double) -> Double {
      Self.labelWidth + Self.barArea * log10(max(ratio, 1)) / Double(decades)
    }
    var body: [String] = []
    var y = 40.0
    for id in scenarios {
      let group = rows.filter { $0.benchmark.scenario.id == id }
      var title = "\(id)  \(group[0].benchmark.scenario.title)"
      if title.count > Self.titleLength { title = title.prefix(Self.titleLength - 1) + "…" }
      body.append(
        text(Self.labelWidth - 8, y + Self.barHeight * Double(group.count) / 2 + 4, title, anchor: "end"))
      for row in group {
        let ratio = row.timing.ratios.median
        let color = Self.colors[row.benchmark.style] ?? "#000"
        body.append(
          "<rect x=\"\(Self.labelWidth)\" y=\"\(y)\" width=\"\(format(x(ratio) - Self.labelWidth))\" "
            + "height=\"\(Self.barHeight)\" fill=\"\(color)\"><title>\(escape(row.benchmark.name)): "
            + "\(format(ratio))x floor</title></rect>")
        body.append(text(x(ratio) + 4, y + Self.barHeight - 1, "\(format(ratio))x", size: 9))
        y += Self.barHeight
      }
      y += Self.rowGap
    }
    let height = y + 40
    let width = Self.labelWidth + Self.barArea + 70
    var grid: [String] = []
    for decade in 0...decades {
      let ratio = pow(10, Double(decade))
      let position = x(ratio)
      grid.append(
        "<line x1=\"\(format(position))\" y1=\"30\" x2=\"\(format(position))\" y2=\"\(format(y))\" "
          + "stroke=\"#ddd\"/>")
      grid.append(text(position, 24, "\(Int(ratio))x", anchor: "middle", size: 10))
    }
    let legend = [Style.functional, .classBased, .effect, .floor].enumerated().map { index, style in
      let left = Self.labelWidth + Double(index) * 140
      return "<rect x=\"\(format(left))\" y=\"\(format(y + 14))\" width=\"10\" height=\"10\" "
        + "fill=\"\(Self.colors[style]!)\"/>" + text(left + 14, y + 23, style.rawValue)
    }
    let header =
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(format(width))\" height=\"\(format(height))\" "
      + "font-family=\"Helvetica, Arial, sans-serif\" font-size=\"11\">"
    let caption = text(8, 14, "x floor (median of per-round ratios, log scale); \(machine)", size: 10)
    return
      ([header, "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>", caption] + grid + body + legend + [
        "</svg>"
      ])
      .joined(separator: "\n") + "\n"
  }

  private func text(_ x: Double, _ y: Double, _ content: String, anchor: String = "start", size: Int = 11)
    -> String
  {
    "<text x=\"\(format(x))\" y=\"\(format(y))\" text-anchor=\"\(anchor)\" font-size=\"\(size)\">"
      + "\(escape(content))</text>"
  }

  private func format(_ value: Double) -> String {
    value >= 100 ? "\(Int(value.rounded()))" : "\((value * 10).rounded() / 10)"
  }

  private func escape(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;")
  }
}
