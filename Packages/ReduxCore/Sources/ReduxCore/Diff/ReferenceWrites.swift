/// The writes, during one action, to values a state holds by reference (a shared value), which
/// a diff of the state before and after cannot see: both hold the same reference. The logging
/// middleware and the session recorder bind one around the action, and add its changes to the
/// state's.
package final class ReferenceWrites: Sendable {
  private struct Write {
    let name: String
    let before: String
    let now: @Sendable () -> String
  }

  /// The writes being collected here, if a diff is being made.
  @TaskLocal package static var current: ReferenceWrites?

  private let writes = Locked<[ObjectIdentifier: Write]>([:])
  private let order = Locked<[ObjectIdentifier]>([])

  package init() {}

  /// Notes a write to the value `id`, named `name` in a change, with its value before; a later
  /// write to the same value keeps the first one's.
  package func wrote(
    _ id: ObjectIdentifier, name: String, before: @autoclosure () -> String,
    now: @escaping @Sendable () -> String
  ) {
    let isFirst = writes.withLock { writes in
      guard writes[id] == nil else { return false }
      writes[id] = Write(name: name, before: before(), now: now)
      return true
    }
    if isFirst { order.withLock { $0.append(id) } }
  }

  /// The changes the writes made, in the order of the first write to each value; a value
  /// written back to what it was is left out.
  package var changes: [StateChange] {
    let ids = order.withLock { $0 }
    return ids.compactMap { id in
      guard let write = writes.withLock({ $0[id] }) else { return nil }
      let now = write.now()
      return now == write.before ? nil : StateChange(path: write.name, old: write.before, new: now)
    }
  }
}
