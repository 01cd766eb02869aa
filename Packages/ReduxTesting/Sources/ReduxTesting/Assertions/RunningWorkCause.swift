/// Work still running at the end of a test, grouped by what started it: one of the test's own
/// acts (a `send`, at its line), or something else (an action the test received, a task).
struct RunningWorkCause: Sendable {
  /// The test's act that started it, as the test wrote it (`send(.search("a"))`); `nil` when it
  /// is not one of the test's acts.
  let act: String?
  /// Where the test made that act.
  let location: TestLocation?
  /// How many pieces of work (tasks) it started that still run.
  let count: Int

  /// The work of a count, with no cause known.
  static func unknown(_ count: Int) -> [RunningWorkCause] {
    count == 0 ? [] : [RunningWorkCause(act: nil, location: nil, count: count)]
  }

  /// What it says of the work: "An effect returned for send(…) is still running", once per
  /// act, however many tasks its effect runs on (a debounce runs on two): what the user
  /// started is one effect.
  func sentence(_ what: String) -> String {
    guard let act else { return "\(count) \(what) still running" }
    return "An effect returned for \(act) is still running"
  }
}

/// The test's acts by the number of the action each one sent, to trace running work back to
/// them.
struct TestActs {
  private var byActionNumber: [Int: (act: String, location: TestLocation)] = [:]

  /// Notes that the test's `act`, at `location`, sent the action numbered `number`.
  mutating func note(_ act: String, location: TestLocation, actionNumber number: Int) {
    byActionNumber[number] = (act, location)
  }

  /// The running work whose starting actions are `starts` (one number per piece of work),
  /// grouped by the act that sent each, in the order of the acts; work of other actions last.
  func causes(of starts: [Int]) -> [RunningWorkCause] {
    var counts: [Int: Int] = [:]
    var unknown = 0
    for start in starts {
      if byActionNumber[start] != nil { counts[start, default: 0] += 1 } else { unknown += 1 }
    }
    let known = counts.keys.sorted().map { number in
      let (act, location) = byActionNumber[number]!
      return RunningWorkCause(act: act, location: location, count: counts[number]!)
    }
    return known + RunningWorkCause.unknown(unknown)
  }
}
