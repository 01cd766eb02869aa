import ClassStore
import EffectStore
import FunctionalStore
import ReduxTesting
import Testing

// The samples of the ReduxTesting guide and Docs/Testing.md, compiled and run.

struct Countdown: Reducer {
  struct State: Equatable {
    var remaining = 3
    var isDone = false
  }
  enum Action: Equatable {
    case start
    case tick
  }

  let clock: any Clock<Duration>

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return .run { [clock] send in
        for _ in 0..<3 {
          try await clock.sleep(for: .seconds(1))
          await send(.tick)
        }
      }
    case .tick:
      state.remaining -= 1
      state.isDone = state.remaining == 0
      return .none
    }
  }
}

struct Reminder: Equatable {
  var text = ""
  var isShown = false
}

/// A class store that gets its clock the way it gets any dependency: in its initializer.
final class ReminderStore: CommitStore<Reminder> {
  private let clock: any Clock<Duration>

  init(clock: any Clock<Duration> = ContinuousClock()) {
    self.clock = clock
    super.init(state: Reminder())
  }

  func remind(_ text: String, after delay: Duration) async {
    commit { $0.text = text }
    try? await clock.sleep(for: delay)
    commit { $0.isShown = true }
  }
}

enum SearchAction: Equatable {
  case query(String)
  case results([String])
}

let searchReducer = ReduxReducer<[String], SearchAction> { results, action in
  if case .results(let found) = action { results = found }
}

/// What a thunk needs, given to the store as its extra argument: the clock is one of them.
struct SearchDependencies: Sendable {
  var clock: any Clock<Duration>
  var search: @Sendable (String) async -> [String]
}

typealias SearchThunk = AsyncThunkWithExtra<[String], SearchAction, SearchDependencies, Void>

func debouncedSearch(_ text: String) -> SearchThunk {
  AsyncThunkWithExtra { dispatch, _, dependencies in
    dispatch(.query(text))
    try? await dependencies.clock.sleep(for: .milliseconds(300))
    dispatch(.results(await dependencies.search(text)))
  }
}

@MainActor
@Suite struct TestingGuideExamples {
  @Test func effectStyle() async {
    let clock = TestClock()
    let store = FeatureTestStore(initialState: Countdown.State(), reducer: Countdown(clock: clock))
    await store.send(.start)
    await clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0.remaining = 2 }
    await clock.advance(by: .seconds(2))
    await store.receive(.tick) { $0.remaining = 1 }
    await store.receive(.tick) {
      $0.remaining = 0
      $0.isDone = true
    }
    await store.finish()
  }

  @Test func classStyle() async {
    let clock = TestClock()
    let store = CommitTestStore(ReminderStore(clock: clock))
    let reminding = Task { await store.store.remind("stretch", after: .seconds(60)) }
    await store.receive("remind(_:after:)") { $0.text = "stretch" }
    await clock.advance(by: .seconds(60))
    await store.receive("remind(_:after:)") { $0.isShown = true }
    await reminding.value
    await store.finish()
  }

  @Test func functionalStyle() async {
    let clock = TestClock()
    let dependencies = SearchDependencies(clock: clock, search: { text in ["\(text) 1", "\(text) 2"] })
    let store = ReduxTestStore(reducer: searchReducer, initialState: [], extraArgument: dependencies)
    store.start(debouncedSearch("swift"))
    await store.receive(.query("swift"))
    await clock.advance(by: .milliseconds(300))
    await store.receive(.results(["swift 1", "swift 2"])) { $0 = ["swift 1", "swift 2"] }
    await store.finish()
  }

  @Test func nonExhaustive() async {
    // What was skipped is shown as warnings; collected here, so that the run's output is quiet.
    let skipped = await failuresReported {
      let clock = TestClock()
      let store = FeatureTestStore(initialState: Countdown.State(), reducer: Countdown(clock: clock))
      store.exhaustivity = .off(showSkipped: true)
      await store.send(.start)
      await clock.run()
      await store.receive(.tick) { $0.remaining = 2 }
      await store.finish()
    }
    #expect(!skipped.isEmpty && skipped.allSatisfy(\.isWarning), "\(skipped)")
  }
}
