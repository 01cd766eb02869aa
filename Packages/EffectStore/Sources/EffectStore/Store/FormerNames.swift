/// The reducer/effect store's former name, kept for one release so that old code builds with a
/// warning whose fix-it writes the new one: `FeatureStore`, so that a file importing two styles
/// finds one `Store` per style no more.
///
/// ```swift
/// let store = FeatureStore(initialState: CounterState(), reducer: Counter())   // was: Store(…)
/// ```
@available(*, deprecated, renamed: "FeatureStore")
public typealias Store<State, Action> = FeatureStore<State, Action>
