import Foundation

/// `--by-action`: the time of each kind of user action in the todo screen (W1 and its
/// spellings), beside the hand-written reference, as a user feels them (a keystroke, a toggle, a
/// filter change, a row added or removed). W1's own figure is their mix over the script.
@MainActor
enum AppActionTimes {
  /// Whether the screen's runner times each action (off unless asked: a clock read per action).
  static var isOn = false
  /// The case whose runner is measured now.
  static var currentCase = ""
  /// Per case, per kind: the total time and the number of actions.
  private static var totals: [String: [String: (time: Duration, count: Int)]] = [:]

  /// The kinds, in the order the report lists them.
  static let kinds = ["type a key", "toggle a row", "change the filter", "add a row", "remove a row"]

  static func kind(of action: AppScreenAction) -> String {
    switch action {
    case .type: "type a key"
    case .toggle: "toggle a row"
    case .filter: "change the filter"
    case .add: "add a row"
    case .removeLast: "remove a row"
    }
  }

  static func record(_ action: AppScreenAction, took time: Duration) {
    let kind = kind(of: action)
    let sum = totals[currentCase, default: [:]][kind] ?? (.zero, 0)
    totals[currentCase, default: [:]][kind] = (sum.time + time, sum.count + 1)
  }

  /// A table of µs per action of each kind, for each measured case, with its ratio to W1r's.
  static func report() -> String {
    func micros(_ name: String, _ kind: String) -> Double? {
      guard let sum = totals[name]?[kind], sum.count > 0 else { return nil }
      return (sum.time / sum.count).nanoseconds / 1_000
    }
    let reference = totals.keys.first { $0.hasPrefix("W1r ") }
    var lines = [
      "", "Per kind of user action (µs per action, mean over the run; in parentheses, over W1r's):",
      "| case | " + kinds.joined(separator: " | ") + " |",
      "| --- |" + String(repeating: " ---: |", count: kinds.count),
    ]
    for name in totals.keys.sorted() {
      let cells = kinds.map { kind -> String in
        guard let time = micros(name, kind) else { return "n/a" }
        guard let reference, name != reference, let base = micros(reference, kind) else {
          return String(format: "%.2f", time)
        }
        return String(format: "%.2f (%.2fx)", time, time / base)
      }
      lines.append("| \(name) | " + cells.joined(separator: " | ") + " |")
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
