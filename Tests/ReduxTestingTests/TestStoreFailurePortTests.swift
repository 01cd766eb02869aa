import EffectStore
import ReduxTesting
import Testing

// TCA's TestStoreFailureTests, with its reducers and actions: each mistake fails the test once,
// with what went wrong.

private enum Step: Equatable, Sendable { case first, second }

/// `.first` sends `.second`; `.second` counts when `counts` is set.
private struct Chain: Reducer {
  var counts = false

  func reduce(into state: inout Int, action: Step) -> Effect<Step> {
    switch action {
    case .first: return .send(.second)
    case .second:
      if counts { state += 1 }
      return .none
    }
  }
}

@MainActor
@Suite struct TestStoreFailurePortTests {
  private func failures(_ body: (FeatureTestStore<Int, Step>) async -> Void, counts: Bool = false) async
    -> [String]
  {
    await failuresReported {
      let store = FeatureTestStore(initialState: 0) { Chain(counts: counts) }
      await body(store)
    }.map(\.description)
  }

  @Test func anAssertionThatChangesNothingFailsOnSendAndOnReceive() async {
    let found = await failures { store in
      await store.send(.first) { _ = $0 }
      await store.receive(.second) { _ = $0 }
    }
    #expect(found.count == 2, "\(found)")
    #expect(found.allSatisfy { $0.contains("Expected state to change") }, "\(found)")
  }

  @Test func aWrongChangeFailsWithADiff() async {
    let found = await failures(
      { store in
        await store.send(.first)
        await store.receive(.second) { $0 = 2 }
      }, counts: true)
    #expect(found.count == 1, "\(found)")
    #expect(found.first?.contains("- 2\n+ 1") == true, "\(found)")
  }

  @Test func aChangeNotDescribedFailsOnReceive() async {
    let found = await failures(
      { store in
        await store.send(.first)
        await store.receive(.second)
      }, counts: true)
    #expect(found.count == 1, "\(found)")
  }

  @Test func anActionNotReceivedFailsOnceAtTheRelease() async {
    let found = await failures { store in await store.send(.first) }
    #expect(found.count == 1, "\(found)")
    #expect(found.first?.contains("second") == true, "\(found)")
  }

  @Test func anActionNotReceivedFailsOnceAtFinish() async {
    let found = await failures { store in
      await store.send(.first)
      await store.finish()
    }
    #expect(found.count == 1, "\(found)")
  }

  @Test func anEffectInFlightAtTheReleaseFailsOnce() async {
    let found = await failuresReported {
      let store = FeatureTestStore(initialState: 0) {
        Reduce<Int, Void> { _, _ in .run { _ in try await Task.sleep(for: .seconds(1_000)) } }
      }
      await store.send(())
    }.map(\.description)
    #expect(found.count == 1, "\(found)")
    #expect(found.first?.contains("still running") == true, "\(found)")
  }

  /// TCA's `testSendActionBeforeReceivingFailure`: one failure; the actions received late still
  /// match.
  @Test func aSendBeforeReceivingFailsOnceAndTheLateReceivesPass() async {
    let found = await failures { store in
      await store.send(.first)
      await store.send(.first)
      await store.receive(.second)
      await store.receive(.second)
    }
    #expect(found.count == 1, "\(found)")
  }

  @Test func receivingAnActionThatNeverCameFails() async {
    let found = await failuresReported {
      let store = FeatureTestStore(initialState: 0, timeout: .milliseconds(100)) {
        Reduce<Int, Step> { _, _ in .none }
      }
      await store.receive(.first)
    }.map(\.description)
    #expect(found.count == 1, "\(found)")
  }

  @Test func receivingAnotherActionThanTheOneThatCameFails() async {
    let found = await failures(
      { store in
        await store.send(.first)
        await store.receive(.first)
      }, counts: true)
    #expect(found.count == 1, "\(found)")
    #expect(found.first?.contains("second") == true, "\(found)")
  }

  @Test func anAssertionThatThrowsFails() async {
    struct SomeError: Error {}
    let found = await failuresReported {
      let store = FeatureTestStore(initialState: 0) { Reduce<Int, Void> { _, _ in .none } }
      await store.send(()) { _ in throw SomeError() }
    }.map(\.description)
    #expect(found.count == 1, "\(found)")
    #expect(found.first?.contains("SomeError") == true, "\(found)")
  }
}
