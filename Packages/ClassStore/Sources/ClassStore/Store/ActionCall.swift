/// One call of a class-based store's action method, as an action hook sees it (what Pinia's
/// `$onAction` and Vuex's `subscribeAction` receive): its name and arguments, and where to say
/// what to do when it ends.
///
/// ```swift
/// final class TallyStore: CommitStore<CounterState> {
///   init() { super.init(state: CounterState()) }
///   func add(_ amount: Int) { action(arguments: [amount]) { commit { $0.count += amount } } }
/// }
/// let tally = TallyStore()
/// let timing = tally.onAction { call in
///   let started = ContinuousClock.now
///   call.after { _ in print(call.name, call.arguments, ContinuousClock.now - started) }
///   call.onError { error in print(call.name, "failed:", error) }
/// }
/// tally.add(2)  // add(_:) [2] 0.000012 seconds
/// ```
///
/// > Note: It belongs to its store's isolation domain, like the store.
public final class ActionCall {
  // Exclusivity: used in the store's isolation domain only, and no access overlaps another
  // (work reported iterates a copy), so the per-call checks (a third of a hooked call's cost)
  // are skipped.
  /// The action method's name (`add(_:)`), or the name it gave.
  @exclusivity(unchecked) public private(set) var name: String
  /// The arguments the method gave `action(arguments:)`, if any.
  @exclusivity(unchecked) public private(set) var arguments: [Any]
  @exclusivity(unchecked) private var afterWork: [(Any) -> Void] = []
  @exclusivity(unchecked) private var errorWork: [(any Error) -> Void] = []

  init(name: String, arguments: [Any]) {
    self.name = name
    self.arguments = arguments
  }

  /// Makes a finished call, which no hook kept, the next one: no allocation per call.
  func reuse(name: String, arguments: [Any]) {
    self.name = name
    self.arguments = arguments
  }

  /// Runs `work` when the action returns (after its `await`s, for an async one), with its
  /// result (`()` for a method that returns nothing).
  ///
  /// ```swift
  /// final class TallyStore: CommitStore<CounterState> {
  ///   init() { super.init(state: CounterState()) }
  ///   func total() -> Int { action { state.count } }
  /// }
  /// let logging = TallyStore().onAction { call in
  ///   call.after { result in print(call.name, "returned", result) }  // total() returned 0
  /// }
  /// ```
  /// - Parameter work: Called once, with the result.
  public func after(_ work: @escaping (Any) -> Void) {
    afterWork.append(work)
  }

  /// Runs `work` when the action throws, with the error (which the action still throws).
  ///
  /// ```swift
  /// final class TallyStore: CommitStore<CounterState> {
  ///   init() { super.init(state: CounterState()) }
  /// }
  /// let reporting = TallyStore().onAction { call in
  ///   call.onError { error in print(call.name, "failed:", error) }
  /// }
  /// ```
  /// - Parameter work: Called once, with the error.
  public func onError(_ work: @escaping (any Error) -> Void) {
    errorWork.append(work)
  }

  /// Reports the result, and lets go of the work: a hook's `after { }` usually captures the call
  /// itself, which would otherwise keep it (and what it captures) forever.
  @usableFromInline
  func returned(_ result: Any) {
    if afterWork.isEmpty && errorWork.isEmpty { return }
    let work = afterWork
    afterWork.removeAll(keepingCapacity: true)
    errorWork.removeAll(keepingCapacity: true)
    for end in work { end(result) }
  }

  /// Reports the error, and lets go of the work (as ``returned(_:)`` does).
  @usableFromInline
  func threw(_ error: any Error) {
    if afterWork.isEmpty && errorWork.isEmpty { return }
    let work = errorWork
    afterWork.removeAll(keepingCapacity: true)
    errorWork.removeAll(keepingCapacity: true)
    for end in work { end(error) }
  }
}

/// The action hooks of one store, in the order they were added.
//
// Exclusivity: used in the store's isolation domain only (it is not `Sendable`), and no access
// overlaps another: a hook that adds or removes a hook meanwhile changes `hooks`, which `start`
// iterates as a copy.
@usableFromInline
final class ActionHooks {
  @exclusivity(unchecked) private var hooks: [(id: Int, hook: (ActionCall) -> Void)] = []
  @exclusivity(unchecked) private var lastID = 0
  /// A finished call no hook kept, for the next call to reuse.
  @exclusivity(unchecked) private var spare: ActionCall?

  @usableFromInline init() {}

  @usableFromInline var isEmpty: Bool { hooks.isEmpty }

  func add(_ hook: @escaping (ActionCall) -> Void) -> Int {
    lastID += 1
    hooks.append((lastID, hook))
    return lastID
  }

  /// Removes every hook: the store was disposed of (Pinia's `$dispose` empties them too).
  func removeAll() {
    hooks.removeAll()
  }

  func remove(_ id: Int) {
    hooks.removeAll { $0.id == id }
  }

  /// Tells every hook that an action starts; returns the call, to report how it ends.
  @usableFromInline
  func start(_ name: String, _ arguments: [Any]) -> ActionCall {
    let call: ActionCall
    if let spare {
      self.spare = nil
      spare.reuse(name: name, arguments: arguments)
      call = spare
    } else {
      call = ActionCall(name: name, arguments: arguments)
    }
    for entry in hooks { entry.hook(call) }
    return call
  }

  /// Keeps a finished call for the next one, unless a hook kept it.
  @usableFromInline
  func end(_ call: inout ActionCall) {
    if isKnownUniquelyReferenced(&call) { spare = call }
  }

  /// Runs a synchronous action between its start and its end.
  @inlinable
  func run<Result>(_ name: String, _ arguments: [Any], _ body: () throws -> Result) rethrows -> Result {
    var call = start(name, arguments)
    defer { end(&call) }
    do {
      let result = try body()
      call.returned(result)
      return result
    } catch {
      call.threw(error)
      throw error
    }
  }

  /// Runs an async action between its start and its end.
  @usableFromInline
  nonisolated(nonsending) func run<Result>(
    _ name: String, _ arguments: [Any], _ body: () async throws -> Result
  ) async rethrows -> Result {
    var call = start(name, arguments)
    defer { end(&call) }
    do {
      let result = try await body()
      call.returned(result)
      return result
    } catch {
      call.threw(error)
      throw error
    }
  }
}
