/// The functional store's former name, kept for one release so that old code builds with a
/// warning whose fix-it writes the new one: `ReduxStore`, so that a file importing two styles
/// finds one `Store` per style no more.
///
/// ```swift
/// let store: ReduxStore<Int, CounterAction> = createStore(reducer: counterReducer, initialState: 0)
/// ```
@available(*, deprecated, renamed: "ReduxStore")
public typealias Store<State, Action> = ReduxStore<State, Action>
