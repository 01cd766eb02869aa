import ClassStore
import EffectStore
import FunctionalStore

// One small feature per style, each with async work, for the test stores to test.

struct TimerState: Equatable, Sendable {
  var seconds = 0
  var isRunning = false
  var log: [String] = []
}

enum TimerAction: Equatable, Sendable {
  case start
  case stop
  case tick
  case load
  case loaded(String)
}

enum TimerID: Hashable, Sendable { case timer }

/// Ticks every second on the clock it is given; loads a greeting from an async dependency.
struct TimerFeature: Reducer {
  let clock: any Clock<Duration>
  var greeting: @Sendable () async -> String = { "hello" }

  func reduce(into state: inout TimerState, action: TimerAction) -> Effect<TimerAction> {
    switch action {
    case .start:
      state.isRunning = true
      return .run { [clock] send in
        while true {
          try await clock.sleep(for: .seconds(1))
          await send(.tick)
        }
      }
      .cancellable(id: TimerID.timer)
    case .stop:
      state.isRunning = false
      return .cancel(id: TimerID.timer)
    case .tick:
      state.seconds += 1
      return .none
    case .load:
      return .run { [greeting] send in await send(.loaded(await greeting())) }
    case .loaded(let text):
      state.log.append(text)
      return .none
    }
  }
}

struct Todos: Equatable, Sendable {
  var titles: [String] = []
}

enum TodoAction: Equatable, Sendable {
  case add(String)
  case clear
}

let todosReducer = ReduxReducer<Todos, TodoAction> { todos, action in
  switch action {
  case .add(let title): todos.titles.append(title)
  case .clear: todos.titles.removeAll()
  }
}

struct TitlesAPI: Sendable {
  var titles: [String]
  func fetch() async -> [String] {
    await Task.yield()
    return titles
  }
}

func loadTitles() -> AsyncThunkWithExtra<Todos, TodoAction, TitlesAPI, Int> {
  AsyncThunkWithExtra { dispatch, getState, api in
    for title in await api.fetch() { dispatch(.add(title)) }
    return getState().titles.count
  }
}

struct Score: Equatable, Sendable {
  var points = 0
  var saved = false
}

final class ScoreStore: CommitStore<Score> {
  init() { super.init(state: Score()) }

  func add(_ points: Int) { commit(mutation: Self.add, payload: points) }

  func addTwice(_ points: Int) {
    add(points)
    add(points)
  }

  func save() async {
    await Task.yield()
    commit { $0.saved = true }
  }

  /// Starts saving without waiting: the commit arrives later, as an app's fire-and-forget work.
  func saveLater() {
    Task { await self.save() }
  }

  private static func add(_ score: inout Score, _ points: Int) { score.points += points }
}
