import EffectStore

struct CounterState: Equatable, Sendable {
  var count = 0
  var log: [String] = []
}

enum CounterAction: Equatable, Sendable {
  case increment
  case add(Int)
  case incrementTwiceLater
  case incrementThenAddTen
  case fetch(Int)
  case fetched(Int)
  case startWaiting
  case stopWaiting
  case waited
  case failed(String)
  case failing
}

/// Work that only ends when cancelled.
func waitForCancellation() async {
  let (stream, _) = AsyncStream<Never>.makeStream()
  for await _ in stream {}
}

enum CancelID: Hashable, Sendable { case fetch, wait }

struct Failure: Error, CustomStringConvertible {
  var description: String { "boom" }
}

struct Counter: Reducer {
  func reduce(into state: inout CounterState, action: CounterAction) -> Effect<CounterAction> {
    switch action {
    case .increment:
      state.count += 1
      return .none
    case .add(let amount):
      state.count += amount
      return .none
    case .incrementTwiceLater:
      return .run { send in
        await Task.yield()
        await send(.increment)
        await send(.increment)
      }
    case .incrementThenAddTen:
      return .concatenate(.send(.increment), .send(.add(10)))
    case .fetch(let value):
      state.log.append("fetch \(value)")
      return .run { send in
        await Task.yield()
        if value < 0 { await waitForCancellation() }
        try Task.checkCancellation()
        await send(.fetched(value))
      }
      .cancellable(id: CancelID.fetch, cancelInFlight: true)
    case .fetched(let value):
      state.log.append("fetched \(value)")
      return .none
    case .startWaiting:
      return .run { send in
        await waitForCancellation()
        if !Task.isCancelled { await send(.waited) }
      }
      .cancellable(id: CancelID.wait)
    case .stopWaiting:
      return .cancel(id: CancelID.wait)
    case .waited:
      state.log.append("waited")
      return .none
    case .failing:
      return .run { _ in
        throw Failure()
      } catch: { error, send in
        await send(.failed("\(error)"))
      }
    case .failed(let message):
      state.log.append("failed: \(message)")
      return .none
    }
  }
}

/// Collects what tests observe, in order.
@MainActor
final class Log<Element> {
  var entries: [Element] = []
  func append(_ element: Element) { entries.append(element) }
}
