import ClassStore
import FunctionalStore

/// What the scenarios need from a style's store; each style conforms once, and the scenarios
/// are written once, generically (and specialized per style by the compiler).
@MainActor
protocol BenchmarkStore: ObservableStore where State == BenchmarkState {
  static var style: Style { get }
  static func make(
    initialState: BenchmarkState, middlewares: [Middleware<BenchmarkState, Action>]
  ) -> Self
  /// Dispatches the style's equivalent of `action`, the way an app would.
  func send(_ action: BenchmarkAction)
}

extension FunctionalStore.Store: BenchmarkStore
where State == BenchmarkState, Action == BenchmarkAction {
  static var style: Style { .functional }

  static func make(
    initialState: BenchmarkState, middlewares: [Middleware<BenchmarkState, BenchmarkAction>]
  ) -> Self {
    createStore(
      reducer: Reducer(benchmarkReduce), initialState: initialState,
      enhancer: middlewares.isEmpty ? nil : applyMiddleware(middlewares)) as! Self
  }

  func send(_ action: BenchmarkAction) { dispatch(action) }
}

/// The class-based style: actions are methods that commit the same reducer's mutation.
final class BenchmarkClassStore: ClassStore.Store<BenchmarkState>, BenchmarkStore {
  static var style: Style { .classBased }

  static func make(
    initialState: BenchmarkState, middlewares: [Middleware<BenchmarkState, Commit<BenchmarkState>>]
  ) -> Self {
    Self(state: initialState, middlewares: middlewares)
  }

  func increment() { commit { benchmarkReduce(&$0, .increment) } }
  func replaceElement() { commit { benchmarkReduce(&$0, .replaceElement) } }

  func send(_ action: BenchmarkAction) {
    switch action {
    case .increment: increment()
    case .replaceElement: replaceElement()
    }
  }
}
