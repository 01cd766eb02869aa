/// The states a history can go back to, as the part of the state it covers: one per step, the
/// oldest first, and which one the store shows; and how actions make steps.
///
/// A class whose one subclass knows the part's type, so that ``StoreHistory`` is generic over
/// the store's state and action only, whatever part it covers.
//
// Exclusivity: the mutable properties here and in `PartSteps` skip dynamic exclusivity checks,
// which were most of a step's cost. It is safe for the reason the engine gives: the object is
// not `Sendable`, so one isolation domain uses it, one thread at a time, and no access can
// overlap another (the user's closures it calls, `ignoring` and `groupingBy`, cannot reach it).
@usableFromInline
class HistorySteps<State, Action> {
  /// The step shown now, `0` being the oldest kept.
  @exclusivity(unchecked) @usableFromInline var position = 0
  /// The group of the action that made the step shown, if it was grouped and nothing moved since.
  @exclusivity(unchecked) @usableFromInline var lastGroup: String?
  /// Called after each step while someone observes the history (it tells them what changed).
  @exclusivity(unchecked) @usableFromInline var onStep: (() -> Void)?

  @usableFromInline init() {}

  /// How many steps there are, the one shown included.
  @usableFromInline var count: Int { fatalError("HistorySteps is abstract") }
  /// `state` with its part set to the step shown.
  @usableFromInline func applyShown(to state: State) -> State { fatalError("HistorySteps is abstract") }
  /// Keeps only the step shown.
  @usableFromInline func keepOnlyShown() { fatalError("HistorySteps is abstract") }
  /// Keeps at most `limit` steps before the one shown from now on, dropping the oldest. The
  /// steps after the one shown (redo) are kept; a new step ends them as always, and a redo past
  /// the limit drops the oldest step before it.
  @usableFromInline func setLimit(_ limit: Int) { fatalError("HistorySteps is abstract") }
}

/// The steps of one part of the state (the whole state being one), read and written by
/// functions made once: no key path is applied through the runtime per action.
///
/// The steps are kept in a ring of `limit + 1` places in a plain array: once it is full, a new
/// step takes the oldest one's place, so a step costs one write, with no allocation and no
/// shifting. Its per-action methods are `@inlinable`, so that the module that makes a history
/// compiles them for its own types (unspecialized, a step cost about 30 times more).
@usableFromInline
final class PartSteps<State, Action, Part: Equatable>: HistorySteps<State, Action> {
  @usableFromInline let read: (State) -> Part
  @usableFromInline let write: (inout State, Part) -> Void
  @usableFromInline let ignoring: (Action) -> Bool
  @usableFromInline let groupingBy: (Action) -> String?
  /// The steps; while it has fewer than `capacity` places, the oldest is at `0`.
  @exclusivity(unchecked) @usableFromInline var ring: [Part]
  /// The most places `ring` gets: the limit, plus the step shown. Only after the limit was
  /// lowered while redo steps existed does `ring` hold more, in order from `0`, until the next
  /// step ends them.
  @exclusivity(unchecked) @usableFromInline var capacity: Int
  /// Where the oldest step is in `ring`.
  @exclusivity(unchecked) @usableFromInline var start = 0
  @exclusivity(unchecked) @usableFromInline var stepCount = 1

  @inlinable
  init(
    _ state: State, limit: Int, ignoring: @escaping (Action) -> Bool,
    groupingBy: @escaping (Action) -> String?, read: @escaping (State) -> Part,
    write: @escaping (inout State, Part) -> Void
  ) {
    self.read = read
    self.write = write
    self.ignoring = ignoring
    self.groupingBy = groupingBy
    ring = [read(state)]
    capacity = max(limit, 0) + 1
  }

  @inlinable override var count: Int { stepCount }

  /// Where step `index` (`0` the oldest) lies in `ring`.
  @inlinable func place(_ index: Int) -> Int {
    let place = start + index
    return place < ring.count ? place : place - ring.count
  }

  /// Makes a step of `action` if it changed the part: a new one, or the one shown for an
  /// ignored action or one of the same group as the last.
  @inlinable
  func record(_ action: Action, giving state: State) {
    let part = read(state)
    guard part != ring[place(position)] else { return }
    if ignoring(action) {
      ring[place(position)] = part
      return
    }
    let group = groupingBy(action)
    if let group, group == lastGroup, position == stepCount - 1 {
      ring[place(position)] = part
    } else {
      push(part)
      lastGroup = group
    }
    if let onStep { onStep() }
  }

  /// Adds `part` as the newest step and shows it, dropping the steps after the one shown (a new
  /// action after an undo ends the redo branch) and, once the ring is full, the oldest.
  @inlinable
  func push(_ part: Part) {
    stepCount = position + 1
    if _slowPath(ring.count > capacity) {
      // The limit was lowered while redo steps were kept past it: they end here, and the ring
      // goes back to its size (its steps are in order from 0, as `setLimit` left them).
      ring.removeSubrange(capacity...)
    }
    if stepCount < capacity {
      if stepCount == ring.count {
        ring.append(part)
      } else {
        ring[place(stepCount)] = part
      }
      stepCount += 1
    } else {
      ring[start] = part
      start = start + 1 == ring.count ? 0 : start + 1
    }
    position = stepCount - 1
  }

  @usableFromInline override func applyShown(to state: State) -> State {
    var state = state
    write(&state, ring[place(position)])
    return state
  }

  @usableFromInline override func keepOnlyShown() {
    ring = [ring[place(position)]]
    start = 0
    stepCount = 1
    position = 0
  }

  @usableFromInline override func setLimit(_ limit: Int) {
    let limit = max(limit, 0)
    let dropped = max(position - limit, 0)
    // The steps kept, in order: at most `limit` before the one shown, and those after it.
    let kept = (dropped..<stepCount).map { ring[place($0)] }
    ring = kept
    start = 0
    stepCount = kept.count
    position -= dropped
    capacity = limit + 1
  }
}
