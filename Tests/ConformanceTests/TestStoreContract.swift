import ClassStore
import EffectStore
import FunctionalStore
import ReduxCore
import ReduxTesting
import Testing

/// Each style's test store, driven through the same three steps: act and assert the change,
/// receive the follow-up a middleware dispatched, finish.
struct TestStoreUnderTest: Sendable, CustomTestStringConvertible {
  let name: String
  /// Acts with `.increment` (asserting `count` becomes `expected`, or nothing when `nil`), then
  /// receives the middleware's `.add(100)` follow-up (when `receiveFollowUp`), then finishes.
  let run: @MainActor @Sendable (_ expected: Int?, _ receiveFollowUp: Bool) async -> Void

  var testDescription: String { name }

  static let all: [TestStoreUnderTest] = [.functional, .classBased, .effect]

  static let functional = TestStoreUnderTest(name: "functional") { expected, receiveFollowUp in
    let store = ReduxTestStore(
      reducer: conformanceReducer, initialState: ConformanceState(),
      middlewares: StoreOptions(followUpAfterIncrement: true).middlewares(describe: { $0.description }) {
        .add(100)
      })
    await store.dispatch(.increment, assert: expected.map { count in { $0.count = count } })
    if receiveFollowUp { await store.receive(.add(100)) { $0.count += 100 } }
    await store.finish()
  }

  static let classBased = TestStoreUnderTest(name: "class-based") { expected, receiveFollowUp in
    let middlewares = StoreOptions(followUpAfterIncrement: true).middlewares(
      describe: { (commit: Commit<ConformanceState>) in commit.description }
    ) { Commit(name: "add(_:)", payload: 100) { state, amount in state.count += amount } }
    let store = CommitTestStore(
      ConformanceClassStore(state: ConformanceState(), middlewares: middlewares, isolation: MainActor.shared))
    // A class store's middleware follow-up arrives within the same call, so the call sees it.
    await store.call(
      { $0.apply(.increment) },
      assert: expected.map { count in { $0.count = count + (receiveFollowUp ? 100 : 0) } })
    await store.finish()
  }

  static let effect = TestStoreUnderTest(name: "reducer/effect") { expected, receiveFollowUp in
    let store = FeatureTestStore(
      initialState: ConformanceState(), reducer: ConformanceFeature(),
      middlewares: StoreOptions(followUpAfterIncrement: true).middlewares(describe: { $0.description }) {
        .add(100)
      })
    await store.send(.increment, assert: expected.map { count in { $0.count = count } })
    if receiveFollowUp { await store.receive(.add(100)) { $0.count += 100 } }
    await store.finish()
  }
}

@MainActor
@Suite struct TestStoreContract {
  /// Every change, and every action the test did not send, is asserted: a test that does so
  /// passes in every style.
  @Test(arguments: TestStoreUnderTest.all)
  func aTestThatAssertsEverythingPasses(style: TestStoreUnderTest) async {
    await style.run(1, true)
  }

  /// A change that is not asserted, or asserted wrongly, fails the test in every style.
  @Test(arguments: TestStoreUnderTest.all)
  func anUnassertedOrWrongChangeFails(style: TestStoreUnderTest) async {
    await expectFailures { await style.run(nil, true) }
    await expectFailures { await style.run(5, true) }
  }

  /// A wrongly asserted change is reported the same way in every style: a diff of the state,
  /// the expected value on a `-` line, the actual one on a `+` line (CustomDump's format).
  @Test(arguments: TestStoreUnderTest.all)
  func aWrongChangeIsReportedAsADiff(style: TestStoreUnderTest) async {
    let messages = Locked<[String]>([])
    await expectFailures {
      await style.run(5, true)
    } matching: { issue in
      messages.withLock { $0.append(issue.description) }
      return true
    }
    let diff = messages.withLock { $0 }.first { $0.contains("(Expected: -, Actual: +)") }
    #expect(diff?.contains("ConformanceState(\n-   count: ") == true, "\(messages.withLock { $0 })")
    #expect(diff?.contains("\n+   count: ") == true)
    #expect(diff?.contains("    other: 0") == true)
  }
}

/// The surface every test store shares (`TestStoreBase`), written once: receiving an action by a
/// predicate and skipping received actions work the same in every style.
@MainActor
@Suite struct SharedTestStoreSurfaceContract {
  private static func followUps<Action>(
    describe: @escaping @Sendable (Action) -> String, addHundred: @escaping @Sendable () -> Action
  ) -> [Middleware<ConformanceState, Action>] {
    StoreOptions(followUpAfterIncrement: true).middlewares(describe: describe, addHundred: addHundred)
  }

  @Test func everyTestStoreReceivesByAPredicate() async {
    let functional = ReduxTestStore(
      reducer: conformanceReducer, initialState: ConformanceState(),
      middlewares: Self.followUps(describe: { $0.description }) { Intent.add(100) })
    await functional.dispatch(.increment) { $0.count = 1 }
    await functional.receive("the follow-up", where: { $0 == .add(100) }) { $0.count = 101 }
    await functional.finish()

    let effect = FeatureTestStore(
      initialState: ConformanceState(), reducer: ConformanceFeature(),
      middlewares: Self.followUps(describe: { $0.description }) { Intent.add(100) })
    await effect.send(.increment) { $0.count = 1 }
    await effect.receive("the follow-up", where: { $0 == .add(100) }) { $0.count = 101 }
    await effect.finish()

    // A commit that arrives after the call: made by a task the call started.
    let classBased = CommitTestStore(
      ConformanceClassStore(state: ConformanceState(), isolation: MainActor.shared))
    await classBased.call({ store in Task { await store.incrementLater() } })
    await classBased.receive("the later increment", where: { $0.name == "increment" }) { $0.count = 1 }
    await classBased.finish(timeout: .seconds(60))
  }

  @Test func skippingReceivedActionsAcceptsWhereTheyEnded() async {
    let effect = FeatureTestStore(
      initialState: ConformanceState(), reducer: ConformanceFeature(),
      middlewares: Self.followUps(describe: { $0.description }) { Intent.add(100) })
    await effect.send(.increment) { $0.count = 1 }
    await effect.skipReceivedActions()
    await effect.send(.bumpOther) { $0.other = 1 }
    #expect(effect.state.count == 101)
    await effect.finish()

    let functional = ReduxTestStore(
      reducer: conformanceReducer, initialState: ConformanceState(),
      middlewares: Self.followUps(describe: { $0.description }) { Intent.add(100) })
    await functional.dispatch(.increment) { $0.count = 1 }
    await functional.skipReceivedActions()
    await functional.dispatch(.increment) { $0.count = 102 }
    await functional.skipReceivedActions()
    #expect(functional.state.count == 202)
    await functional.finish()
  }

  @Test func anActionThatDoesNotMatchThePredicateFails() async {
    let functional = ReduxTestStore(
      reducer: conformanceReducer, initialState: ConformanceState(),
      middlewares: Self.followUps(describe: { $0.description }) { Intent.add(100) })
    await functional.dispatch(.increment) { $0.count = 1 }
    await expectFailures {
      await functional.receive("a bump", where: { $0 == .bumpOther }, timeout: .milliseconds(50))
    }
    functional.exhaustivity = .off(showSkipped: false)
    await functional.finish()
  }
}

/// TCA's "Expected state to change, but no change occurred", in every test store: a trailing
/// closure given for an action that changed nothing, and that itself changes nothing, is one
/// failure at its line; the same closure where the action did change the state passes.
@MainActor
@Suite struct NoChangeAssertionContract {
  @Test func aClosureThatChangesNothingWhereNothingChangedFailsOnce() async {
    var failures = await failuresReported {
      let store = ReduxTestStore(reducer: conformanceReducer, initialState: ConformanceState())
      await store.dispatch(.add(0)) { $0.count = 0 }
      await store.finish()
    }
    failures += await failuresReported {
      let store = FeatureTestStore(initialState: ConformanceState(), reducer: ConformanceFeature())
      await store.send(.add(0)) { $0.count = 0 }
      await store.finish()
    }
    failures += await failuresReported {
      let store = CommitTestStore(
        ConformanceClassStore(state: ConformanceState(), isolation: MainActor.shared))
      await store.call({ $0.apply(.add(0)) }, assert: { $0.count = 0 })
      await store.finish()
    }
    #expect(failures.count == 3, "one per test store: \(failures)")
    #expect(
      failures.allSatisfy { $0.description.contains("Expected state to change, but no change occurred") })
  }

  @Test func theSameClosureWhereTheActionChangedTheStatePasses() async {
    let store = ReduxTestStore(reducer: conformanceReducer, initialState: ConformanceState())
    await store.dispatch(.add(2)) { $0.count = 2 }
    await store.dispatch(.add(0))
    await store.finish()
  }
}

/// TCA's `store.state`, in every test store: the state as of the test's last assertion, so a
/// follow-up not yet received does not show, and inside an assertion closure the state before
/// the action asserted.
@MainActor
@Suite struct StateAsOfTheLastAssertionContract {
  @Test func theStateIsAsOfTheLastAssertionInEveryTestStore() async {
    let followUps = StoreOptions(followUpAfterIncrement: true)
    let functional = ReduxTestStore(
      reducer: conformanceReducer, initialState: ConformanceState(),
      middlewares: followUps.middlewares(describe: { $0.description }) { .add(100) })
    await functional.dispatch(.increment) { $0.count = functional.state.count + 1 }
    #expect(functional.state.count == 1, "the follow-up is not received yet")
    await functional.receive(.add(100)) { $0.count = 101 }
    #expect(functional.state.count == 101)
    await functional.finish()

    let effect = FeatureTestStore(
      initialState: ConformanceState(), reducer: ConformanceFeature(),
      middlewares: followUps.middlewares(describe: { $0.description }) { .add(100) })
    await effect.send(.increment) { $0.count = effect.state.count + 1 }
    #expect(effect.state.count == 1 && effect.store.state.count == 101)
    await effect.receive(.add(100)) { $0.count = 101 }
    #expect(effect.state.count == 101)
    await effect.finish()

    let classBased = CommitTestStore(
      ConformanceClassStore(state: ConformanceState(), isolation: MainActor.shared))
    await classBased.call({ store in Task { await store.incrementLater() } })
    await classBased.receive("the later increment", where: { $0.name == "increment" }) {
      $0.count = classBased.state.count + 1
    }
    #expect(classBased.state.count == 1)
    await classBased.finish(timeout: .seconds(60))
  }
}
