internal import ReduxCore

/// One store's runtime in its API's registry.
struct RuntimeSlot: @unchecked Sendable {
  // `@unchecked`: the registry only stores and drops these under its lock; `runtime` is used
  // only on its store's actor (it is reached through the store, which lives there), and `store`
  // is only compared, weakly, to tell a slot whose store is gone.
  weak var store: AnyObject?
  let runtime: AnyObject
}

extension QueryAPI {
  /// The runtime of `store`, made at its first query; runtimes of stores that are gone are let
  /// go (their timers and polls end with them).
  func runtime(for store: ReduxStore<State, PayloadAction>) -> QueryRuntime<State> {
    let id = ObjectIdentifier(store)
    return runtimes.withLock { slots in
      if let slot = slots[id], slot.store === store, let runtime = slot.runtime as? QueryRuntime<State> {
        return runtime
      }
      slots = slots.filter { $0.value.store != nil }
      let runtime = QueryRuntime(api: self, store: store)
      slots[id] = RuntimeSlot(store: store, runtime: runtime)
      return runtime
    }
  }
}

/// The ids of query and mutation requests: one sequence for the process.
enum QueryRequestIDs {
  private static let last = Locked(0)

  static func next() -> Int {
    last.withLock { last in
      last += 1
      return last
    }
  }
}
