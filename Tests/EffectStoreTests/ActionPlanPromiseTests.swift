import EffectStore
import Testing

/// A feature for the plan checks: `.load` starts work that sends `.loaded` later.
struct Loader: Reducer {
  struct State: Equatable, Sendable { var log: [String] = [] }
  enum Action: Equatable, Sendable { case a, c, load, loaded, started }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.log.append("\(action)")
    switch action {
    case .load:
      return .run { send in
        try? await Task.sleep(for: .milliseconds(20))
        await send(.loaded)
      }
    case .a, .c, .loaded, .started:
      return .none
    }
  }
}

@MainActor
@Suite struct ActionPlanPromiseTests {
  /// `task.cancel()` on a plan's task stops the plan: the running step's later sends and every
  /// later step never reach the reducer.
  @Test func cancellingAPlansTaskStopsEveryLaterStep() async {
    let store = FeatureStore(initialState: Loader.State(), reducer: Loader())
    let plan = ActionPlan<Loader.Action>(
      "long then more",
      steps: [
        .run { send in
          await send(.started)
          try? await Task.sleep(for: .seconds(600))
          await send(.a)  // after cancellation: must be dropped
        },
        .send(.c),
        .run { send in await send(.a) },
      ])
    let task = store.run(plan)
    while store.state.log.isEmpty { await Task.yield() }
    task.cancel()
    await task.finish()
    for _ in 0..<50 { await Task.yield() }
    #expect(store.state.log == ["started"])
    #expect(store.runningEffectCount == 0)
  }

  /// Cancelling while the next step is already running stops that step too.
  @Test func cancellingDuringALaterStepStopsIt() async {
    let store = FeatureStore(initialState: Loader.State(), reducer: Loader())
    let plan = ActionPlan<Loader.Action>(
      "quick then long",
      steps: [
        .run { send in await send(.started) },
        .run { send in
          await send(.c)
          try? await Task.sleep(for: .seconds(600))
          await send(.a)
        },
        .send(.a),
      ])
    let task = store.run(plan)
    while !store.state.log.contains("c") { await Task.yield() }
    task.cancel()
    await task.finish()
    for _ in 0..<50 { await Task.yield() }
    #expect(store.state.log == ["started", "c"])
  }

  /// The next step waits for the work of an action sent from a `.run` step, as it does for a
  /// `.send` step's.
  @Test func aStepWaitsForTheWorkOfActionsItsRunStepSent() async {
    let store = FeatureStore(initialState: Loader.State(), reducer: Loader())
    let sentFromRun = ActionPlan<Loader.Action>(
      "load from run", steps: [.run { send in await send(.load) }, .send(.c)])
    await store.run(sentFromRun).finish()
    #expect(store.state.log == ["load", "loaded", "c"])

    let sentDirectly = ActionPlan<Loader.Action>("load", steps: [.send(.load), .send(.c)])
    await store.run(sentDirectly).finish()
    #expect(store.state.log == ["load", "loaded", "c", "load", "loaded", "c"])
  }

  /// `finish()` returns only once the work of the last step's sent actions is done.
  @Test func finishWaitsForTheWorkOfTheLastStepsSentActions() async {
    let store = FeatureStore(initialState: Loader.State(), reducer: Loader())
    let plan = ActionPlan<Loader.Action>(
      "ends with a load", steps: [.send(.c), .run { send in await send(.load) }])
    await store.run(plan).finish()
    #expect(store.state.log == ["c", "load", "loaded"])
  }
}
