import ClassStore
import EffectStore
import FunctionalStore
import ReduxCore
import ReduxTesting
import Testing

/// A middleware that, once `.increment` is applied, keeps every thread of Swift's shared
/// executor busy for a while: the work that sent it cannot return until they are free, as on a
/// loaded machine.
private func busyAfterIncrement<Action>(isIncrement: @escaping @Sendable (Action) -> Bool)
  -> Middleware<ConformanceState, Action>
{
  Middleware { _, action, next in
    next(action)
    if isIncrement(action) { occupyEveryThread(forSeconds: 1.2) }
  }
}

/// No test store's verdict depends on timing: work that sent its last action and is returning
/// is over, however long the machine takes to let it return. A test released right after its
/// last `receive`, as TCA's tests are, passes in every style, even with every thread busy.
@MainActor
@Suite struct NoTimingDependentResultContract {
  @Test func aTestReleasedRightAfterItsLastReceivePassesWithEveryThreadBusy() async {
    var failures = await failuresReported {
      let store = FeatureTestStore(
        initialState: ConformanceState(), reducer: ConformanceFeature(),
        middlewares: [busyAfterIncrement { $0 == .increment }])
      await store.send(.incrementLater)
      await store.receive(.increment) { $0.count = 1 }
    }
    failures += await failuresReported {
      let store = ReduxTestStore(
        reducer: conformanceReducer, initialState: ConformanceState(),
        middlewares: [busyAfterIncrement { $0 == .increment }])
      store.start(
        AsyncThunk<ConformanceState, Intent, Void> { dispatch, _ in
          await awaitWorkElsewhere()
          dispatch(.increment)
        })
      await store.receive(.increment) { $0.count = 1 }
    }
    failures += await failuresReported {
      let store = CommitTestStore(
        ConformanceClassStore(
          state: ConformanceState(), middlewares: [busyAfterIncrement { $0.name == "increment" }],
          isolation: MainActor.shared))
      await store.call({ store in Task { await store.incrementLater() } })
      await store.receive("the later increment", where: { $0.name == "increment" }) { $0.count = 1 }
    }
    #expect(failures.isEmpty, "\(failures)")
  }
}

/// One mistake, one failure, in every test store: a non-exhaustive `receive` of an action that
/// never comes fails once, and gives back what it skipped, so the right `receive` after it
/// passes.
@MainActor
@Suite struct OneMistakeOneFailureContract {
  @Test func aFailedReceiveGivesBackWhatItSkippedInEveryStyle() async {
    let followUps = StoreOptions(followUpAfterIncrement: true)
    var failures = await failuresReported {
      let store = ReduxTestStore(
        reducer: conformanceReducer, initialState: ConformanceState(),
        middlewares: followUps.middlewares(describe: { $0.description }) { .add(100) })
      store.exhaustivity = .off(showSkipped: false)
      await store.dispatch(.increment)
      await store.receive(.bumpOther, timeout: .milliseconds(50))
      await store.receive(.add(100)) { $0.count = 101 }
      await store.finish()
    }
    failures += await failuresReported {
      let store = FeatureTestStore(
        initialState: ConformanceState(), reducer: ConformanceFeature(),
        middlewares: followUps.middlewares(describe: { $0.description }) { .add(100) })
      store.exhaustivity = .off(showSkipped: false)
      await store.send(.increment)
      await store.receive(.bumpOther, timeout: .milliseconds(50))
      await store.receive(.add(100)) { $0.count = 101 }
      await store.finish()
    }
    failures += await failuresReported {
      let store = CommitTestStore(
        ConformanceClassStore(state: ConformanceState(), isolation: MainActor.shared))
      store.exhaustivity = .off(showSkipped: false)
      await store.call({ store in Task { await store.incrementLater() } })
      await store.receive("a bump", where: { $0.name == "bumpOther" }, timeout: .milliseconds(50))
      await store.receive("the later increment", where: { $0.name == "increment" }) { $0.count = 1 }
      await store.finish(timeout: .seconds(60))
    }
    #expect(failures.count == 3, "one per style: \(failures)")
    #expect(failures.allSatisfy { $0.description.contains("Expected to receive") }, "\(failures)")
  }
}

/// What the test's act started and what it sent at once comes before the test's next act, in
/// every test store: a non-exhaustive test's next act skips it (the state is the same whichever
/// thread was faster), as TCA's test store yields after each send.
@MainActor
@Suite struct NextActComesAfterWhatTheLastStartedContract {
  @Test func theNextActSkipsWhatTheLastActsWorkSentAtOnce() async {
    var counts: [Int] = []
    let failures = await failuresReported {
      // An effect that sends as soon as it runs: the race is with the test's next send.
      let feature = FeatureTestStore(initialState: ConformanceState()) {
        Reduce<ConformanceState, Intent> { state, intent in
          switch intent {
          case .incrementLater: return .run { send in await send(.increment) }
          case .increment: state.count += 1
          case .add(let amount): state.count += amount
          default: break
          }
          return .none
        }
      }
      feature.exhaustivity = .off
      await feature.send(.incrementLater)
      await feature.send(.add(10))
      counts.append(feature.state.count)

      let functional = ReduxTestStore(reducer: conformanceReducer, initialState: ConformanceState())
      functional.exhaustivity = .off
      await functional.dispatch(
        AsyncThunk<ConformanceState, Intent, Void> { dispatch, _ in
          await awaitWorkElsewhere()
          dispatch(.increment)
        })
      await functional.dispatch(.add(10))
      counts.append(functional.state.count)

      let classBased = CommitTestStore(
        ConformanceClassStore(state: ConformanceState(), middlewares: [], isolation: MainActor.shared))
      classBased.exhaustivity = .off
      await classBased.call { await $0.incrementLater() }
      await classBased.call { $0.apply(.add(10)) }
      counts.append(classBased.state.count)
    }
    #expect(failures.isEmpty, "\(failures)")
    #expect(counts == [11, 11, 11])
  }
}
