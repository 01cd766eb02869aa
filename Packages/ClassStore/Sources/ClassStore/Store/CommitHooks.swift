/// The work a store runs before and after each commit, inside the commit.
///
/// The reducer holds this instead of the store, so the engine never holds its store.
@usableFromInline
final class CommitHooks<State> {
  // Exclusivity: set once, when the store is created, and then only read by the reducer on the
  // store's domain; no access can overlap another.
  @exclusivity(unchecked) @usableFromInline var before: [(inout State) -> Void] = []
  @exclusivity(unchecked) @usableFromInline var after: [(inout State) -> Void] = []

  @usableFromInline init() {}

  /// Applies one commit: the before-works, the mutation, then the after-works.
  @inlinable
  func apply(_ commit: Commit<State>, to state: inout State) {
    if !before.isEmpty {
      for work in before { work(&state) }
    }
    commit.mutate(&state)
    if !after.isEmpty {
      for work in after { work(&state) }
    }
  }
}
