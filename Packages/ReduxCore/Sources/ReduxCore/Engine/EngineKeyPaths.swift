/// The key path every engine of one state and action type is observed by as a whole, made once
/// per type and shared by all its stores.
///
/// A key path into a generic class is made by the runtime on the heap (72 bytes, an aligned
/// allocation): made per engine, key paths were a sixth of an idle store's memory. Key paths
/// are immutable and compared by value, so one serves every store of the type.
@usableFromInline
struct EngineKeyPaths: Sendable {
  // Safe: a key path is an immutable object, read from any thread.
  nonisolated(unsafe) let tracked: AnyKeyPath

  @usableFromInline
  init(tracked: AnyKeyPath) {
    self.tracked = tracked
  }

  /// The key paths of engines of `type`, made by `make` the first time a store of it is made.
  @usableFromInline
  static func of(_ type: Any.Type, make: () -> EngineKeyPaths) -> EngineKeyPaths {
    let key = ObjectIdentifier(type)
    if let kept = made.withLock({ $0[key] }) { return kept }
    let new = make()
    return made.withLock { kept in
      if let earlier = kept[key] { return earlier }
      kept[key] = new
      return new
    }
  }

  /// Every engine type's key paths, for the life of the process (a few per state type).
  private static let made = Locked<[ObjectIdentifier: EngineKeyPaths]>([:])
}
