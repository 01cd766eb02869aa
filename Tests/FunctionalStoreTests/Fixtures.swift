import FunctionalStore

enum CounterAction: Equatable, Sendable {
  case increment
  case decrement
  case add(Int)
}

let counterReducer = ReduxReducer<Int, CounterAction> { count, action in
  switch action {
  case .increment: count += 1
  case .decrement: count -= 1
  case .add(let amount): count += amount
  }
}

/// Collects what tests observe, in order.
@MainActor
final class Log<Element> {
  var entries: [Element] = []
  func append(_ element: Element) { entries.append(element) }
}

@MainActor
func recording(_ name: String, into log: Log<String>) -> Middleware<Int, CounterAction> {
  Middleware { _, action, next in
    log.append("\(name) before \(action)")
    next(action)
    log.append("\(name) after \(action)")
  }
}
