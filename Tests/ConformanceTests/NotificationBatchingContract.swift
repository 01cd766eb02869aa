import ReduxCore
import Testing

// `batchNotifications(after:of:)`: a burst of low-priority actions is told once, in every style.

@Suite struct NotificationBatchingContract {
  /// Low-priority actions are applied at once, but subscribers, listeners and streams hear of
  /// the burst once, when its wait is over, with its last value.
  @Test(arguments: StyleAdapter.all, TestHome.all)
  func aBurstOfLowPriorityActionsIsToldOnce(style: StyleAdapter, home: TestHome) async {
    await home.run { isolation in
      let store = style.make(StoreOptions(), isolation)
      let gate = Gate()
      store.batchNotifications(.custom { await gate.passed() }, .bumpOther)
      let heard = Log<Int>()
      let listening = ListenerLifetime(store.listen { heard.append(0) })
      let others = Log<Int>()
      let token = store.subscribeToOther { others.append($0) }
      let counts = Log<Int>()
      let countToken = store.subscribeToCount { counts.append($0) }
      for _ in 0..<3 { store.dispatch(.bumpOther) }
      #expect(store.state().other == 3, "applied at once")
      #expect(heard.entries.isEmpty && others.entries.isEmpty)
      gate.open()
      await waitUntil { others.entries == [3] }
      #expect(others.entries == [3])
      #expect(heard.entries.count == 1)
      #expect(counts.entries.isEmpty, "a subscriber of what the burst left alone is not told")
      _ = (listening, token, countToken)
    }
  }

  /// A normal action tells at once, as always, and covers the low-priority ones before it;
  /// the burst's queued notification then tells nobody again.
  @Test(arguments: StyleAdapter.all, TestHome.all)
  func aNormalActionTellsAtOnceAndCoversTheBurst(style: StyleAdapter, home: TestHome) async {
    await home.run { isolation in
      let store = style.make(StoreOptions(), isolation)
      let gate = Gate()
      store.batchNotifications(.custom { await gate.passed() }, .bumpOther)
      let heard = Log<Int>()
      let listening = ListenerLifetime(store.listen { heard.append(0) })
      let others = Log<Int>()
      let token = store.subscribeToOther { others.append($0) }
      store.dispatch(.bumpOther)
      store.dispatch(.bumpOther)
      store.dispatch(.increment)
      #expect(heard.entries.count == 1)
      #expect(others.entries == [2])
      gate.open()
      try? await Task.sleep(for: .milliseconds(30))
      #expect(heard.entries.count == 1, "nothing was owed")
      store.dispatch(.bumpOther)
      await waitUntil { others.entries == [2, 3] }
      #expect(others.entries == [2, 3])
      #expect(heard.entries.count == 2)
      _ = (listening, token)
    }
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

/// Lets the check's actor run until `condition` holds (up to 10 s, for slow runs under a
/// sanitizer); the check then states what it expects.
func waitUntil(isolation: isolated (any Actor)? = #isolation, _ condition: () -> Bool) async {
  let deadline = ContinuousClock.now + .seconds(10)
  while !condition(), ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(1)) }
}
