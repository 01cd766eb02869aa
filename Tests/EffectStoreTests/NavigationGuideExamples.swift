import EffectStore
import ReduxTesting
import Testing

// The samples of Packages/EffectStore/README.md's "Navigation" section, compiled and run.

struct Ticker: Reducer {
  struct State: Equatable, Sendable, Identifiable {
    var id = 0
    var ticks = 0
  }
  enum Action: Equatable, Sendable { case start, tick }
  enum CancelID: Hashable, Sendable { case ticking }

  let clock: any Clock<Duration>

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start: return .timer(id: CancelID.ticking, every: .seconds(1), clock: clock, send: .tick)
    case .tick:
      state.ticks += 1
      return .none
    }
  }
}

private struct Screen: Reducer {
  struct State: Equatable, Sendable {
    var sheet: Ticker.State?  // shown while it is not nil
    var path = StackState<Ticker.State>()  // a navigation stack, the last on top
  }
  enum Action: Equatable, Sendable {
    case presentSheet, dismissSheet, sheet(Ticker.Action)
    case push, pop(StackElementID), path(id: StackElementID, action: Ticker.Action)
  }

  let clock: any Clock<Duration>

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .presentSheet: state.sheet = Ticker.State()
      case .dismissSheet: state.sheet = nil
      case .push: state.path.append(Ticker.State())
      case .pop(let id): state.path.pop(from: id)  // that screen and those above it
      case .sheet, .path: break
      }
      return .none
    }
    IfLet(\.sheet, action: Action.sheet) {
      if case .sheet(let action) = $0 { action } else { nil }
    } child: {
      Ticker(clock: clock)
    }
    ForEachElement(\.path, action: Action.path) {
      if case .path(let id, let action) = $0 { (id, action) } else { nil }
    } child: {
      Ticker(clock: clock)
    }
  }
}

@MainActor
@Suite struct NavigationGuideExamples {
  @Test func aSheetAndAStack() async {
    let clock = TestClock()
    let store = FeatureTestStore(initialState: Screen.State()) { Screen(clock: clock) }
    await store.send(.presentSheet) { $0.sheet = Ticker.State() }
    await store.send(.sheet(.start))
    await store.send(.dismissSheet) { $0.sheet = nil }  // the sheet's timer is cancelled
    await store.send(.push) { $0.path.append(Ticker.State()) }  // the screen #0
    await store.send(.push) { $0.path.append(Ticker.State()) }  // the screen #1
    await store.send(.path(id: 1, action: .start))
    await store.send(.pop(1)) { $0.path.pop(from: 1) }  // so is the popped screen's
    await clock.advance(by: .seconds(5))  // nothing ticks
    await store.finish()
  }
}
