/// Creates a store from a reducer and an initial state.
public typealias StoreCreator<State, Action> =
  (ReduxReducer<State, Action>, State) -> ReduxStore<State, Action>

/// Turns a store creator into one that makes an enhanced store, as in Redux.
///
/// ```swift
/// let freezeReducer: StoreEnhancer<Int, CounterAction> = { create in
///   { reducer, state in
///     let store = create(reducer, state)
///     return store
///   }
/// }
/// ```
public typealias StoreEnhancer<State, Action> =
  (@escaping StoreCreator<State, Action>) -> StoreCreator<State, Action>
