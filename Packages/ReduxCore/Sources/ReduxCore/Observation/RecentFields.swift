/// A few field observations by the identity of the key path object that found them, in slots
/// chosen by its address: found with a pointer comparison, no hashing.
///
/// The slots are made at the first field read: a store nobody reads a field of (most stores on a
/// server) does not carry them (576 bytes, two fifths of an idle store).
@usableFromInline
struct RecentFields<State> {
  @usableFromInline static var slotCount: Int { 32 }
  @usableFromInline var keyPaths: [AnyKeyPath?] = []
  @usableFromInline var observations: [FieldObservation<State>?] = []

  @inlinable init() {}

  @inlinable
  static func slot(of keyPath: AnyKeyPath) -> Int {
    // Objects are at least 16-byte aligned: the low bits say nothing.
    Int(truncatingIfNeeded: UInt(bitPattern: ObjectIdentifier(keyPath)) >> 4) & (slotCount - 1)
  }

  @inlinable
  subscript(keyPath: AnyKeyPath) -> FieldObservation<State>? {
    get {
      if keyPaths.isEmpty { return nil }
      let slot = Self.slot(of: keyPath)
      return keyPaths[slot] === keyPath ? observations[slot] : nil
    }
    set {
      if keyPaths.isEmpty {
        keyPaths = Array(repeating: nil, count: Self.slotCount)
        observations = Array(repeating: nil, count: Self.slotCount)
      }
      let slot = Self.slot(of: keyPath)
      keyPaths[slot] = keyPath
      observations[slot] = newValue
    }
  }
}
