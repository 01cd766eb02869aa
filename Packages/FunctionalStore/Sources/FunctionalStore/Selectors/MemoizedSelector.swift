/// Derived data that is computed again only when one of its inputs changed: Reselect's
/// `createSelector`. Make one with `createSelector`, its inputs fields of the state (key paths,
/// up to three) or functions of it (any number, other selectors among them); read it from a listener, a subscription, or a view (`store.select(selector)`, which watches
/// only the inputs). Inputs are compared with `==`; an array or a dictionary that was not
/// changed shares its storage with the last one, which `==` checks first.
///
/// ```swift
/// let unread = createSelector(\LibraryState.books) { books in
///   books.all.filter { !$0.isRead }
/// }
/// let store = createStore(reducer: ReduxReducer<LibraryState, Int> { _, _ in }, initialState: LibraryState())
/// print(unread(store.getState()).count, unread.recomputations)  // 0 1
/// ```
///
/// It keeps the last inputs and output (the last `cacheSize` of them, given to
/// `createSelector`): one selector per place that reads it with its own inputs, or a cache as
/// large as the places; a selector that takes an argument, a row's id, is a
/// ``ParameterizedSelector``. It belongs to the isolation domain that uses it, like the store.
public final class MemoizedSelector<State, Output> {
  /// Computes the output from a state, or returns the last one; says which.
  @usableFromInline let evaluate: (State) -> (output: Output, recomputed: Bool)
  /// The same from the inputs read one by one, so that a view watches only them.
  @usableFromInline let evaluateFields: (any FieldReader<State>) -> (output: Output, recomputed: Bool)

  /// How many times the output was computed.
  public private(set) var recomputations = 0

  /// The output of the last call, `nil` before the first (Reselect's `lastResult()`).
  ///
  /// ```swift
  /// _ = unread(library)
  /// print(unread.lastResult?.count ?? 0)
  /// ```
  public private(set) var lastResult: Output?

  /// Inlinable, so that the inputs' `==` and the result are compiled for the app's types (a
  /// generic `==` of 10,000 entities costs several times a specialized one).
  @inlinable
  init<Inputs>(
    inputs: @escaping (State) -> Inputs,
    fields: @escaping (any FieldReader<State>) -> Inputs,
    same: @escaping (Inputs, Inputs) -> Bool,
    result: @escaping (Inputs) -> Output,
    cacheSize: Int = 1,
    sameOutput: ((Output, Output) -> Bool)? = nil
  ) {
    var cache = SelectorCache<Inputs, Output>(size: cacheSize)
    func memoized(_ inputs: Inputs) -> (output: Output, recomputed: Bool) {
      cache.output(for: inputs, same: same, sameOutput: sameOutput, compute: result)
    }
    evaluate = { state in memoized(inputs(state)) }
    evaluateFields = { reader in memoized(fields(reader)) }
  }

  /// The output for `state`: the last one if the inputs are equal to the last ones.
  ///
  /// ```swift
  /// let count = unread(library).count
  /// ```
  /// - Parameter state: The state.
  /// - Returns: The derived value.
  public func callAsFunction(_ state: State) -> Output {
    let (output, recomputed) = evaluate(state)
    if recomputed { recomputations += 1 }
    lastResult = output
    return output
  }

  /// The output from inputs read through `reader` (a store's per-field reads).
  func read(through reader: any FieldReader<State>) -> Output {
    let (output, recomputed) = evaluateFields(reader)
    if recomputed { recomputations += 1 }
    lastResult = output
    return output
  }

  /// Starts counting ``recomputations`` again from zero.
  ///
  /// ```swift
  /// unread.resetRecomputations()
  /// ```
  public func resetRecomputations() {
    recomputations = 0
  }
}

/// Reads fields of a state one by one (a store, each field tracked on its own).
@usableFromInline
protocol FieldReader<State> {
  associatedtype State
  func read<Value: Equatable>(_ keyPath: KeyPath<State, Value>) -> Value
  /// The whole state, for inputs that are functions of it (watched as a whole).
  func readWhole() -> State
}

/// A store's per-field reads, as a ``FieldReader``.
struct StoreFieldReader<Store: StateStore>: FieldReader {
  let store: Store
  func read<Value: Equatable>(_ keyPath: KeyPath<Store.State, Value>) -> Value { store.state(keyPath) }
  func readWhole() -> Store.State { store.state }
}

extension StateStore {
  /// A memoized selector's output, reading each of its inputs as a field: a view that calls it
  /// is told only when an input changed, and the output is computed again only then.
  ///
  /// ```swift
  /// let unread = createSelector(\LibraryState.books) { books in books.all.filter { !$0.isRead } }
  /// let store = createStore(reducer: ReduxReducer<LibraryState, Int> { _, _ in }, initialState: LibraryState())
  /// let shown = store.select(unread)  // in a SwiftUI body
  /// ```
  /// - Parameter selector: The selector.
  /// - Returns: Its output for the current state.
  public func select<Output>(_ selector: MemoizedSelector<State, Output>) -> Output {
    selector.read(through: StoreFieldReader(store: self))
  }
}
