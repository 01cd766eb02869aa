import ClassStore

struct CounterState: Equatable, Sendable {
  var count = 0
  var commits = 0
}

struct CounterAPI: Sendable {
  var saved: Int
  func fetchCount() async -> Int {
    await Task.yield()
    return saved
  }
}

final class CounterStore: CommitStore<CounterState> {
  init(middlewares: [Middleware<CounterState, Commit<CounterState>>] = []) {
    super.init(state: CounterState(), middlewares: middlewares)
  }

  func increment() { commit { $0.count += 1 } }
  func add(_ amount: Int) { commit(mutation: Self.add, payload: amount) }
  func load(from api: CounterAPI) async {
    let saved = await api.fetchCount()
    commit { $0.count = saved }
  }

  private static func add(_ state: inout CounterState, _ amount: Int) { state.count += amount }
}

/// Collects what tests observe, in order.
@MainActor
final class Log<Element> {
  var entries: [Element] = []
  func append(_ element: Element) { entries.append(element) }
}
