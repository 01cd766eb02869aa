/// A class store that reacts to each change with the state after and before it: conform to it
/// and write ``computed(new:old:)``.
///
/// Conforming is what turns the hook on, decided by the compiler when the store is declared: a
/// store that does not conform keeps no previous state and pays nothing, and one that conforms
/// is called after every change, whatever its code does (there is no `super` to forget or to
/// call by mistake).
///
/// ```swift
/// final class LevelStore: CommitStore<ScoreState>, ComputesDerivedState {
///   var levelUps = 0
///   func computed(new: ScoreState, old: ScoreState) {
///     if new.level > old.level { levelUps += 1 }
///   }
/// }
/// ```
@MainActor
public protocol ComputesDerivedState<State>: AnyObject {
  /// The state of the store.
  associatedtype State

  /// Called after each commit that changed the state (for an `Equatable` state; after every
  /// commit otherwise) with the state after and before it, before any other observer.
  ///
  /// Keep derived values in step, or react to a transition. Committing from here is fine: the
  /// commit is queued and runs next.
  ///
  /// ```swift
  /// final class WatchedStore: CommitStore<CounterState>, ComputesDerivedState {
  ///   func computed(new: CounterState, old: CounterState) {
  ///     if new.count > 100, old.count <= 100 { print("past one hundred") }
  ///   }
  /// }
  /// ```
  /// - Parameters:
  ///   - new: The state after the commit.
  ///   - old: The state before it.
  /// - Complexity: The store keeps the previous state for it, so the next change to a large
  ///   collection in the state copies that collection once.
  func computed(new: State, old: State)
}
