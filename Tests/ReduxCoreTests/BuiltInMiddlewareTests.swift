import Foundation
import ReduxCore
import Testing

@MainActor
@Suite struct LoggingMiddlewareTests {
  @Test func describesEachActionAndWhatItChanged() {
    let lines = Log<String>()
    let store = makeCounterStore(middlewares: [.logging(label: "counter", log: { lines.append($0) })])
    store.dispatch(.increment)
    store.dispatch(.add(0))
    #expect(lines.entries == ["[counter] increment: count: 0 -> 1", "[counter] add(0): no change"])
  }

  @Test func describesEachActionAndTheStateItProducedInTheStateFormat() {
    let lines = Log<String>()
    let store = makeCounterStore(middlewares: [
      .logging(label: "counter", format: .state, log: { lines.append($0) })
    ])
    store.dispatch(.increment)
    store.dispatch(.add(2))
    #expect(
      lines.entries == [
        "[counter] increment -> Counter(count: 1, other: 0)",
        "[counter] add(2) -> Counter(count: 3, other: 0)",
      ])
  }

  @Test func leavesOutTheActionsItIsToldToAndCutsLongLines() {
    let lines = Log<String>()
    let store = makeCounterStore(middlewares: [
      .logging(
        label: "counter", including: { $0 != .increment }, maximumLineLength: 20, log: { lines.append($0) })
    ])
    store.dispatch(.increment)
    store.dispatch(.add(2))
    #expect(store.state.count == 3)
    #expect(lines.entries == ["[counter] add(2): co…"])
  }
}

@MainActor
@Suite struct ActionRecorderTests {
  @Test func recordsActionsAndStatesAndReplaysThem() {
    let recorder = ActionRecorder<Counter, CounterAction>()
    let store = makeCounterStore(middlewares: [recorder.middleware])
    store.dispatch(.increment)
    store.dispatch(.add(2))
    #expect(recorder.actions == [.increment, .add(2)])
    #expect(recorder.states.map(\.count) == [1, 3])
    let copy = makeCounterStore()
    recorder.replay(into: copy.dispatch)
    #expect(copy.state == store.state)
    recorder.clear()
    #expect(recorder.entries.isEmpty)
  }

  @Test func recordsWhatReachedTheReducer() {
    let recorder = ActionRecorder<Counter, CounterAction>()
    let dropNoops = Middleware<Counter, CounterAction> { _, action, next in
      if action != .noop { next(action) }
    }
    let store = makeCounterStore(middlewares: [dropNoops, recorder.middleware])
    store.dispatch(.noop)
    store.dispatch(.increment)
    #expect(recorder.actions == [.increment])
  }

  @Test func keepsAtMostTheLimit() {
    let recorder = ActionRecorder<Counter, CounterAction>(limit: 2)
    let store = makeCounterStore(middlewares: [recorder.middleware])
    for amount in 1...5 { store.dispatch(.add(amount)) }
    #expect(recorder.actions == [.add(4), .add(5)])
  }

  @Test func aRingKeepsTheNewestEntriesInOrderWhateverTheLimit() {
    let recorder = ActionRecorder<Counter, CounterAction>(limit: 3)
    let store = makeCounterStore(middlewares: [recorder.middleware])
    for amount in 1...10 { store.dispatch(.add(amount)) }
    #expect(recorder.actions == [.add(8), .add(9), .add(10)])
    #expect(recorder.states.map(\.count) == [36, 45, 55])
    recorder.limit = 2
    #expect(recorder.actions == [.add(9), .add(10)])
    recorder.limit = nil
    store.dispatch(.add(11))
    #expect(recorder.actions == [.add(9), .add(10), .add(11)])
    let replayed = makeCounterStore()
    recorder.replay(into: replayed.dispatch)
    #expect(replayed.state.count == 30)
  }
}
