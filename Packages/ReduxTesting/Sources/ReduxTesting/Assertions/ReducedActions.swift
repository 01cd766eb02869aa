/// Every action that reached a store's reducer, with the state right after it, in order: what
/// a test store checks the test's assertions against.
///
/// Filled by the reducer wrapper a test store installs (on the store's own actor, inside its
/// dispatch), read by the test store on the same actor between dispatches. Not `Sendable`: the
/// wrapper closure that holds it is not either, and both stay with the store.
final class ReducedActions<State, Action> {
  struct Entry {
    let action: Action
    let state: State
  }

  private(set) var entries: [Entry] = []
  /// Entries before this one were asserted (or skipped) already.
  private(set) var head = 0

  var pending: ArraySlice<Entry> { entries[head...] }
  var isEmpty: Bool { head == entries.count }

  func record(_ action: Action, _ state: State) {
    entries.append(Entry(action: action, state: state))
  }

  /// Takes the oldest entry not yet asserted.
  func takeNext() -> Entry? {
    guard head < entries.count else { return nil }
    defer { head += 1 }
    return entries[head]
  }

  /// Marks every pending entry as handled; returns them.
  func takeAll() -> ArraySlice<Entry> {
    defer { head = entries.count }
    return entries[head...]
  }

  /// The reducer `reduce`, recording each action into this log.
  func recording(
    _ reduce: @escaping (inout State, Action) -> Void
  ) -> (inout State, Action) -> Void {
    { state, action in
      reduce(&state, action)
      self.record(action, state)
    }
  }
}
