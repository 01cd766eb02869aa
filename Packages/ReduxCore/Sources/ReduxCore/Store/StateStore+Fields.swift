extension StateStore {
  /// A field of the state, read as a member of the store: `store.count` is `store.state.count`,
  /// except that Observation (`withObservationTracking`, a SwiftUI body) tracks `count` alone.
  /// The reader is told after a dispatch that changed `count`, not after one that changed
  /// another field.
  ///
  /// A member reads one level: `store.settings.theme` tracks `settings` (any change in it). To
  /// track a deeper field alone, name its whole path with ``state(_:)-2t7pl``.
  ///
  /// ```swift
  /// withObservationTracking {
  ///   print("count:", store.count)
  /// } onChange: {
  ///   print("count changed")
  /// }
  /// ```
  @inlinable
  public subscript<Value: Equatable>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
    engine.state(keyPath)
  }

  /// A field whose type is not `Equatable`, read as a member of the store: tracked on its own,
  /// but reported after every dispatch, since nothing can tell whether it changed.
  ///
  /// ```swift
  /// struct Screen { var formatter = NumberFormatter() }
  /// let screen = createStore(reducer: ReduxReducer<Screen, Int> { _, _ in }, initialState: Screen())
  /// let formatter = screen.formatter
  /// ```
  @inlinable
  public subscript<Value>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
    engine.state(keyPath)
  }

  /// A field of the state at any depth, tracked by Observation on its own: the reader is told
  /// only after a dispatch that changed that value (compared with `==`).
  ///
  /// ```swift
  /// let theme = store.state(\.settings.theme)
  /// let count = store.state(\.todos.count)
  /// ```
  ///
  /// Read a row of a list with ``state(_:id:)`` (`store.state(\.todos, id: 2)`): a path through
  /// a subscript (`\.todos[id: 2]`) is applied by the runtime after every action, 10 to 50 times
  /// the cost, and a process that watches 20 rows that way is warned once.
  /// - Parameter keyPath: The path to the field.
  /// - Returns: The field's current value.
  @inlinable
  public func state<Value: Equatable>(_ keyPath: KeyPath<State, Value>) -> Value {
    engine.state(keyPath)
  }

  /// A field whose type is not `Equatable`, at any depth: tracked on its own, but reported after
  /// every dispatch, since nothing can tell whether it changed.
  ///
  /// ```swift
  /// struct Display { var formatter = NumberFormatter() }
  /// struct Screen { var display = Display() }
  /// let screen = createStore(reducer: ReduxReducer<Screen, Int> { _, _ in }, initialState: Screen())
  /// let formatter = screen.state(\.display.formatter)
  /// ```
  /// - Parameter keyPath: The path to the field.
  /// - Returns: The field's current value.
  @inlinable
  public func state<Value>(_ keyPath: KeyPath<State, Value>) -> Value {
    engine.state(keyPath)
  }
}
