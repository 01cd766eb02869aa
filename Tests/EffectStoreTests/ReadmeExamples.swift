import EffectStore
import Testing

// The samples of Packages/EffectStore/README.md, compiled and run. `.ci/check-doc-samples`
// keeps them in step with the page.

/// Three ticks, then the end: a clock for tests.
func threeTicks() -> AsyncStream<Void> {
  AsyncStream { continuation in
    for _ in 0..<3 { continuation.yield() }
    continuation.finish()
  }
}

struct TimerState: Equatable, Sendable {
  var seconds = 0
  var isRunning = false
}

enum TimerAction: Equatable, Sendable {
  case start
  case stop
  case tick
  case reset
}

enum TimerID: Hashable, Sendable { case ticking }

struct TimerFeature: Reducer {
  var ticks: @Sendable () -> AsyncStream<Void>

  func reduce(into state: inout TimerState, action: TimerAction) -> Effect<TimerAction> {
    switch action {
    case .start:
      state.isRunning = true
      return .run { send in
        for await _ in ticks() { await send(.tick) }
      }
      .cancellable(id: TimerID.ticking, cancelInFlight: true)
    case .stop:
      state.isRunning = false
      return .cancel(id: TimerID.ticking)
    case .tick:
      state.seconds += 1
      return .none
    case .reset:
      state.seconds = 0
      return .send(.stop)
    }
  }
}

struct Row: Identifiable, Equatable, Sendable {
  let id: Int
  var title: String
  var isDone = false
}

enum RowAction: Equatable, Sendable {
  case toggle
  case delegate(Delegate)

  enum Delegate: Equatable, Sendable { case remove }
}

struct RowFeature: Reducer {
  func reduce(into row: inout Row, action: RowAction) -> Effect<RowAction> {
    if action == .toggle { row.isDone.toggle() }
    return .none
  }
}

struct BoardState: Equatable, Sendable {
  var timer = TimerState()
  var rows: IdentifiedArrayOf<Row> = []
}

enum BoardAction: Equatable, Sendable {
  case timer(TimerAction)
  case row(id: Int, action: RowAction)
  case addRow(String)
}

@MainActor
func boardReducer(ticks: @escaping @Sendable () -> AsyncStream<Void>) -> some Reducer<BoardState, BoardAction>
{
  CombineReducers {
    Scope(state: \BoardState.timer, action: BoardAction.timer) {
      if case .timer(let action) = $0 { action } else { nil }
    } child: {
      TimerFeature(ticks: ticks)
    }
    ForEachElement(\BoardState.rows, action: BoardAction.row) {
      if case .row(let id, let action) = $0 { (id, action) } else { nil }
    } child: {
      RowFeature()
    }
    Reduce<BoardState, BoardAction> { state, action in
      switch action {
      case .row(let id, .delegate(.remove)):
        state.rows.remove(id: id)
      case .addRow(let title):
        state.rows.append(Row(id: state.rows.count + 1, title: title))
      default:
        break
      }
      return .none
    }
  }
}

struct Board: Reducer {
  let ticks: @Sendable () -> AsyncStream<Void>

  var body: some Reducer<BoardState, BoardAction> {
    Scope(state: \.timer, action: BoardAction.timer) {
      if case .timer(let action) = $0 { action } else { nil }
    } child: {
      TimerFeature(ticks: ticks)
    }
    ForEachElement(\.rows, action: BoardAction.row) {
      if case .row(let id, let action) = $0 { (id, action) } else { nil }
    } child: {
      RowFeature()
    }
    Reduce { state, action in
      if case .addRow(let title) = action { state.rows.append(Row(id: state.rows.count + 1, title: title)) }
      return .none
    }
  }
}

let morning = ActionPlan<TimerAction>(
  "morning",
  steps: [
    .send(.reset),
    .send(.start),
    .run { send in await send(.tick) },
  ])

@MainActor
@Suite struct EffectStoreReadmeExamples {
  @Test func aFeature() async {
    let store = FeatureStore(initialState: TimerState(), reducer: TimerFeature(ticks: { threeTicks() }))
    await store.send(.start).finish()  // the three ticks arrive, then the work ends
    store.send(.reset)  // .reset, then .stop, before send returns
    print(store.state)  // seconds 0, not running
    #expect(store.state == TimerState(seconds: 0, isRunning: false))
    #expect(store.runningEffectCount == 0)
  }

  @Test func aFeatureComposedInBody() async {
    let board = FeatureStore(initialState: BoardState(), reducer: Board(ticks: { threeTicks() }))
    board.send(.addRow("Write"))
    await board.send(.timer(.start)).finish()
    board.send(.row(id: 1, action: .toggle))
    #expect(board.state.timer.seconds == 3)
    #expect(board.state.rows == [Row(id: 1, title: "Write", isDone: true)])
  }

  @Test func childStores() async {
    let board = FeatureStore(initialState: BoardState(), reducer: boardReducer(ticks: { threeTicks() }))
    board.send(.addRow("Write"))
    board.send(.addRow("Ship"))

    let timer = board.scope(state: \.timer, action: BoardAction.timer)
    await timer.send(.start).finish()

    let rows = board.scope(forEach: \.rows, action: BoardAction.row)
    rows[0].send(.toggle)
    rows[1].send(.delegate(.remove))
    print(timer.state.seconds, board.state.rows.count)  // 3 1
    #expect(timer.state.seconds == 3)
    #expect(board.state.rows == [Row(id: 1, title: "Write", isDone: true)])
  }

  @Test func actionPlans() async {
    let planned = FeatureStore(initialState: TimerState(), reducer: TimerFeature(ticks: { threeTicks() }))
    await planned.run(morning).finish()
    print(planned.state.seconds)  // 4: three ticks from .start, then one more
    #expect(planned.state.seconds == 4)
  }
}

struct Download: Reducer {
  struct State: Identifiable, Equatable, Sendable {
    var id: Int
    var progress = 0
  }
  enum Action: Equatable, Sendable { case start, progressed(Int), stop }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return .run { send in
        for step in 1...3 { await send(.progressed(step)) }
      }
      .cancellable(id: "download", cancelInFlight: true)
    case .progressed(let step):
      state.progress = step
      return .none
    case .stop:
      return .cancel(id: "download")
    }
  }
}

@MainActor
@Suite struct EffectStoreReadmeRowEffects {
  struct Downloads: Reducer {
    struct State: Equatable, Sendable { var rows: IdentifiedArrayOf<Download.State> = [] }
    enum Action: Equatable, Sendable { case row(id: Int, action: Download.Action) }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      ForEachElement(\State.rows, action: Action.row) {
        if case .row(let id, let action) = $0 { (id, action) } else { nil }
      } child: {
        Download()
      }
      .reduce(into: &state, action: action)
    }
  }

  @Test func eachRowDownloadsOnItsOwn() async {
    let store = FeatureStore(
      initialState: Downloads.State(rows: [Download.State(id: 1), Download.State(id: 2)]),
      reducer: Downloads())
    let first = store.send(.row(id: 1, action: .start))
    let second = store.send(.row(id: 2, action: .start))
    await first.finish()
    await second.finish()
    #expect(store.state.rows.map(\.progress) == [3, 3])
  }
}
