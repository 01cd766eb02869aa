internal import DequeModule

/// The states a history can go back to, as the part of the state it covers: one per step, the
/// oldest first, and which one the store shows. Kept in a deque, so that a step costs O(1)
/// whatever the limit: the newest is appended, the oldest dropped from the front.
///
/// A class whose one subclass knows the part's type, so that ``StoreHistory`` is generic over
/// the store's state and action only, whatever part it covers.
class HistorySteps<State> {
  /// The step shown now, `0` being the oldest kept.
  var position = 0
  /// How many steps there are, the one shown included.
  var count: Int { fatalError("HistorySteps is abstract") }
  /// Whether the part of `state` differs from the step shown.
  func differs(_ state: State) -> Bool { fatalError("HistorySteps is abstract") }
  /// Adds `state`'s part as the newest step and shows it, dropping the steps after the one
  /// shown (a new action after an undo ends the redo branch) and the oldest beyond `limit`.
  func push(_ state: State, limit: Int) { fatalError("HistorySteps is abstract") }
  /// Replaces the step shown with `state`'s part.
  func replaceShown(with state: State) { fatalError("HistorySteps is abstract") }
  /// `state` with its part set to the step shown.
  func applyShown(to state: State) -> State { fatalError("HistorySteps is abstract") }
  /// Keeps only the step shown.
  func keepOnlyShown() { fatalError("HistorySteps is abstract") }
  /// Drops the oldest steps until at most `limit` come before the one shown.
  func trim(to limit: Int) { fatalError("HistorySteps is abstract") }
}

/// The steps of one part of the state (the whole state being one), read and written by
/// functions made once: no key path is applied through the runtime per action.
final class PartSteps<State, Part: Equatable>: HistorySteps<State> {
  private let read: (State) -> Part
  private let write: (inout State, Part) -> Void
  private var steps: Deque<Part>

  init(_ state: State, read: @escaping (State) -> Part, write: @escaping (inout State, Part) -> Void) {
    self.read = read
    self.write = write
    steps = [read(state)]
  }

  override var count: Int { steps.count }

  override func differs(_ state: State) -> Bool { read(state) != steps[position] }

  override func push(_ state: State, limit: Int) {
    if position < steps.count - 1 { steps.removeLast(steps.count - 1 - position) }
    steps.append(read(state))
    if steps.count > limit + 1 { steps.removeFirst(steps.count - limit - 1) }
    position = steps.count - 1
  }

  override func replaceShown(with state: State) { steps[position] = read(state) }

  override func applyShown(to state: State) -> State {
    var state = state
    write(&state, steps[position])
    return state
  }

  override func keepOnlyShown() {
    steps = [steps[position]]
    position = 0
  }

  override func trim(to limit: Int) {
    let extra = position - limit
    guard extra > 0 else { return }
    steps.removeFirst(extra)
    position -= extra
  }
}
