import ReduxCore
import Testing

@MainActor
@Suite struct StreamTests {
  @Test func yieldsTheCurrentStateThenEveryStateInOrderWhenUnbounded() async {
    let store = makeCounterStore()
    let states = store.states(bufferingPolicy: .unbounded)
    for _ in 0..<3 { store.dispatch(.increment) }
    var seen: [Int] = []
    for await state in states {
      seen.append(state.count)
      if seen.count == 4 { break }
    }
    #expect(seen == [0, 1, 2, 3])
  }

  @Test func sliceStreamsSkipUnchangedValues() async {
    let store = makeCounterStore()
    let counts = store.states(\.count, bufferingPolicy: .unbounded)
    store.dispatch(.bumpOther)
    store.dispatch(.increment)
    store.dispatch(.bumpOther)
    store.dispatch(.add(2))
    var seen: [Int] = []
    for await count in counts {
      seen.append(count)
      if seen.count == 3 { break }
    }
    #expect(seen == [0, 1, 3])
  }

  @Test func computedSliceStreams() async {
    let store = makeCounterStore()
    let parity = store.states({ $0.count.isMultiple(of: 2) }, bufferingPolicy: .unbounded)
    store.dispatch(.add(2))
    store.dispatch(.increment)
    var seen: [Bool] = []
    for await isEven in parity {
      seen.append(isEven)
      if seen.count == 2 { break }
    }
    #expect(seen == [true, false])
  }

  @Test func finishesWhenTheStoreGoesAway() async {
    var store: BareStore<Counter, CounterAction>? = makeCounterStore()
    let states = store!.states()
    store?.dispatch(.increment)
    store = nil
    var seen: [Int] = []
    for await state in states { seen.append(state.count) }
    #expect(seen == [1])
  }

  @Test func byDefaultAReaderThatFallsBehindSkipsToTheNewest() async {
    let store = makeCounterStore()
    let states = store.states()
    for _ in 0..<3 { store.dispatch(.increment) }
    var iterator = states.makeAsyncIterator()
    #expect(await iterator.next()?.count == 3)
    store.dispatch(.increment)
    #expect(await iterator.next()?.count == 4)
  }

  @Test func endingTheIterationRemovesTheSubscriber() async {
    let store = makeCounterStore()
    let states = store.states()
    let reader = Task {
      for await _ in states {}
    }
    #expect(store.engine.subscriberCount == 1)
    reader.cancel()
    await reader.value
    while store.engine.subscriberCount > 0 { await Task.yield() }
    #expect(store.engine.subscriberCount == 0)
  }
}

/// A store made outside any actor has no actor to remove an ended stream's subscriber on, at once:
/// it removes it at the next notification that reaches it.
@Suite struct StreamWithoutAnActorTests {
  @Test func anEndedStreamIsRemovedAtTheNextNotification() async {
    let store = BareStore(Counter(), isolation: nil, reducer: counterReducer)
    var iterator: AsyncStream<Counter>.AsyncIterator? = store.states().makeAsyncIterator()
    #expect(await iterator?.next()?.count == 0)
    #expect(store.engine.subscriberCount == 1)
    iterator = nil
    store.dispatch(.increment)
    #expect(store.engine.subscriberCount == 0)
    store.dispatch(.increment)
    #expect(store.state.count == 2)
  }
}
