import EffectStore
import ReduxTesting
import Testing

// Navigation: optional child state (a sheet), one of several destinations (an enum), a stack;
// each child's effects end with its state.

// `Ticker`, a child whose timer runs until cancelled, is the guide's (NavigationGuideExamples).

/// Another child type, for the second case of the destination.
private struct Countdown: Reducer {
  struct State: Equatable, Sendable { var left = 3 }
  enum Action: Equatable, Sendable { case start, tick }

  let clock: any Clock<Duration>

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start: return .send(.tick, after: .seconds(1), clock: clock)
    case .tick:
      state.left -= 1
      return .none
    }
  }
}

/// One of two destinations.
private struct Destination: Reducer {
  enum State: Equatable, Sendable {
    case ticker(Ticker.State)
    case countdown(Countdown.State)
  }
  enum Action: Equatable, Sendable {
    case ticker(Ticker.Action)
    case countdown(Countdown.Action)
  }

  let clock: any Clock<Duration>

  var body: some Reducer<State, Action> {
    CaseScope(
      state: { if case .ticker(let state) = $0 { state } else { nil } }, embed: State.ticker,
      action: Action.ticker, extract: { if case .ticker(let action) = $0 { action } else { nil } }
    ) { Ticker(clock: clock) }
    CaseScope(
      state: { if case .countdown(let state) = $0 { state } else { nil } }, embed: State.countdown,
      action: Action.countdown, extract: { if case .countdown(let action) = $0 { action } else { nil } }
    ) { Countdown(clock: clock) }
  }
}

/// A screen with a sheet, a destination and a navigation stack.
private struct Screen: Reducer {
  struct State: Equatable, Sendable {
    var sheet: Ticker.State?
    var destination: Destination.State?
    var path: IdentifiedArrayOf<Ticker.State> = []
  }
  enum Action: Equatable, Sendable {
    case presentSheet, dismissSheet
    case sheet(Ticker.Action)
    case show(Destination.State), dismissDestination
    case destination(Destination.Action)
    case push(Int), pop(Int), popToRoot
    case path(id: Int, action: Ticker.Action)
  }

  let clock: any Clock<Duration>

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .presentSheet: state.sheet = Ticker.State()
      case .dismissSheet: state.sheet = nil
      case .show(let destination): state.destination = destination
      case .dismissDestination: state.destination = nil
      case .push(let id): state.path.append(Ticker.State(id: id))
      case .pop(let id): state.path.remove(id: id)
      case .popToRoot: state.path.removeAll()
      case .sheet, .destination, .path: break
      }
      return .none
    }
    IfLet(\.sheet, action: Action.sheet) {
      if case .sheet(let action) = $0 { action } else { nil }
    } child: {
      Ticker(clock: clock)
    }
    IfLet(\.destination, action: Action.destination) {
      if case .destination(let action) = $0 { action } else { nil }
    } child: {
      Destination(clock: clock)
    }
    ForEachElement(\.path, action: Action.path) {
      if case .path(let id, let action) = $0 { (id, action) } else { nil }
    } child: {
      Ticker(clock: clock)
    }
  }
}

/// The screen as one part of an app: its children's effects end with their state there too.
private struct App: Reducer {
  struct State: Equatable, Sendable { var screen = Screen.State() }
  enum Action: Equatable, Sendable { case screen(Screen.Action) }

  let clock: any Clock<Duration>

  var body: some Reducer<State, Action> {
    Scope(state: \.screen, action: Action.screen) {
      if case .screen(let action) = $0 { action } else { nil }
    } child: {
      Screen(clock: clock)
    }
  }
}

@MainActor
@Suite struct NavigationTests {
  @Test func aSheetsEffectIsCancelledWhenItIsDismissed() async {
    let clock = TestClock()
    let store = FeatureTestStore(initialState: Screen.State()) { Screen(clock: clock) }
    await store.send(.presentSheet) { $0.sheet = Ticker.State() }
    await store.send(.sheet(.start))
    await clock.advance(by: .seconds(1))
    await store.receive(.sheet(.tick)) { $0.sheet?.ticks = 1 }
    await store.send(.dismissSheet) { $0.sheet = nil }
    await clock.advance(by: .seconds(5))  // nothing more: the timer ended with the sheet
    await store.finish()
  }

  /// TCA's `ifLet` reports it too: a parent cleared the state first, or an effect outlived it.
  @Test func anActionForADismissedSheetIsReportedAndChangesNothing() async {
    let store = FeatureTestStore(initialState: Screen.State()) { Screen(clock: TestClock()) }
    await withKnownIssue {
      await store.send(.sheet(.tick))
    } matching: { issue in
      issue.description.contains("An IfLet received a child action while its state was nil: tick")
    }
    await store.finish()
  }

  /// TCA's `ifCaseLet` reports it too: the case was left before this action arrived.
  @Test func anActionForAnotherCaseIsReportedAndChangesNothing() async {
    let store = FeatureTestStore(initialState: Screen.State()) { Screen(clock: TestClock()) }
    await store.send(.show(.ticker(Ticker.State()))) { $0.destination = .ticker(Ticker.State()) }
    await withKnownIssue {
      await store.send(.destination(.countdown(.tick)))
    } matching: { issue in
      issue.description.contains(
        "A CaseScope received an action for a case its state is not in: countdown's tick, with")
        && issue.description.contains("with the state in case ticker")
    }
    await store.finish()
  }

  @Test func switchingDestinationsCancelsTheOldCasesEffect() async {
    let clock = TestClock()
    let store = FeatureTestStore(initialState: Screen.State()) { Screen(clock: clock) }
    await store.send(.show(.ticker(Ticker.State()))) { $0.destination = .ticker(Ticker.State()) }
    await store.send(.destination(.ticker(.start)))
    await store.send(.show(.countdown(Countdown.State()))) {
      $0.destination = .countdown(Countdown.State())
    }
    await store.send(.destination(.countdown(.start)))
    await clock.advance(by: .seconds(1))  // the countdown's send; no tick
    await store.receive(.destination(.countdown(.tick))) {
      $0.destination = .countdown(Countdown.State(left: 2))
    }
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func poppingTheMiddleOfAStackCancelsOnlyItsEffects() async {
    let clock = TestClock()
    let store = FeatureTestStore(initialState: Screen.State()) { Screen(clock: clock) }
    for id in 1...3 {
      await store.send(.push(id)) { $0.path.append(Ticker.State(id: id)) }
      await store.send(.path(id: id, action: .start))
    }
    await store.send(.pop(2)) { $0.path.remove(id: 2) }
    await clock.advance(by: .seconds(1))
    await store.receive(.path(id: 1, action: .tick)) { $0.path[id: 1]?.ticks = 1 }
    await store.receive(.path(id: 3, action: .tick)) { $0.path[id: 3]?.ticks = 1 }
    await store.send(.popToRoot) { $0.path = [] }
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func aNestedSheetsEffectEndsWithItsStateToo() async {
    let clock = TestClock()
    let store = FeatureTestStore(initialState: App.State()) { App(clock: clock) }
    await store.send(.screen(.presentSheet)) { $0.screen.sheet = Ticker.State() }
    await store.send(.screen(.sheet(.start)))
    await store.send(.screen(.show(.ticker(Ticker.State())))) {
      $0.screen.destination = .ticker(Ticker.State())
    }
    await store.send(.screen(.destination(.ticker(.start))))
    await store.send(.screen(.dismissSheet)) { $0.screen.sheet = nil }
    await clock.advance(by: .seconds(1))  // only the destination's timer is left
    await store.receive(.screen(.destination(.ticker(.tick)))) {
      $0.screen.destination = .ticker(Ticker.State(ticks: 1))
    }
    await store.send(.screen(.dismissDestination)) { $0.screen.destination = nil }
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func aChildStoreOfOptionalStateLivesWhileItsStateDoes() async {
    let store = FeatureStore(initialState: Screen.State()) { Screen(clock: TestClock()) }
    #expect(store.scope(state: \.sheet, action: Screen.Action.sheet) == nil)
    store.send(.presentSheet)
    let sheet = store.scope(state: \.sheet, action: Screen.Action.sheet)!
    let seen = Log<Int>()
    let token = sheet.subscribe(\.ticks) { seen.append($0) }
    sheet.send(.tick)
    #expect(sheet.state.ticks == 1 && store.state.sheet?.ticks == 1)
    store.send(.dismissSheet)
    #expect(sheet.isRemoved && sheet.state.ticks == 1)
    sheet.send(.tick)  // dropped: the sheet is gone
    store.send(.presentSheet)  // a new presentation: the old store stays ended
    #expect(sheet.isRemoved && sheet.state.ticks == 1)
    let again = store.scope(state: \.sheet, action: Screen.Action.sheet)!
    #expect(again.state.ticks == 0 && !again.isRemoved)
    #expect(seen.entries == [1])
    _ = token
  }

  /// What SwiftUI's `sheet(item:)` needs from a view that scopes in `body`: the same item for
  /// as long as the sheet is shown, and a new one for the next presentation.
  @Test func onePresentationIsOneStore() async {
    let store = FeatureStore(initialState: Screen.State()) { Screen(clock: TestClock()) }
    store.send(.presentSheet)
    let first = store.scope(state: \.sheet, action: Screen.Action.sheet)!
    let seen = Log<Int>()
    let token = first.subscribe(\.ticks) { seen.append($0) }  // as the sheet's view watches it
    first.send(.tick)
    let again = store.scope(state: \.sheet, action: Screen.Action.sheet)!
    #expect(again === first)
    #expect(again.state.ticks == 1)
    store.send(.dismissSheet)
    #expect(first.isRemoved)
    store.send(.presentSheet)
    let next = store.scope(state: \.sheet, action: Screen.Action.sheet)!
    #expect(next !== first && !next.isRemoved && next.state.ticks == 0)
    #expect(seen.entries == [1])
    _ = token
  }

  /// A store nobody watches costs the parent nothing per action, so it learns that its state
  /// went only when asked: asked while the sheet is gone, the next presentation is a new store.
  @Test func anUnwatchedPresentationEndsWhenAskedForWhileItsStateIsGone() async {
    let store = FeatureStore(initialState: Screen.State()) { Screen(clock: TestClock()) }
    store.send(.presentSheet)
    let first = store.scope(state: \.sheet, action: Screen.Action.sheet)!
    store.send(.dismissSheet)
    #expect(store.scope(state: \.sheet, action: Screen.Action.sheet) == nil)
    store.send(.presentSheet)
    let next = store.scope(state: \.sheet, action: Screen.Action.sheet)!
    #expect(next !== first && next.state.ticks == 0)
  }

  @Test func aPresentedStoreReleasedIsMadeAgainAndNothingKeepsTheOtherAlive() async {
    var store: FeatureStore? = FeatureStore(initialState: Screen.State()) { Screen(clock: TestClock()) }
    store?.send(.presentSheet)
    var sheet = store?.scope(state: \.sheet, action: Screen.Action.sheet)
    sheet?.send(.tick)
    weak let firstSheet = sheet
    sheet = nil
    #expect(firstSheet == nil, "the parent keeps a presented store's link, not the store")
    sheet = store?.scope(state: \.sheet, action: Screen.Action.sheet)
    #expect(sheet?.state.ticks == 1 && sheet?.isRemoved == false)
    weak let parent = store
    weak let secondSheet = sheet
    store = nil
    #expect(parent != nil, "a child store keeps its parent")
    sheet = nil
    #expect(parent == nil && secondSheet == nil)
  }

  /// What `NavigationStack` and `ForEach` need from a view that scopes a stack in `body`: the
  /// same store for a screen while it is on the stack (and its store alive), a new one for a
  /// screen pushed again after it was popped, and nothing kept alive by the parent.
  @Test func oneScreenOfAStackIsOneStore() async {
    let store = FeatureStore(initialState: Screen.State()) { Screen(clock: TestClock()) }
    store.send(.push(1))
    store.send(.push(2))
    let first = store.scope(forEach: \.path, action: Screen.Action.path)
    first[1].send(.tick)
    store.send(.push(3))
    let again = store.scope(forEach: \.path, action: Screen.Action.path)
    #expect(again.count == 3 && again[0] === first[0] && again[1] === first[1])
    #expect(again[1].state.ticks == 1)
    store.send(.pop(2))
    #expect(first[1].isRemoved)
    store.send(.push(2))
    let afterPop = store.scope(forEach: \.path, action: Screen.Action.path)
    #expect(afterPop.map(\.id) == [1, 3, 2])
    #expect(afterPop[2] !== first[1] && !afterPop[2].isRemoved && afterPop[2].state.ticks == 0)
    weak let screen3 = afterPop[1]
    _ = consume again
    _ = consume afterPop
    #expect(screen3 == nil, "the parent keeps a screen's link, not its store")
    let last = store.scope(forEach: \.path, action: Screen.Action.path)
    #expect(last[0] === first[0] && last[1].state.id == 3)
  }

  @Test func aChildStoreOfOptionalStateWatchedOnlyAfterItWentIsEnded() async {
    let store = FeatureStore(initialState: Screen.State()) { Screen(clock: TestClock()) }
    store.send(.presentSheet)
    let sheet = store.scope(state: \.sheet, action: Screen.Action.sheet)!
    sheet.send(.tick)
    #expect(sheet.state.ticks == 1)  // read, as a view shows it
    store.send(.dismissSheet)
    #expect(sheet.state.ticks == 1)  // the last state it showed
    let seen = Log<Int>()
    let token = sheet.subscribe(\.ticks) { seen.append($0) }
    #expect(sheet.isRemoved)
    store.send(.presentSheet)
    #expect(sheet.state.ticks == 1 && seen.entries.isEmpty)
    _ = token
  }

  /// A stream opened on it after its state went gives the last state and finishes, where it
  /// would otherwise wait for changes that can no longer come.
  @Test func aStreamOfAChildStoreOfOptionalStateOpenedAfterItWentFinishes() async {
    let store = FeatureStore(initialState: Screen.State()) { Screen(clock: TestClock()) }
    store.send(.presentSheet)
    let sheet = store.scope(state: \.sheet, action: Screen.Action.sheet)!
    sheet.send(.tick)
    #expect(sheet.state.ticks == 1)
    store.send(.dismissSheet)
    var ticks: [Int] = []
    for await state in sheet.states() { ticks.append(state.ticks) }
    #expect(ticks == [1] && sheet.isRemoved)
  }
}
