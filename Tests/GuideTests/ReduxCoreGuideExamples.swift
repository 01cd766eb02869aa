import Foundation
import FunctionalStore
import Testing

/// The built-in middlewares sample of Packages/ReduxCore/README.md, run with a store of its own
/// (the rest of that page's samples run in ReduxCoreTests), and the declarations the page shows
/// first.
@MainActor
@Suite struct ReduxCoreGuideExamples {
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

  let counterReducer = ReduxReducer<Counter, CounterAction> { state, action in
    switch action {
    case .increment: state.count += 1
    case .add(let amount): state.count += amount
    case .bumpOther: state.other += 1
    case .noop: break
    }
  }

  @Test func builtInMiddlewaresSample() async throws {
    let folder = try makeGuideFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let recorder = ActionRecorder<Counter, CounterAction>()
    let persistence = StatePersistence<Counter>(fileURL: folder.appendingPathComponent("counter.json"))
    let initial = persistence.load(orInitial: Counter()) { problem in print(problem) }
    let store = createStore(
      reducer: counterReducer, initialState: initial,
      enhancer: applyMiddleware(.logging(label: "counter"), recorder.middleware, persistence.middleware())
    )
    store.dispatch(.increment)
    try await persistence.flush()
    // recorder.actions == [.increment]; the file holds {"schemaVersion":1,"state":{"count":1,...}}
    #expect(recorder.actions == [.increment])
    #expect(try persistence.load() == Counter(count: 1))
  }
}
