import Testing

@testable import ReduxCore

@Suite struct ActionQueueTests {
  @Test func firstEntryRunsAndLaterOnesQueue() {
    var queue = ActionQueue<Int>()
    let first = queue.enter()
    let second = queue.enter()
    #expect(first)
    #expect(!second)
    queue.enqueue(1)
    queue.enqueue(2)
    #expect(queue.count == 2)
    var drained: [Int] = []
    while !queue.endIfEmpty() { drained.append(queue.takeNext()) }
    #expect(drained == [1, 2])
    #expect(!queue.isRunning)
    let again = queue.enter()
    #expect(again)
  }

  @Test func longChainsCompactTheBuffer() {
    var queue = ActionQueue<Int>()
    _ = queue.enter()
    var seen = 0
    queue.enqueue(0)
    while !queue.endIfEmpty() {
      let value = queue.takeNext()
      seen += 1
      if value < 20_000 { queue.enqueue(value + 1) }
    }
    #expect(seen == 20_001)
    #expect(queue.pending.isEmpty)
  }
}
