extension ScopedStore: Identifiable where State: Identifiable {
  /// The id of its part: for a row's child store, its row's id. So SwiftUI's `ForEach` takes the
  /// row stores as they come, with no `id:` argument, and keeps each row's view with its row
  /// when rows move.
  ///
  /// ```swift
  /// import SwiftUI
  ///
  /// struct TodoList: View {
  ///   let store: FeatureStore<TodosState, TodosAction>
  ///
  ///   var body: some View {
  ///     List {
  ///       ForEach(store.scope(forEach: \.todos, action: TodosAction.todo)) { row in
  ///         Text(row.title)
  ///       }
  ///     }
  ///   }
  /// }
  /// ```
  ///
  /// Read without Observation tracking: a list's view that only lays the rows out is not told
  /// when a row's fields change. After its row left the collection, a row's store keeps the
  /// row's last value, hence its id.
  public var id: State.ID { engine.untrackedState.id }
}
