/// The re-entrancy rule as a small state machine: one dispatch runs at a time, and actions sent
/// while it runs wait here and run in order before the outermost dispatch returns.
///
/// The store asks ``enter()`` before running an action. `true` means nothing is running, so the
/// caller runs the action now and then drains the queue with ``takeNext()`` until
/// ``endIfEmpty()`` ends the dispatch. `false` means a dispatch is running and the caller must
/// ``enqueue(_:)`` the action instead. Draining is a loop, not recursion, so a chain of 100,000
/// actions that each dispatch the next uses no extra stack.
///
/// One owner at a time (the store is not `Sendable`) makes a flag and an array enough: no lock,
/// no dispatch queue.
@usableFromInline
struct ActionQueue<Action> {
  @usableFromInline var pending: ContiguousArray<Action> = []
  @usableFromInline var head = 0
  @usableFromInline var isRunning = false
  /// How many actions have started running, the one running now included: each action gets
  /// its number when it starts, so a queued action's number is known when it is queued
  /// (``numberOfLastQueued``). Style code uses it to follow one queued action's work.
  @usableFromInline var started = 0

  @inlinable init() {}

  /// Starts a dispatch if none is running.
  /// - Returns: `true` if the caller should run its action now; `false` if it must queue it.
  @inlinable
  mutating func enter() -> Bool {
    if isRunning { return false }
    isRunning = true
    started &+= 1
    return true
  }

  /// Queues an action sent while a dispatch runs.
  @inlinable
  mutating func enqueue(_ action: Action) {
    pending.append(action)
  }

  /// Ends the dispatch if no action waits; otherwise the caller runs ``takeNext()``.
  ///
  /// Asked apart from taking the action, so that the common case (nothing queued) makes no
  /// optional action: for an action type with references, an empty optional still costs
  /// value-witness calls to destroy.
  /// - Returns: Whether the dispatch ended.
  @inlinable @inline(__always)
  mutating func endIfEmpty() -> Bool {
    if head < pending.count { return false }
    if _slowPath(head > 0) { forgetTakenActions() }
    isRunning = false
    return true
  }

  /// Empties the queue after queued actions ran: out of line, so that `endIfEmpty` stays small
  /// enough to be inlined into every dispatch (with this inside, it was a call, about 25
  /// instructions per dispatch).
  @inlinable @inline(never)
  mutating func forgetTakenActions() {
    pending.removeAll(keepingCapacity: true)
    head = 0
  }

  /// The next queued action; only after ``endIfEmpty()`` returned `false`.
  @inlinable
  mutating func takeNext() -> Action {
    let action = pending[head]
    head += 1
    started &+= 1
    if head >= 4096, head * 2 >= pending.count {
      // Drop what has run so a long chain does not keep every action alive.
      pending.removeFirst(head)
      head = 0
    }
    return action
  }

  /// The number of actions waiting.
  @inlinable var count: Int { pending.count - head }

  /// The number the most recently queued action will have when it starts: the queue runs in
  /// order, after the action running now.
  @inlinable var numberOfLastQueued: Int { started &+ count }
}
