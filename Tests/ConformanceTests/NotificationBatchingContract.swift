import ReduxCore
import Testing

// `batchNotifications(after:of:)`: a burst of low-priority actions is told once, in every style.

@Suite struct NotificationBatchingContract {
  /// Low-priority actions are applied at once, but subscribers, listeners and streams hear of
  /// the burst once, when its wait is over, with its last value.
  @Test(arguments: StyleAdapter.all, TestHome.all)
  func aBurstOfLowPriorityActionsIsToldOnce(style: StyleAdapter, home: TestHome) async {
    await home.run { isolation in
      let batched = BatchedStore(style.make(StoreOptions(), isolation))
      let counts = Log<Int>()
      let countToken = batched.store.subscribeToCount { counts.append($0) }
      let stream = batched.store.states(.unbounded)
      for _ in 0..<3 { batched.store.dispatch(.bumpOther) }
      #expect(batched.store.state().other == 3, "applied at once")
      #expect(batched.heard.entries.isEmpty && batched.others.entries.isEmpty)
      batched.gate.open()
      await waitUntil { batched.others.entries == [3] }
      #expect(batched.others.entries == [3])
      #expect(batched.heard.entries.count == 1)
      #expect(counts.entries.isEmpty, "a subscriber of what the burst left alone is not told")
      var streamed: [Int] = []
      for await state in stream {
        streamed.append(state.other)
        if streamed.count == 2 { break }
      }
      #expect(streamed == [0, 3], "the state when it began, then the burst's last")
      _ = countToken
    }
  }

  /// A normal action tells at once, as always, and covers the low-priority ones before it;
  /// the burst's queued notification then tells nobody again.
  @Test(arguments: StyleAdapter.all, TestHome.all)
  func aNormalActionTellsAtOnceAndCoversTheBurst(style: StyleAdapter, home: TestHome) async {
    await home.run { isolation in
      let batched = BatchedStore(style.make(StoreOptions(), isolation))
      batched.store.dispatch(.bumpOther)
      batched.store.dispatch(.bumpOther)
      batched.store.dispatch(.increment)
      #expect(batched.heard.entries.count == 1)
      #expect(batched.others.entries == [2])
      batched.gate.open()
      try? await Task.sleep(for: .milliseconds(30))
      #expect(batched.heard.entries.count == 1, "nothing was owed")
      batched.store.dispatch(.bumpOther)
      await waitUntil { batched.others.entries == [2, 3] }
      #expect(batched.others.entries == [2, 3])
      #expect(batched.heard.entries.count == 2)
    }
  }
}

/// A store whose `.bumpOther` actions are low priority, their notification held until `gate`
/// opens, with a listener (`heard`) and a subscriber of `other` (`others`) that log what they
/// are told.
struct BatchedStore {
  let store: StoreUnderTest
  let gate = Gate()
  let heard = Log<Int>()
  let others = Log<Int>()
  private let kept: (ListenerLifetime, Subscription)

  init(_ store: StoreUnderTest) {
    self.store = store
    let gate = gate
    store.batchNotifications(.custom { await gate.passed() }, .bumpOther)
    let heard = heard
    let others = others
    kept = (ListenerLifetime(store.listen { heard.append(0) }), store.subscribeToOther { others.append($0) })
  }
}

/// What a batch's wait waits for: closed until a check opens it, then open for good.
final class Gate: Sendable {
  private let isOpen = Locked(false)
  func open() { isOpen.withLock { $0 = true } }
  func passed() async {
    while !isOpen.withLock({ $0 }) { try? await Task.sleep(for: .milliseconds(1)) }
  }
}

/// Lets the check's actor run until `condition` holds (up to 120 s, for slow runs under a
/// sanitizer); the check then states what it expects.
func waitUntil(isolation: isolated (any Actor)? = #isolation, _ condition: () -> Bool) async {
  let deadline = ContinuousClock.now + .seconds(120)
  while !condition(), ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(1)) }
}
