import ReduxCore

/// A test store's record of the shared values its store changed since the test last asserted:
/// the value each had then, so that the test describes a shared value's change as it does any
/// other change of the state, exhaustively.
///
/// A shared value is a reference: the state before an action and the state after it hold the
/// same one, so comparing them cannot show its change. Instead, the first write to a root
/// since the last assertion (from the store's reducer or an effect, which run with the test
/// store's dependencies, and so with this log) keeps the value it had. In the test's assertion
/// closure, reads and writes of that root see and change the kept value; afterwards, the test
/// store compares what the closure made of it with the value the store holds.
package final class SharedChangeLog: Sendable {
  package struct Entry {
    let root: any SharedRootProtocol
    /// The value as the test last asserted it.
    var asserted: Any
    /// While an assertion closure runs, the value it describes (`nil` until it writes).
    var expected: Any?
    /// Whether the closure in progress wrote it.
    var writtenByTheTest = false
  }

  /// What the comparison after an assertion found for one shared value.
  package struct Mismatch {
    /// How the value's key names it.
    package let keyDescription: String
    /// The root, to find where the state holds it.
    package let root: ObjectIdentifier
    package let expected: Any
    package let actual: Any
    /// Whether the assertion closure described a change of it.
    package let describedByTheTest: Bool
  }

  private let entries = Locked<[ObjectIdentifier: Entry]>([:])

  /// The log whose assertion closure runs on this task, bound around the closure alone (not
  /// around the effects that run meanwhile).
  @TaskLocal package static var asserting: SharedChangeLog?

  package init() {}

  /// Keeps `value`, the value before a write, if nothing of this root is kept yet.
  /// - Returns: Whether it was kept (the root's log holds go up by one).
  func keepsBefore(_ root: any SharedRootProtocol, value: Any) -> Bool {
    entries.withLock { entries in
      let id = ObjectIdentifier(root)
      guard entries[id] == nil else { return false }
      entries[id] = Entry(root: root, asserted: value)
      return true
    }
  }

  /// The value an assertion closure sees: what it wrote, else the value as last asserted.
  func expectedValue(of root: any SharedRootProtocol) -> Any? {
    entries.withLock { entries in
      entries[ObjectIdentifier(root)].map { $0.expected ?? $0.asserted }
    }
  }

  /// A write from an assertion closure: changes the described value, not the root's.
  func modifyExpected<Value, Result>(
    of root: SharedRoot<Value>, current: Value, _ body: (inout Value) throws -> Result
  ) rethrows -> Result {
    let id = ObjectIdentifier(root)
    let (described, isNew) = entries.withLock { entries -> (Value, Bool) in
      if let entry = entries[id] { return ((entry.expected ?? entry.asserted) as! Value, false) }
      // A value the store did not change: the test says it changed, which the comparison
      // after the closure will report unless it did.
      entries[id] = Entry(root: root, asserted: current)
      return (current, true)
    }
    if isNew { root.heldByLog(1) }
    var value = described
    let result = try body(&value)
    entries.withLock { entries in
      entries[id]?.expected = value
      entries[id]?.writtenByTheTest = true
    }
    return result
  }

  /// The values now of every root changed since the last assertion: what a test store keeps
  /// with each action that reached the reducer.
  package func valuesNow() -> [ObjectIdentifier: Any] {
    // The roots are read after the log's lock is let go: a root's write takes its own lock
    // and then the log's, never the other way round.
    let roots = entries.withLock { $0.map { ($0.key, $0.value.root) } }
    return Dictionary(uniqueKeysWithValues: roots.map { ($0.0, $0.1.currentValue) })
  }

  /// Compares what the assertion closure described with `actual` (the values after the
  /// asserted action), then takes `actual` as asserted.
  /// - Parameters:
  ///   - actual: The values after the asserted action, by root.
  ///   - exhaustive: Whether a change the closure did not describe is a mismatch.
  /// - Returns: Whether the action changed a shared value, and where the description is wrong.
  package func settle(actual: [ObjectIdentifier: Any], exhaustive: Bool) -> (
    changed: Bool, mismatches: [Mismatch]
  ) {
    var changed = false
    var mismatches: [Mismatch] = []
    var released: [any SharedRootProtocol] = []
    let current = valuesNow()
    entries.withLock { entries in
      for (id, entry) in entries {
        let after = actual[id] ?? entry.asserted
        if equalIfEquatable(entry.asserted, after) != true { changed = true }
        let described = entry.expected ?? entry.asserted
        if exhaustive || entry.writtenByTheTest, equalIfEquatable(described, after) != true {
          mismatches.append(
            Mismatch(
              keyDescription: entry.root.keyDescription, root: id, expected: described, actual: after,
              describedByTheTest: entry.writtenByTheTest))
        }
        // Kept while a later action (or an effect) changed it again. A root missing from
        // `current` was first written after `current` was read, by an effect running
        // meanwhile: that write belongs to a later assertion, so it is kept too.
        if let now = current[id], equalIfEquatable(now, after) == true {
          entries[id] = nil
          released.append(entry.root)
        } else {
          entries[id] = Entry(root: entry.root, asserted: after)
        }
      }
    }
    for root in released { root.heldByLog(-1) }
    return (changed, mismatches)
  }

  /// Takes `actual` as asserted without a check: the test skipped the actions that made it.
  package func accept(_ actual: [ObjectIdentifier: Any]) {
    _ = settle(actual: actual, exhaustive: false)
  }
}
