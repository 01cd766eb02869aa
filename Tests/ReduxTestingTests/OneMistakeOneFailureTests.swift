import EffectStore
import ReduxTesting
import Testing

// TCA's TestStoreNonExhaustiveTests: a receive that fails after skipping actions gives them
// back, so the receives that follow, which are right, pass: one mistake, one failure.

private struct Twice: Reducer {
  struct State: Equatable, Sendable { var count = 0 }
  enum Action: Equatable, Sendable { case start, first, second, never }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start: return .merge(.send(.first), .send(.second))
    case .first, .second:
      state.count += 1
      return .none
    case .never: return .none
    }
  }
}

@MainActor
@Suite struct OneMistakeOneFailureTests {
  @Test func aFailedNonExhaustiveReceiveGivesBackWhatItSkipped() async {
    let failures = await failuresReported {
      let store = FeatureTestStore(initialState: Twice.State()) { Twice() }
      store.exhaustivity = .off(showSkipped: false)
      await store.send(.start)
      await store.receive(.never, timeout: .milliseconds(50))
      await store.receive(.first) { $0.count = 1 }
      await store.receive(.second) { $0.count = 2 }
      await store.finish()
    }
    #expect(failures.count == 1, "\(failures)")
    #expect(failures.first?.description.contains("Expected to receive") == true)
  }
}

/// A `.run` effect that sends and then returns.
private struct Fetcher: Reducer {
  struct State: Equatable, Sendable { var value = 0 }
  enum Action: Equatable, Sendable { case fetch, fetched(Int) }

  /// Runs as the fetched value is applied, on the store's actor.
  var whenFetched: @Sendable () -> Void = {}

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .fetch: return .run { send in await send(.fetched(7)) }
    case .fetched(let value):
      state.value = value
      whenFetched()
      return .none
    }
  }
}

/// TCA's tests release their test store right after the last `receive`, with no `finish()`: the
/// effect has sent its last action and is returning on another thread. An effect whose work has
/// returned is over, so the release reports nothing, however the threads ran.
@MainActor
@Suite struct ReleaseAfterTheLastReceiveTests {
  @Test func aTestStoreReleasedRightAfterItsLastReceiveReportsNoRunningEffect() async {
    let failures = await failuresReported {
      for _ in 0..<200 {
        let store = FeatureTestStore(initialState: Fetcher.State()) { Fetcher() }
        await store.send(.fetch)
        await store.receive(.fetched(7)) { $0.value = 7 }
      }
    }
    #expect(failures.isEmpty, "\(failures.prefix(3))")
  }

  /// The effect's last step cannot run for longer than any fixed wait: every thread of the
  /// shared executor is busy from the moment its action is applied. The release waits for the
  /// executor to give it its chance, as a loaded machine would make it.
  @Test func aTestStoreReleasedWhileEveryThreadIsBusyReportsNoRunningEffect() async {
    let failures = await failuresReported {
      let store = FeatureTestStore(initialState: Fetcher.State()) {
        Fetcher(whenFetched: { occupyEveryThread(forSeconds: 1.5) })
      }
      await store.send(.fetch)
      await store.receive(.fetched(7)) { $0.value = 7 }
    }
    #expect(failures.isEmpty, "\(failures.prefix(3))")
  }
}

/// A search debounced on a clock: one send, one effect the user started.
private struct Search: Reducer {
  struct State: Equatable, Sendable { var query = "" }
  enum Action: Equatable, Sendable { case typed(String), search }
  enum CancelID: Hashable, Sendable { case search }

  let clock: any Clock<Duration>

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .typed(let query):
      state.query = query
      return .send(.search).debounce(id: CancelID.search, for: .milliseconds(300), clock: clock)
    case .search: return .none
    }
  }
}

/// TCA's "An effect returned for this action is still running": a forgotten effect is reported
/// once per send that started it, at that send's line, naming its action.
@MainActor
@Suite struct ForgottenEffectTests {
  @Test func aForgottenDebouncedEffectIsReportedOnceAtItsSend() async {
    var sendLine: UInt = 0
    let failures = await failuresReported {
      let store = FeatureTestStore(initialState: Search.State(), timeout: .milliseconds(50)) {
        Search(clock: TestClock())
      }
      sendLine = #line; await store.send(.typed("a")) { $0.query = "a" }
      await store.finish()
    }
    #expect(failures.count == 1, "\(failures)")
    #expect(
      failures.first?.description.contains("An effect returned for send(typed(\"a\")) is still running")
        == true,
      "\(failures)")
    #expect(failures.first?.line == sendLine, "at the send's line")
  }

  @Test func twoForgottenSendsAreTwoFailuresAtTheirOwnLines() async {
    let failures = await failuresReported {
      let store = FeatureTestStore(initialState: Search.State(), timeout: .milliseconds(50)) {
        Search(clock: TestClock())
      }
      store.exhaustivity = .on
      await store.send(.typed("a")) { $0.query = "a" }
      await store.send(.typed("ab")) { $0.query = "ab" }
      await store.finish()
    }
    #expect(failures.count == 1, "the second send cancelled the first's debounce: \(failures)")
    #expect(failures.first?.description.contains("send(typed(\"ab\"))") == true)
  }
}

/// A `.run` effect whose `send` escapes into a task of its own and sends after the closure
/// returned.
private struct Escaping: Reducer {
  struct State: Equatable, Sendable { var value = 0 }
  enum Action: Equatable, Sendable { case start, late }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return .run { send in
        Task {
          try? await Task.sleep(for: .milliseconds(20))
          await send(.late)
        }
      }
    case .late:
      state.value = 1
      return .none
    }
  }
}

/// TCA's "An action was sent from a completed effect": reported, once, in the test.
@MainActor
@Suite struct SendFromACompletedEffectTests {
  @Test func anActionSentAfterTheEffectEndedIsReported() async {
    let failures = await failuresReported {
      let store = FeatureTestStore(initialState: Escaping.State()) { Escaping() }
      await store.send(.start)
      await store.receive(.late) { $0.value = 1 }
      await store.finish()
    }
    #expect(failures.count == 1, "\(failures)")
    #expect(failures.first?.description.contains("An action was sent from a completed effect: late") == true)
  }
}
