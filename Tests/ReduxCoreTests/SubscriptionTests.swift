import ReduxCore
import Testing

@MainActor
@Suite struct SubscriptionTests {
  @Test func subscribersHearAboutDispatchesNotAboutSubscribing() {
    let store = makeCounterStore()
    let seen = Log<Counter>()
    let token = store.subscribe { seen.append($0) }
    #expect(seen.entries.isEmpty)
    store.dispatch(.increment)
    #expect(seen.entries == [Counter(count: 1)])
    _ = token
  }

  @Test func wholeStateSubscribersAreToldAfterEveryDispatchEvenWhenEquatable() {
    let store = makeCounterStore()
    let seen = Log<Counter>()
    let token = store.subscribe { seen.append($0) }
    store.dispatch(.noop)
    store.dispatch(.increment)
    #expect(seen.entries == [Counter(count: 0), Counter(count: 1)])
    _ = token
  }

  @Test func selectingTheWholeStateSkipsDuplicates() {
    let store = makeCounterStore()
    let seen = Log<Counter>()
    let token = store.subscribe({ $0 }) { seen.append($0) }
    store.dispatch(.noop)
    store.dispatch(.increment)
    store.dispatch(.noop)
    #expect(seen.entries == [Counter(count: 1)])
    _ = token
  }

  @Test func nonEquatableStatesAreToldAfterEveryDispatch() {
    struct Opaque { var value = 0 }
    let store = BareStore<Opaque, Int>(Opaque()) { state, amount in state.value += amount }
    let seen = Log<Int>()
    let token = store.subscribe { seen.append($0.value) }
    store.dispatch(0)
    store.dispatch(2)
    #expect(seen.entries == [0, 2])
    _ = token
  }

  @Test func keyPathSelectionsSkipUnchangedValues() {
    let store = makeCounterStore()
    let seen = Log<Int>()
    let token = store.subscribe(\.count) { seen.append($0) }
    store.dispatch(.bumpOther)
    store.dispatch(.increment)
    store.dispatch(.bumpOther)
    store.dispatch(.increment)
    #expect(seen.entries == [1, 2])
    _ = token
  }

  @Test func closureSelectionsSkipUnchangedValues() {
    let store = makeCounterStore()
    let seen = Log<Bool>()
    let token = store.subscribe({ $0.count.isMultiple(of: 2) }) { seen.append($0) }
    store.dispatch(.add(2))
    store.dispatch(.increment)
    store.dispatch(.add(2))
    #expect(seen.entries == [false])
    _ = token
  }

  @Test func customDuplicateTests() {
    let store = makeCounterStore()
    let seen = Log<Int>()
    let everyTime = store.subscribe({ $0.count }, removingDuplicates: { _, _ in false }) {
      seen.append($0)
    }
    store.dispatch(.noop)
    store.dispatch(.noop)
    #expect(seen.entries == [0, 0])
    _ = everyTime
  }

  @Test func subscribersAreCalledInTheOrderTheySubscribed() {
    let store = makeCounterStore()
    let order = Log<String>()
    let tokens = [
      store.subscribe(\.count) { _ in order.append("a") },
      store.subscribe { _ in order.append("b") },
      store.subscribe(\.count) { _ in order.append("c") },
      store.subscribe({ $0.count }) { _ in order.append("d") },
    ]
    store.dispatch(.increment)
    #expect(order.entries == ["a", "b", "c", "d"])
    _ = tokens
  }

  /// A round copies the state only while a whole-state subscriber lives; subscribers coming and
  /// going, cancelled twice or released, must keep that count right.
  @Test func wholeStateAndSelectionSubscribersComeAndGoInAnyOrder() {
    let store = makeCounterStore()
    let states = Log<Int>()
    let counts = Log<Int>()
    let selection = store.subscribe(\.count) { counts.append($0) }
    var whole: Subscription? = store.subscribe { states.append($0.count) }
    store.dispatch(.increment)
    whole?.cancel()
    whole?.cancel()
    store.dispatch(.increment)
    whole = store.subscribe { states.append($0.count * 10) }
    store.dispatch(.increment)
    whole = nil
    store.dispatch(.increment)
    let again = store.subscribe { states.append($0.count * 100) }
    store.dispatch(.increment)
    #expect(counts.entries == [1, 2, 3, 4, 5])
    #expect(states.entries == [1, 30, 500])
    _ = (selection, again)
  }

  @Test func cancelIsIdempotentAndStopsNotifications() {
    let store = makeCounterStore()
    let seen = Log<Int>()
    let token = store.subscribe(\.count) { seen.append($0) }
    store.dispatch(.increment)
    token.cancel()
    token.cancel()
    #expect(token.isCancelled)
    store.dispatch(.increment)
    #expect(seen.entries == [1])
    #expect(store.engine.subscriberCount == 0)
  }

  @Test func releasingTheTokenCancels() {
    let store = makeCounterStore()
    let seen = Log<Int>()
    var token: Subscription? = store.subscribe(\.count) { seen.append($0) }
    store.dispatch(.increment)
    token = nil
    store.dispatch(.increment)
    #expect(seen.entries == [1])
    #expect(token == nil)
  }

  @Test func tokensKeptInASetLiveAsLongAsTheSet() {
    let store = makeCounterStore()
    let seen = Log<Int>()
    var bag = Set<Subscription>()
    store.subscribe(\.count) { seen.append($0) }.store(in: &bag)
    store.dispatch(.increment)
    bag.removeAll()
    store.dispatch(.increment)
    #expect(seen.entries == [1])
  }

  @Test func subscribingDuringANotificationStartsWithTheNextDispatch() {
    let store = makeCounterStore()
    let late = Log<Int>()
    var lateToken: Subscription?
    let early = store.subscribe(\.count) { _ in
      if lateToken == nil { lateToken = store.subscribe(\.count) { late.append($0) } }
    }
    store.dispatch(.increment)
    #expect(late.entries.isEmpty)
    store.dispatch(.increment)
    #expect(late.entries == [2])
    _ = early
  }

  @Test func cancellingDuringANotificationTakesEffectFromTheNextDispatch() {
    let store = makeCounterStore()
    let order = Log<String>()
    var second: Subscription?
    let first = store.subscribe(\.count) { _ in
      order.append("first")
      second?.cancel()
    }
    second = store.subscribe(\.count) { _ in order.append("second") }
    let third = store.subscribe(\.count) { _ in order.append("third") }
    store.dispatch(.increment)
    #expect(order.entries == ["first", "second", "third"])
    store.dispatch(.increment)
    #expect(order.entries == ["first", "second", "third", "first", "third"])
    _ = (first, third)
  }

  @Test func subscribersOfOneKeyPathShareOneComparison() {
    // A positive amount rewrites the probe's label, which its == ignores: new bytes, equal value.
    let store = BareStore<Tracked, Int>(Tracked()) { state, amount in
      state.other += amount
      if amount > 0 { state.probe.label = "dispatch \(state.other)" }
    }
    Probe.comparisons = 0
    let tokens = (0..<100).map { _ in store.subscribe(\.probe) { _ in Issue.record("unchanged") } }
    store.dispatch(1)
    #expect(Probe.comparisons == 1)
    store.dispatch(1)
    #expect(Probe.comparisons == 2)
    // Untouched, the field (24 bytes, with a reference) has its kept bytes: no == at all.
    store.dispatch(0)
    #expect(Probe.comparisons == 2)
    _ = tokens
  }

  @Test func cancelledSelectorClosuresStopAndTheOthersGoOnInOrder() {
    let store = makeCounterStore()
    let heard = Log<Int>()
    var tokens = (0..<300).map { name in
      store.subscribe({ $0.count * 2 }) { _ in heard.append(name) }
    }
    for name in stride(from: 0, to: 300, by: 2) { tokens[name].cancel() }
    store.dispatch(.increment)
    #expect(heard.entries == Array(stride(from: 1, to: 300, by: 2)))
    tokens.removeAll()
    store.dispatch(.increment)
    #expect(heard.entries.count == 150)
    #expect(store.engine.subscriberCount == 0)
  }

  @Test func fieldsWithStorageAreToldExactlyWhenTheirValueChanged() {
    struct Lists: Sendable {
      var items = [1, 2, 3]
      var name = "a name longer than fifteen bytes"
      var other = 0
    }
    enum Change: Sendable { case sameItemsAnew, appendItem, sameNameAnew, renameInPlace, bumpOther }
    let store = BareStore(Lists()) { (state, change: Change) in
      switch change {
      case .sameItemsAnew: state.items = Array(state.items.map { $0 })  // equal, other storage
      case .appendItem: state.items.append(state.items.count + 1)  // in place when unshared
      case .sameNameAnew: state.name = String(state.name.reversed().reversed())
      case .renameInPlace: state.name.append("!")
      case .bumpOther: state.other += 1
      }
    }
    let items = Log<[Int]>()
    let names = Log<String>()
    let tokens = [
      store.subscribe(\.items) { items.append($0) }, store.subscribe(\.name) { names.append($0) },
    ]
    for change in [Change.bumpOther, .sameItemsAnew, .sameNameAnew, .appendItem, .sameItemsAnew, .appendItem]
    {
      store.dispatch(change)
    }
    store.dispatch(.renameInPlace)
    store.dispatch(.sameNameAnew)
    #expect(items.entries == [[1, 2, 3, 4], [1, 2, 3, 4, 5]])
    #expect(names.entries == ["a name longer than fifteen bytes!"])
    _ = tokens
  }

  @Test func aPlainFieldWhoseBytesDidNotChangeNeedsNoComparison() {
    let store = BareStore<Tracked, Int>(Tracked()) { state, amount in
      state.other += amount
      if amount < 0 { state.plain.revision += 1 }  // bytes change, `==` says equal
      if amount > 5 { state.plain.value += 1 }
    }
    PlainProbe.comparisons = 0
    let seen = Log<Int>()
    let tokens = (0..<10).map { _ in store.subscribe(\.plain) { seen.append($0.value) } }
    store.dispatch(1)
    #expect(PlainProbe.comparisons == 0)
    store.dispatch(-1)
    #expect(PlainProbe.comparisons == 1)
    #expect(seen.entries.isEmpty)
    store.dispatch(10)
    #expect(seen.entries == Array(repeating: 1, count: 10))
    _ = tokens
  }
}

/// A value that counts how often it is compared. It holds a string, so it is not compared by
/// its bytes.
struct Probe: Equatable {
  @MainActor static var comparisons = 0
  var value = 0
  var label = ""

  static func == (lhs: Probe, rhs: Probe) -> Bool {
    MainActor.assumeIsolated { comparisons += 1 }
    return lhs.value == rhs.value
  }
}

/// A plain value (no references) that counts how often it is compared; `revision` does not
/// count for equality.
struct PlainProbe: Equatable {
  @MainActor static var comparisons = 0
  var value = 0
  var revision = 0

  static func == (lhs: PlainProbe, rhs: PlainProbe) -> Bool {
    MainActor.assumeIsolated { comparisons += 1 }
    return lhs.value == rhs.value
  }
}

struct Tracked {
  var probe = Probe()
  var plain = PlainProbe()
  var other = 0
}

@MainActor
@Suite struct SubscriberChurnTests {
  @Test func randomSubscribeAndCancelKeepsEveryOtherSubscriberInOrder() {
    var generator = SystemRandomNumberGenerator()
    let store = makeCounterStore()
    let heard = Log<Int>()
    var live: [(name: Int, token: Subscription)] = []
    var next = 0
    for round in 0..<2_000 {
      if live.isEmpty || Int.random(in: 0..<3, using: &generator) > 0 {
        let name = next
        next += 1
        let token =
          name.isMultiple(of: 2)
          ? store.subscribe { _ in heard.append(name) }
          : store.subscribe(\.count) { _ in heard.append(name) }
        live.append((name, token))
      } else {
        live.remove(at: Int.random(in: 0..<live.count, using: &generator)).token.cancel()
      }
      if round.isMultiple(of: 50) {
        heard.entries.removeAll()
        store.dispatch(.increment)
        #expect(heard.entries == live.map(\.name), "round \(round)")
        #expect(store.engine.subscriberCount == live.count)
      }
    }
  }

  @Test func fiftyThousandReleasedNewestFirst() {
    let store = makeCounterStore()
    var tokens = (0..<50_000).map { _ in store.subscribe(\.count) { _ in } }
    while let token = tokens.popLast() { token.cancel() }
    #expect(store.engine.subscriberCount == 0)
    let heard = Log<Int>()
    let last = store.subscribe(\.count) { heard.append($0) }
    store.dispatch(.increment)
    #expect(heard.entries == [1])
    _ = last
  }
}
