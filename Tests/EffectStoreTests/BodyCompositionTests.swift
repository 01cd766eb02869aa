import EffectStore
import ReduxTesting
import Testing

/// Features that compose others in `body`, as TCA features are written, with no
/// `reduce(into:action:)` of their own: three levels deep, with a list, a condition and effects.
@MainActor
@Suite struct BodyCompositionTests {
  struct Counter: Reducer {
    func reduce(into state: inout Int, action: CounterAction) -> Effect<CounterAction> {
      switch action {
      case .increment:
        state += 1
        return .none
      case .incrementTwice:
        state += 1
        return .send(.increment)
      }
    }
  }
  enum CounterAction: Equatable, Sendable { case increment, incrementTwice }

  struct Row: Identifiable, Equatable, Sendable {
    let id: Int
    var count = 0
  }
  struct PanelState: Equatable, Sendable {
    var counter = 0
    var rows: IdentifiedArrayOf<Row> = [Row(id: 1), Row(id: 2)]
    var log: [String] = []
  }
  enum PanelAction: Equatable, Sendable {
    case counter(CounterAction)
    case row(id: Int, action: CounterAction)
  }

  /// The middle level: a scope, a list and its own logic after them.
  struct Panel: Reducer {
    var body: some Reducer<PanelState, PanelAction> {
      Scope(state: \.counter, action: PanelAction.counter) {
        if case .counter(let action) = $0 { action } else { nil }
      } child: {
        Counter()
      }
      ForEachElement(\.rows, action: PanelAction.row) {
        if case .row(let id, let action) = $0 { (id, action) } else { nil }
      } child: {
        Scope(state: \Row.count, action: { $0 }, extract: { Optional($0) }) { Counter() }
      }
      Reduce { state, action in
        switch action {
        case .counter: state.log.append("counter \(state.counter)")
        case .row(let id, _): state.log.append("row \(id): \(state.rows[id: id]?.count ?? 0)")
        }
        return .none
      }
    }
  }

  struct ScreenState: Equatable, Sendable {
    var panel = PanelState()
    var isLocked = false
  }
  enum ScreenAction: Equatable, Sendable {
    case panel(PanelAction)
    case lock
  }

  /// The top level: a scope to the middle, and a condition on a stored setting.
  struct Screen: Reducer {
    let logsLocking: Bool

    var body: some Reducer<ScreenState, ScreenAction> {
      Scope(state: \.panel, action: ScreenAction.panel) {
        if case .panel(let action) = $0 { action } else { nil }
      } child: {
        Panel()
      }
      if logsLocking {
        Reduce { state, action in
          if action == .lock { state.isLocked = true }
          return .none
        }
      }
    }
  }

  @Test func aBodyOnlyFeatureComposedThreeLevelsDeepRunsEveryLevel() async {
    let store = FeatureTestStore(initialState: ScreenState(), reducer: Screen(logsLocking: true))
    await store.send(.panel(.counter(.incrementTwice))) {
      $0.panel.counter = 1
      $0.panel.log = ["counter 1"]
    }
    await store.receive(.panel(.counter(.increment))) {
      $0.panel.counter = 2
      $0.panel.log.append("counter 2")
    }
    await store.send(.panel(.row(id: 2, action: .incrementTwice))) {
      $0.panel.rows[id: 2]?.count = 1
      $0.panel.log.append("row 2: 1")
    }
    await store.receive(.panel(.row(id: 2, action: .increment))) {
      $0.panel.rows[id: 2]?.count = 2
      $0.panel.log.append("row 2: 2")
    }
    await store.send(.lock) { $0.isLocked = true }
    await store.finish()
  }

  @Test func aConditionInTheBodyLeavesOutWhatItDoesNotBuild() async {
    let store = FeatureTestStore(initialState: ScreenState(), reducer: Screen(logsLocking: false))
    await store.send(.lock)
    await store.finish()
  }

  @Test func aReducerThatWritesReduceHasNoBody() {
    var count = 0
    _ = Counter().reduce(into: &count, action: .increment)
    #expect(count == 1)
    #expect(Counter.Body.self == Never.self)
    #expect(Screen.Body.self != Never.self)
  }
}
