import EffectStore
import ReduxTesting
import Testing

// TCA's rule for presented state that is `Identifiable`: a presentation is its state's id, so
// a state replaced by one of another id is a new presentation, and the effects of the one
// replaced end (its PresentationReducer and IfCaseLet tests with identifiable children).

/// A screen that presents a ticker as a sheet, or as one case of a destination.
private struct Presenter: Reducer {
  struct State: Equatable, Sendable {
    var sheet: Ticker.State?
    var destination: Destination.State?
  }
  enum Destination {
    enum State: Equatable, Sendable { case ticker(Ticker.State), other }
    enum Action: Equatable, Sendable { case ticker(Ticker.Action) }
  }
  enum Action: Equatable, Sendable {
    case present(id: Int), edit(ticks: Int)
    case sheet(Ticker.Action)
    case show(id: Int)
    case destination(Destination.Action)
  }

  let clock: any Clock<Duration>

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .present(let id): state.sheet = Ticker.State(id: id)
      case .edit(let ticks): state.sheet?.ticks = ticks
      case .show(let id): state.destination = .ticker(Ticker.State(id: id))
      case .sheet, .destination: break
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
      CaseScope(
        state: { if case .ticker(let state) = $0 { state } else { nil } }, embed: Destination.State.ticker,
        action: Destination.Action.ticker,
        extract: { if case .ticker(let action) = $0 { action } else { nil } }
      ) { Ticker(clock: clock) }
    }
  }
}

@MainActor
@Suite struct ReplacedPresentationTests {
  @Test func aSheetReplacedByOneOfAnotherIDEndsTheFirstOnesEffects() async {
    let clock = TestClock()
    let store = FeatureTestStore(initialState: Presenter.State()) { Presenter(clock: clock) }
    await store.send(.present(id: 1)) { $0.sheet = Ticker.State(id: 1) }
    await store.send(.sheet(.start))
    await store.send(.present(id: 2)) { $0.sheet = Ticker.State(id: 2) }
    await clock.advance(by: .seconds(3))  // no tick: the first sheet's timer ended with it
    await store.send(.sheet(.start))
    await clock.advance(by: .seconds(1))
    await store.receive(.sheet(.tick)) { $0.sheet?.ticks = 1 }
    await store.send(.present(id: 3)) { $0.sheet = Ticker.State(id: 3) }
    await store.finish()
  }

  @Test func aSheetWhoseStateChangesButNotItsIDKeepsItsEffects() async {
    let clock = TestClock()
    let store = FeatureTestStore(initialState: Presenter.State()) { Presenter(clock: clock) }
    await store.send(.present(id: 1)) { $0.sheet = Ticker.State(id: 1) }
    await store.send(.sheet(.start))
    await store.send(.edit(ticks: 10)) { $0.sheet?.ticks = 10 }
    await clock.advance(by: .seconds(1))
    await store.receive(.sheet(.tick)) { $0.sheet?.ticks = 11 }
    await store.send(.present(id: 2)) { $0.sheet = Ticker.State(id: 2) }
    await store.finish()
  }

  @Test func aDestinationCaseReplacedByOneOfAnotherIDEndsTheFirstOnesEffects() async {
    let clock = TestClock()
    let store = FeatureTestStore(initialState: Presenter.State()) { Presenter(clock: clock) }
    await store.send(.show(id: 1)) { $0.destination = .ticker(Ticker.State(id: 1)) }
    await store.send(.destination(.ticker(.start)))
    await store.send(.show(id: 2)) { $0.destination = .ticker(Ticker.State(id: 2)) }
    await clock.advance(by: .seconds(3))  // no tick: the first destination's timer ended
    await store.finish()
  }
}
