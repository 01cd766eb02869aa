/// The class-based store's former name, kept for one release so that old code builds with a
/// warning whose fix-it writes the new one: `CommitStore`, so that a file importing two styles
/// finds one `Store` per style no more.
///
/// ```swift
/// final class Counter: CommitStore<CounterState> { }   // was: Store<CounterState>
/// ```
@available(*, deprecated, renamed: "CommitStore")
public typealias Store<State> = CommitStore<State>
