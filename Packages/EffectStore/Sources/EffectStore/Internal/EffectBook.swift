/// The effect runner's bookkeeping as a plain value: which work is running under which
/// cancellation ids, and which list elements' scopes have work. It holds no task and no store,
/// so every rule of cancellation (by id, by an element leaving, of everything) is decided here
/// and tested on its own; the runner only carries out what it returns.
///
/// ```swift
/// var book = EffectBook<Task<Void, Never>>()
/// book.start(cancelIDs: [searchID]) { number in Task { ... } }
/// for task in book.cancel(id: searchID) { task.cancel() }
/// ```
///
/// `Work` is what the runner keeps per running piece of work (its task and its lifetime).
@usableFromInline
struct EffectBook<Work> {
  /// The number of a piece of work, given when it starts.
  typealias Number = Int

  private var running: [Number: Work] = [:]
  private var numbersByCancelID: [EffectID: Set<Number>] = [:]
  /// The element scopes with work started, and how to tell they are still in the state.
  @usableFromInline var scopes: [EffectID: (Any) -> Bool] = [:]
  private var lastNumber = 0

  /// Starts work under `cancelIDs`: `start` is given the work's number (to report with when it
  /// finishes) and returns the work, which is recorded.
  mutating func start(cancelIDs: [EffectID], _ start: (Number) -> Work) -> Work {
    lastNumber += 1
    let work = start(lastNumber)
    running[lastNumber] = work
    for id in cancelIDs { numbersByCancelID[id, default: []].insert(lastNumber) }
    return work
  }

  /// Forgets work that finished; its ids no longer cancel anything.
  mutating func finished(_ number: Number, cancelIDs: [EffectID]) {
    running[number] = nil
    for id in cancelIDs {
      numbersByCancelID[id]?.remove(number)
      if numbersByCancelID[id]?.isEmpty == true { numbersByCancelID[id] = nil }
    }
  }

  /// Takes out the running work started under `id`: the runner cancels what it returns.
  mutating func cancel(id: EffectID) -> [Work] {
    guard let numbers = numbersByCancelID.removeValue(forKey: id) else { return [] }
    return numbers.sorted().compactMap { running.removeValue(forKey: $0) }
  }

  /// Takes out all running work and forgets every id and scope: the store is going.
  mutating func cancelAll() -> [Work] {
    let all = running.sorted { $0.key < $1.key }.map(\.value)
    running.removeAll()
    numbersByCancelID.removeAll()
    scopes.removeAll()
    return all
  }

  /// Records that an element's scope started work; `isAlive` tells, from the store's state,
  /// whether the element is still there.
  mutating func scopeStarted(_ id: EffectID, isAlive: @escaping (Any) -> Bool) {
    scopes[id] = isAlive
  }

  /// Whether any element scope may have work to cancel when its element leaves.
  @inlinable var hasScopes: Bool { !scopes.isEmpty }

  /// The scopes whose element left `state` while they still have work: the runner cancels each
  /// (``cancel(id:)``). Scopes with no work left are forgotten.
  mutating func scopesWhoseElementLeft(_ state: Any) -> [EffectID] {
    var left: [EffectID] = []
    for (id, isAlive) in scopes {
      if numbersByCancelID[id] == nil {
        scopes[id] = nil
      } else if !isAlive(state) {
        left.append(id)
        scopes[id] = nil
      }
    }
    return left
  }

  /// How much work is running.
  var runningCount: Int { running.count }

  /// The numbers of the work running, not counting those in `returned`.
  func runningNumbers(excluding returned: Set<Number>) -> [Number] {
    running.keys.filter { !returned.contains($0) }.sorted()
  }

  /// How much work is running, not counting the numbers in `returned`.
  func runningCount(excluding returned: Set<Number>) -> Int {
    returned.isEmpty ? running.count : running.keys.count { !returned.contains($0) }
  }
}
