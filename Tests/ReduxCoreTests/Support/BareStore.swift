import Observation
import ReduxCore

/// A minimal store over the engine, for driving ReduxCore in tests. Not a product.
final class BareStore<State, Action>: StateStore {
  let engine: StoreEngine<State, Action>

  init(
    _ initialState: State,
    middlewares: [Middleware<State, Action>] = [],
    isolation: isolated (any Actor)? = #isolation,
    reducer: @escaping (inout State, Action) -> Void
  ) {
    engine = StoreEngine(
      initialState: initialState, middlewares: middlewares, home: isolation, reducer: reducer)
  }

  func dispatch(_ action: Action) { engine.dispatch(action) }
}

struct Counter: Equatable, Sendable, Codable {
  var count = 0
  var other = 0
}

enum CounterAction: Equatable, Sendable {
  case increment
  case add(Int)
  case bumpOther
  case noop
}

func counterReducer(_ state: inout Counter, _ action: CounterAction) {
  switch action {
  case .increment: state.count += 1
  case .add(let amount): state.count += amount
  case .bumpOther: state.other += 1
  case .noop: break
  }
}

@MainActor
func makeCounterStore(
  initialState: Counter = Counter(), middlewares: [Middleware<Counter, CounterAction>] = []
) -> BareStore<Counter, CounterAction> {
  BareStore(initialState, middlewares: middlewares, reducer: counterReducer)
}

/// Collects what tests observe, in order.
@MainActor
final class Log<Element> {
  var entries: [Element] = []
  func append(_ element: Element) { entries.append(element) }
}
