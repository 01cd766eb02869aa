import EffectStore
import ReduxTesting
import Testing

// Effects on a clock: debounce, a delayed send and a timer, driven by a test clock, so no test
// waits in real time.

/// Search as you type: a request per pause in the typing, not per keystroke.
private struct SearchAsYouType: Reducer {
  struct State: Equatable, Sendable {
    var query = ""
    var results: [String] = []
    var requests = 0
  }
  enum Action: Equatable, Sendable {
    case queryChanged(String)
    case results([String])
    case clear
  }
  enum CancelID: Hashable, Sendable { case search }

  let clock: any Clock<Duration>

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .queryChanged(let query):
      state.query = query
      return .run { send in await send(.results(["\(query) 1", "\(query) 2"])) }
        .debounce(id: CancelID.search, for: .milliseconds(300), clock: clock)
    case .results(let results):
      state.results = results
      state.requests += 1
      return .none
    case .clear:
      state = State(requests: state.requests)
      return .cancel(id: CancelID.search)
    }
  }
}

/// A stopwatch that ticks every second, and a toast that hides itself.
private struct Stopwatch: Reducer {
  struct State: Equatable, Sendable {
    var seconds = 0
    var toast: String?
  }
  enum Action: Equatable, Sendable {
    case start, stop, tick
    case showToast(String)
    case hideToast
  }
  enum CancelID: Hashable, Sendable { case ticking, toast }

  let clock: any Clock<Duration>

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return .timer(id: CancelID.ticking, every: .seconds(1), clock: clock, send: .tick)
    case .stop:
      return .cancel(id: CancelID.ticking)
    case .tick:
      state.seconds += 1
      return .none
    case .showToast(let text):
      state.toast = text
      return .send(.hideToast, after: .seconds(2), clock: clock)
        .cancellable(id: CancelID.toast, cancelInFlight: true)
    case .hideToast:
      state.toast = nil
      return .none
    }
  }
}

/// The sample of Packages/EffectStore/README.md's "Time" section.
private struct Search: Reducer {
  struct State: Equatable, Sendable {
    var query = ""
    var results: [String] = []
  }
  enum Action: Equatable, Sendable {
    case queryChanged(String)
    case results([String])
  }
  enum CancelID: Hashable, Sendable { case search }

  let clock: any Clock<Duration>
  let search: @Sendable (String) async -> [String]

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .queryChanged(let query):
      state.query = query
      return .run { [search] send in await send(.results(await search(query))) }
        .debounce(id: CancelID.search, for: .milliseconds(300), clock: clock)
    case .results(let results):
      state.results = results
      return .none
    }
  }
}

@MainActor
@Suite struct ClockEffectTests {
  @Test func theGuidesSearchAsYouType() async {
    let clock = TestClock()
    let store = FeatureTestStore(initialState: Search.State()) {
      Search(clock: clock, search: { query in ["\(query) 1", "\(query) 2"] })
    }
    await store.send(.queryChanged("s")) { $0.query = "s" }
    await store.send(.queryChanged("sw")) { $0.query = "sw" }
    await store.send(.queryChanged("swift")) { $0.query = "swift" }
    await clock.advance(by: .milliseconds(300))  // one request, for the last query
    await store.receive(.results(["swift 1", "swift 2"])) { $0.results = ["swift 1", "swift 2"] }
    await store.finish()
  }

  @Test func threeKeystrokesMakeOneRequest() async {
    let clock = TestClock()
    let store = FeatureTestStore(initialState: SearchAsYouType.State()) { SearchAsYouType(clock: clock) }
    await store.send(.queryChanged("s")) { $0.query = "s" }
    await clock.advance(by: .milliseconds(100))
    await store.send(.queryChanged("sw")) { $0.query = "sw" }
    await clock.advance(by: .milliseconds(100))
    await store.send(.queryChanged("swi")) { $0.query = "swi" }
    await clock.advance(by: .milliseconds(299))
    await clock.advance(by: .milliseconds(1))
    await store.receive(.results(["swi 1", "swi 2"])) {
      $0.results = ["swi 1", "swi 2"]
      $0.requests = 1
    }
    await store.finish()
  }

  @Test func aPauseLongerThanTheDelayMakesARequestEach() async {
    let clock = TestClock()
    let store = FeatureTestStore(initialState: SearchAsYouType.State()) { SearchAsYouType(clock: clock) }
    await store.send(.queryChanged("a")) { $0.query = "a" }
    await clock.advance(by: .milliseconds(300))
    await store.receive(.results(["a 1", "a 2"])) {
      $0.results = ["a 1", "a 2"]
      $0.requests = 1
    }
    await store.send(.queryChanged("ab")) { $0.query = "ab" }
    await clock.advance(by: .milliseconds(300))
    await store.receive(.results(["ab 1", "ab 2"])) {
      $0.results = ["ab 1", "ab 2"]
      $0.requests = 2
    }
    await store.finish()
  }

  @Test func cancellingByIdCallsOffADebouncedEffect() async {
    let clock = TestClock()
    let store = FeatureTestStore(initialState: SearchAsYouType.State()) { SearchAsYouType(clock: clock) }
    await store.send(.queryChanged("s")) { $0.query = "s" }
    await store.send(.clear) { $0.query = "" }
    await clock.advance(by: .seconds(1))
    await store.finish()
  }

  @Test func debouncingNothingStartsNoWait() {
    let clock = TestClock()
    #expect(Effect<Int>.none.debounce(id: 1, for: .seconds(1), clock: clock).isNone)
    #expect(!Effect<Int>.send(1).debounce(id: 1, for: .seconds(1), clock: clock).isNone)
  }

  @Test func aTimerTicksEveryIntervalUntilCancelled() async {
    let clock = TestClock()
    let store = FeatureTestStore(initialState: Stopwatch.State()) { Stopwatch(clock: clock) }
    await store.send(.start)
    for second in 1...3 {
      await clock.advance(by: .seconds(1))
      await store.receive(.tick) { $0.seconds = second }
    }
    await store.send(.stop)
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func startingATimerAgainReplacesIt() async {
    let clock = TestClock()
    let store = FeatureTestStore(initialState: Stopwatch.State()) { Stopwatch(clock: clock) }
    await store.send(.start)
    await clock.advance(by: .milliseconds(500))
    await store.send(.start)
    await clock.advance(by: .milliseconds(500))  // the first timer's tick would have come here
    await clock.advance(by: .milliseconds(500))
    await store.receive(.tick) { $0.seconds = 1 }
    await store.send(.stop)
    await store.finish()
  }

  @Test func aDelayedSendArrivesAfterItsDelayAndALaterOneReplacesIt() async {
    let clock = TestClock()
    let store = FeatureTestStore(initialState: Stopwatch.State()) { Stopwatch(clock: clock) }
    await store.send(.showToast("Saved")) { $0.toast = "Saved" }
    await clock.advance(by: .seconds(1))
    await store.send(.showToast("Saved again")) { $0.toast = "Saved again" }
    await clock.advance(by: .seconds(1))  // the first toast's hide is cancelled
    await clock.advance(by: .seconds(1))
    await store.receive(.hideToast) { $0.toast = nil }
    await store.finish()
  }
}
