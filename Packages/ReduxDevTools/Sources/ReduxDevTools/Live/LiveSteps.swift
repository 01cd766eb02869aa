import Foundation

/// The live inspector's part on the store's side: the steps kept for jumps and skips, and the
/// batch of steps not yet handed to the inspector's thread.
///
/// A dispatch costs a write into a ring (the action and the state after it, which shares its
/// storage with the store's) and nothing else: the steps go to the thread a batch at a time,
/// when the store's actor is next free or when the batch is full, so no lock is taken per
/// action. The per-action method is `@inlinable`, so that the module that makes the inspector
/// compiles it for its own types (as `StoreHistory` does).
@usableFromInline
final class LiveSteps<State: Encodable & Sendable, Action> {
  @usableFromInline
  struct Kept {
    @usableFromInline let number: Int
    /// `nil` for step 0, the state the inspector started from.
    @usableFromInline let action: Action?
    @usableFromInline var state: State

    @inlinable init(number: Int, action: Action?, state: State) {
      self.number = number
      self.action = action
      self.state = state
    }
  }

  /// The newest `capacity` steps, step `n` at `n & mask` (`capacity` is a power of two, so
  /// finding a place is a mask, not a division), in three rings of memory of their own rather
  /// than arrays: a write is then a store, with no check that the buffer is unshared and no
  /// bounds check. A slot's number is -1 until it is written, and its action is initialized
  /// only for a step after step 0. The three parts are kept apart, not as one optional step:
  /// replacing a step whole went through the step type's value witnesses, unspecialized (a
  /// class-based commit, with its name, mutation and payload, cost 400 instructions a write).
  @usableFromInline let numbers: UnsafeMutablePointer<Int>
  @usableFromInline let actions: UnsafeMutablePointer<Action>
  @usableFromInline let states: UnsafeMutablePointer<State>
  @usableFromInline let capacity: Int
  @usableFromInline let mask: Int
  /// How many steps the app promises to keep (`stepsKept`), for messages.
  let promised: Int
  @exclusivity(unchecked) @usableFromInline var lastStep: Int
  /// The last step handed to the thread (or dropped).
  @exclusivity(unchecked) @usableFromInline var handedOff: Int
  /// The step at which a hand-off is made at once: a batch's worth after the last one, or after
  /// the last one the thread had no room for.
  @exclusivity(unchecked) @usableFromInline var nextHandOff: Int
  @exclusivity(unchecked) @usableFromInline var isPaused = false
  /// Whether a hand-off is asked of the store's actor and not yet made there: one request at a
  /// time, whatever the number of actions meanwhile.
  @exclusivity(unchecked) @usableFromInline var handOffAsked = false
  /// The most steps kept before a hand-off is made at once.
  @usableFromInline let batchLimit: Int
  /// Asks the store's actor for a hand-off when it is next free; `nil` for a store with no
  /// actor, whose steps are handed off at once.
  @usableFromInline let askForHandOff: (() -> Void)?
  /// The step the store shows after a jump; `nil` when it shows the newest.
  @usableFromInline var shownStep: Int?
  @usableFromInline let session: LiveSession<State>
  @usableFromInline let describe: (Action) -> LiveAction
  @usableFromInline let started = ContinuousClock.now

  init(
    state: State, capacity: Int, session: LiveSession<State>, describe: @escaping (Action) -> LiveAction,
    askForHandOff: (() -> Void)?
  ) {
    promised = capacity
    // Room for the steps kept and the state before the oldest of them.
    self.capacity = max(2, 1 << (Int.bitWidth - (capacity).leadingZeroBitCount))
    mask = self.capacity - 1
    numbers = .allocate(capacity: self.capacity)
    numbers.initialize(repeating: -1, count: self.capacity)
    numbers[0] = 0
    actions = .allocate(capacity: self.capacity)
    states = .allocate(capacity: self.capacity)
    states.initialize(repeating: state, count: self.capacity)
    lastStep = 0
    handedOff = 0
    batchLimit = min(64, self.capacity)
    nextHandOff = batchLimit
    self.session = session
    self.describe = describe
    self.askForHandOff = askForHandOff
  }

  deinit {
    for slot in 0..<capacity where numbers[slot] > 0 { (actions + slot).deinitialize(count: 1) }
    numbers.deallocate()
    actions.deallocate()
    states.deinitialize(count: capacity)
    states.deallocate()
  }

  /// Keeps a step: what the inspector's recorder does after each action. The state is taken,
  /// not borrowed: the recorder's fresh copy moves into the ring, one retain and one release
  /// fewer per action.
  @inlinable
  func record(_ action: Action, giving state: consuming State) {
    if isPaused { return }
    let number = lastStep &+ 1
    lastStep = number
    let slot = number & mask
    if numbers[slot] > 0 { actions[slot] = action } else { (actions + slot).initialize(to: action) }
    numbers[slot] = number
    states[slot] = state
    if number >= nextHandOff {
      handOff()
    } else if !handOffAsked {
      guard let askForHandOff else { return handOff() }
      handOffAsked = true
      askForHandOff()
    }
  }

  /// The kept step `number`, if it is still kept.
  @inlinable
  func kept(_ number: Int) -> Kept? {
    let slot = number & mask
    guard number >= 0, numbers[slot] == number else { return nil }
    return Kept(number: number, action: number > 0 ? actions[slot] : nil, state: states[slot])
  }

  /// Replaces the state kept for step `number`, which is kept (a skip recomputes it, a resume
  /// counts from the state then).
  func restate(_ number: Int, as state: State) {
    states[number & mask] = state
  }

  /// Hands the steps since the last hand-off to the inspector's thread.
  @inlinable
  func handOff() { handOff(then: []) }

  /// Hands the steps since the last hand-off to the inspector's thread, with `extra` after them.
  /// Inlinable, as `record` is: a batch is built from the ring in the caller's module, for its
  /// types (built generically, an entry cost about 50 times more).
  ///
  /// When the thread has not taken what it was given (a burst faster than it encodes), no batch
  /// is built only to be dropped: the steps stay in the ring, and when the thread has room it
  /// asks for a hand-off, which sends the newest steps the ring still keeps and counts the
  /// others as dropped. The newest state always reaches the page.
  @inlinable
  func handOff(then extra: [LiveEntry<State>]) {
    nextHandOff = lastStep &+ batchLimit
    if extra.isEmpty, handedOff < lastStep, !session.hasRoom() { return }
    let time = (ContinuousClock.now - started) / .seconds(1)
    var entries: [LiveEntry<State>] = []
    // The oldest step the ring still keeps.
    let first = max(handedOff + 1, lastStep - capacity + 1)
    let dropped = first - (handedOff + 1)
    if handedOff < lastStep {
      entries.reserveCapacity(lastStep - first + extra.count + 2)
      if shownStep != nil {
        // An action after a jump applied to the state shown: the store is live again.
        shownStep = nil
        entries.append(LiveEntry(kind: .shown(nil), time: time))
      }
      for number in first...lastStep {
        guard let kept = kept(number), let action = kept.action else { continue }
        entries.append(LiveEntry(kind: .step(number, describe(action)), time: time, state: kept.state))
      }
    }
    let steps = lastStep - first + 1
    handedOff = lastStep
    entries.append(contentsOf: extra)
    if !entries.isEmpty || dropped > 0 {
      session.post(LiveBatch(entries, steps: max(steps, 0)), dropped: dropped)
    }
  }

  /// An entry stamped now, for `handOff(then:)`.
  func entry(_ kind: LiveEntry<State>.Kind, before: State? = nil, state: State? = nil) -> LiveEntry<State> {
    LiveEntry(kind: kind, time: (ContinuousClock.now - started) / .seconds(1), before: before, state: state)
  }
}
