import EffectStore
import ReduxTesting
import Testing

@MainActor
@Suite struct FeatureTestStoreTests {
  @Test func anExhaustiveTestOfATimerAndALoad() async {
    let clock = TestClock()
    let store = FeatureTestStore(initialState: TimerState(), reducer: TimerFeature(clock: clock))
    await store.send(.start) { $0.isRunning = true }
    await clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0.seconds = 1 }
    await clock.advance(by: .seconds(2))
    await store.receive(.tick) { $0.seconds = 2 }
    await store.receive(.tick) { $0.seconds = 3 }
    await store.send(.stop) { $0.isRunning = false }
    await store.send(.load)
    await store.receive(.loaded("hello")) { $0.log = ["hello"] }
    await store.finish()
  }

  @Test func aWrongExpectedStateFailsWithTheDifferingField() async {
    let store = FeatureTestStore(initialState: TimerState(), reducer: TimerFeature(clock: TestClock()))
    await expectFailures {
      await store.send(.tick) { $0.seconds = 2 }
    } matching: { issue in
      issue.description.contains("-   seconds: 2,\n+   seconds: 1,")
    }
    await store.finish()
  }

  @Test func anUnassertedChangeFails() async {
    let store = FeatureTestStore(initialState: TimerState(), reducer: TimerFeature(clock: TestClock()))
    await expectFailures {
      await store.send(.tick)
    } matching: { issue in
      issue.description.contains("no change was asserted")
        && issue.description.contains("-   seconds: 0,\n+   seconds: 1,")
    }
    await store.finish()
  }

  @Test func anActionNotReceivedFailsAtFinish() async {
    let store = FeatureTestStore(initialState: TimerState(), reducer: TimerFeature(clock: TestClock()))
    await store.send(.load)
    await expectFailures {
      await store.finish()
    } matching: { issue in
      issue.description.contains("never received: loaded(\"hello\")")
    }
  }

  @Test func anEffectStillRunningFailsAtFinishAndIsCancelled() async {
    let store = FeatureTestStore(
      initialState: TimerState(), reducer: TimerFeature(clock: TestClock()), timeout: .milliseconds(50))
    await store.send(.start) { $0.isRunning = true }
    await expectFailures {
      await store.finish()
    } matching: { issue in
      issue.description.contains("An effect returned for send(start) is still running at finish()")
    }
    #expect(store.store.runningEffectCount == 0)
  }

  @Test func receivingAnActionThatNeverComesFailsAfterTheTimeout() async {
    let store = FeatureTestStore(
      initialState: TimerState(), reducer: TimerFeature(clock: TestClock()), timeout: .milliseconds(20))
    await expectFailures {
      await store.receive(.tick) { $0.seconds = 1 }
    } matching: { issue in
      issue.description.contains("Expected to receive tick, but no such action reached the reducer")
    }
    await store.finish()
  }

  @Test func receivingOutOfOrderFails() async {
    let clock = TestClock()
    let store = FeatureTestStore(initialState: TimerState(), reducer: TimerFeature(clock: clock))
    await store.send(.load)
    await expectFailures {
      await store.receive(.tick)
    } matching: { issue in
      issue.description.contains("the next action that reached the reducer was loaded(\"hello\")")
    }
    await store.finish()
  }

  @Test func sendingBeforeReceivingFailsExhaustively() async {
    let store = FeatureTestStore(initialState: TimerState(), reducer: TimerFeature(clock: TestClock()))
    store.store.send(.tick)
    await expectFailures {
      await store.send(.stop)
    } matching: { issue in
      issue.description.contains("were not received: tick")
    }
    await store.finish()
  }

  @Test func assertingAfterFinishFails() async {
    let store = FeatureTestStore(initialState: TimerState(), reducer: TimerFeature(clock: TestClock()))
    await store.finish()
    await expectFailures {
      await store.send(.tick) { $0.seconds = 1 }
    } matching: { issue in
      issue.description.contains("after finish()")
    }
  }

  @Test func nonExhaustiveChecksOnlyWhatItNames() async {
    let clock = TestClock()
    let store = FeatureTestStore(initialState: TimerState(), reducer: TimerFeature(clock: clock))
    store.exhaustivity = .off
    await store.send(.start)
    await clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0.seconds = 1 }
    await clock.advance(by: .seconds(2))
    await store.send(.stop) { $0.isRunning = false }
    #expect(store.state.seconds == 3)
    await store.send(.load)
    await store.finish()
  }

  @Test func nonExhaustiveCanSayWhatItSkipped() async {
    let reported = await failuresReported {
      let clock = TestClock()
      let store = FeatureTestStore(initialState: TimerState(), reducer: TimerFeature(clock: clock))
      store.exhaustivity = .off(showSkipped: true)
      await store.send(.start)
      await clock.advance(by: .seconds(2))
      await store.receive(.tick) { $0.seconds = 1 }
      await store.send(.stop) { $0.isRunning = false }
      await store.finish()
    }
    #expect(!reported.isEmpty && reported.allSatisfy(\.isWarning), "\(reported)")
    #expect(reported.contains { $0.description.contains("tick") }, "\(reported)")
  }

  @Test func aTestStoreReleasedWithAnActionNotReceivedFails() async {
    await expectFailures {
      await Self.loadAndReleaseWithoutFinishing()
    } matching: { issue in
      issue.description.contains("never received: loaded(\"hello\")")
    }
  }

  /// An action not received before the next send fails that send; receiving it afterwards is
  /// the same mistake, and does not fail again (after a timeout).
  @Test func oneMissedReceiveIsOneFailure() async {
    let store = FeatureTestStore(initialState: TimerState(), reducer: TimerFeature(clock: TestClock()))
    let reported = await failuresReported {
      await store.send(.load).finish()  // its effect has sent .loaded("hello")
      await store.send(.stop)
      await store.receive(.loaded("hello")) { $0.log = ["hello"] }
    }
    #expect(reported.count == 1, "\(reported)")
    #expect(
      reported.first?.description.contains("were not received: loaded(\"hello\")") == true, "\(reported)")
    await store.finish()
  }

  @Test func aTestStoreReleasedWithAnEffectRunningFails() async {
    await expectFailures {
      await Self.startAndReleaseWithoutFinishing()
    } matching: { issue in
      issue.description.contains("An effect returned for send(start) is still running")
        && issue.description.contains("`await store.finish()`")
    }
  }

  /// Starts a timer's effect and lets the test store go, as a test that forgot the effect does.
  static func startAndReleaseWithoutFinishing() async {
    let store = FeatureTestStore(initialState: TimerState(), reducer: TimerFeature(clock: TestClock()))
    await store.send(.start) { $0.isRunning = true }
  }

  /// On the main actor, as a test's own local would be, so the release (and the report) happens
  /// in the test.
  static func loadAndReleaseWithoutFinishing() async {
    var store: FeatureTestStore<TimerState, TimerAction>? = FeatureTestStore(
      initialState: TimerState(), reducer: TimerFeature(clock: TestClock()))
    await store?.send(.load)
    if let states = store?.store.states(\.log) {
      for await log in states where !log.isEmpty { break }
    }
    store = nil
  }
}
