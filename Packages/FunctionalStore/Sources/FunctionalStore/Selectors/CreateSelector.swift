/// A selector of one input, computed again only when that input changed.
///
/// ```swift
/// let unread = createSelector(\LibraryState.books) { books in books.all.filter { !$0.isRead } }
/// ```
/// - Parameters:
///   - a: The input: a field of the state.
///   - result: Computes the output from the input.
/// - Returns: The selector.
@inlinable
public func createSelector<State, A: Equatable, Output>(
  _ a: KeyPath<State, A>, _ result: @escaping (A) -> Output
) -> MemoizedSelector<State, Output> {
  MemoizedSelector(
    inputs: { $0[keyPath: a] }, fields: { $0.read(a) }, same: { $0 == $1 }, result: result)
}

/// A selector of two inputs, computed again only when one of them changed.
///
/// ```swift
/// struct Shelf: Equatable, Sendable {
///   var books = EntityState<Book>()
///   var query = ""
/// }
/// let matching = createSelector(\Shelf.books, \Shelf.query) { books, query in
///   books.all.filter { query.isEmpty || $0.title.contains(query) }
/// }
/// ```
/// - Parameters:
///   - a: The first input.
///   - b: The second input.
///   - result: Computes the output from the inputs.
/// - Returns: The selector.
@inlinable
public func createSelector<State, A: Equatable, B: Equatable, Output>(
  _ a: KeyPath<State, A>, _ b: KeyPath<State, B>, _ result: @escaping (A, B) -> Output
) -> MemoizedSelector<State, Output> {
  MemoizedSelector(
    inputs: { ($0[keyPath: a], $0[keyPath: b]) }, fields: { ($0.read(a), $0.read(b)) },
    same: { $0 == $1 }, result: result)
}

/// A selector of three inputs, computed again only when one of them changed.
///
/// ```swift
/// struct Shelf: Equatable, Sendable {
///   var books = EntityState<Book>()
///   var query = ""
///   var unreadOnly = false
/// }
/// let shown = createSelector(\Shelf.books, \Shelf.query, \Shelf.unreadOnly) { books, query, unreadOnly in
///   books.all.filter { (query.isEmpty || $0.title.contains(query)) && (!unreadOnly || !$0.isRead) }
/// }
/// ```
/// - Parameters:
///   - a: The first input.
///   - b: The second input.
///   - c: The third input.
///   - result: Computes the output from the inputs.
/// - Returns: The selector.
@inlinable
public func createSelector<State, A: Equatable, B: Equatable, C: Equatable, Output>(
  _ a: KeyPath<State, A>, _ b: KeyPath<State, B>, _ c: KeyPath<State, C>,
  _ result: @escaping (A, B, C) -> Output
) -> MemoizedSelector<State, Output> {
  MemoizedSelector(
    inputs: { ($0[keyPath: a], $0[keyPath: b], $0[keyPath: c]) },
    fields: { ($0.read(a), $0.read(b), $0.read(c)) }, same: { $0 == $1 }, result: result)
}

/// A selector of any number of inputs, each a function of the state (Reselect's input
/// selectors): another selector (`{ selectTodos($0) }`), a computation, a key path. Computed
/// again only when one input's value changed, compared with `==`. Read through a store
/// (`store.select(_:)`), it watches the whole state; the key-path forms above watch only their
/// fields, and are the ones for a view.
///
/// ```swift
/// let unreadCount = createSelector({ (state: LibraryState) in unread(state) }) { books in books.count }
/// ```
///
/// `cacheSize` is Reselect's `lruMemoize` `maxSize`: how many sets of inputs, the most recently
/// used, the selector keeps outputs for (one by default).
/// - Parameters:
///   - inputs: The inputs, functions of the state.
///   - cacheSize: How many sets of inputs and their outputs to keep; at least 1.
///   - result: Computes the output from the inputs' values.
/// - Returns: The selector.
@inlinable
public func createSelector<State, each Input: Equatable, Output>(
  _ inputs: repeat @escaping (State) -> each Input, cacheSize: Int = 1,
  result: @escaping (repeat each Input) -> Output
) -> MemoizedSelector<State, Output> {
  selectorOfEquatableInputs(
    repeat each inputs, cacheSize: cacheSize, resultEqualityCheck: nil, result: result)
}

/// A selector whose output, when equal to one it keeps by `resultEqualityCheck`, is given as
/// that one (Reselect's `memoizeOptions: { resultEqualityCheck }`): what reads it next sees the
/// value it already has (a reference it already holds, an array that shares its storage and
/// compares at once). Its inputs are compared with `==`.
///
/// ```swift
/// let unreadTitles = createSelector(
///   { (state: LibraryState) in state.books }, resultEqualityCheck: { $0 == $1 }
/// ) { books in books.all.filter { !$0.isRead }.map(\.title) }
/// ```
/// - Parameters:
///   - inputs: The inputs, functions of the state.
///   - cacheSize: How many sets of inputs and their outputs to keep; at least 1.
///   - resultEqualityCheck: Whether a computed output is the same as one kept.
///   - result: Computes the output from the inputs' values.
/// - Returns: The selector.
@inlinable
public func createSelector<State, each Input: Equatable, Output>(
  _ inputs: repeat @escaping (State) -> each Input, cacheSize: Int = 1,
  resultEqualityCheck: @escaping (Output, Output) -> Bool,
  result: @escaping (repeat each Input) -> Output
) -> MemoizedSelector<State, Output> {
  selectorOfEquatableInputs(
    repeat each inputs, cacheSize: cacheSize, resultEqualityCheck: resultEqualityCheck, result: result)
}

/// A selector of one input compared by `equalityCheck` instead of `==` (Reselect's
/// `memoizeOptions: { equalityCheck }`), so the input need not be `Equatable`; with
/// `resultEqualityCheck`, as ``createSelector(_:cacheSize:resultEqualityCheck:result:)``.
///
/// ```swift
/// let titles = createSelector(
///   { (state: LibraryState) in state.books.all }, equalityCheck: { $0.map(\.id) == $1.map(\.id) }
/// ) { books in books.map(\.title) }
/// ```
///
/// Several inputs compared by one check are one input that returns them together (a tuple or
/// a struct).
/// - Parameters:
///   - input: The input, a function of the state.
///   - cacheSize: How many inputs and their outputs to keep; at least 1.
///   - equalityCheck: Whether the input read now is the same as one kept.
///   - resultEqualityCheck: Whether a computed output is the same as one kept; `nil` keeps
///     every computed output as it is.
///   - result: Computes the output from the input's value.
/// - Returns: The selector.
@inlinable
public func createSelector<State, Input, Output>(
  _ input: @escaping (State) -> Input, cacheSize: Int = 1,
  equalityCheck: @escaping (Input, Input) -> Bool,
  resultEqualityCheck: ((Output, Output) -> Bool)? = nil,
  result: @escaping (Input) -> Output
) -> MemoizedSelector<State, Output> {
  MemoizedSelector(
    inputs: input, fields: { reader in input(reader.readWhole()) }, same: equalityCheck, result: result,
    cacheSize: cacheSize, sameOutput: resultEqualityCheck)
}

/// The selector of the functions above whose inputs are compared with `==`.
@inlinable
func selectorOfEquatableInputs<State, each Input: Equatable, Output>(
  _ inputs: repeat @escaping (State) -> each Input, cacheSize: Int,
  resultEqualityCheck: ((Output, Output) -> Bool)?, result: @escaping (repeat each Input) -> Output
) -> MemoizedSelector<State, Output> {
  let values: (State) -> (repeat each Input) = { state in (repeat (each inputs)(state)) }
  let wholeState: (any FieldReader<State>) -> (repeat each Input) = { reader in values(reader.readWhole()) }
  let same: ((repeat each Input), (repeat each Input)) -> Bool = { last, now in
    for (one, other) in repeat (each last, each now) {
      if one != other { return false }
    }
    return true
  }
  let output: ((repeat each Input)) -> Output = { inputs in result(repeat each inputs) }
  return MemoizedSelector(
    inputs: values, fields: wholeState, same: same, result: output, cacheSize: cacheSize,
    sameOutput: resultEqualityCheck)
}
