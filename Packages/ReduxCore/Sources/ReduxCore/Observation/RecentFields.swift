/// A few field observations by the identity of the key path object that found them, in slots
/// chosen by its address: found with a pointer comparison, no hashing.
@usableFromInline
struct RecentFields<State> {
  @usableFromInline static var slotCount: Int { 32 }
  @usableFromInline var keyPaths: [AnyKeyPath?] = Array(repeating: nil, count: slotCount)
  @usableFromInline var observations: [FieldObservation<State>?] = Array(repeating: nil, count: slotCount)

  @inlinable init() {}

  @inlinable
  static func slot(of keyPath: AnyKeyPath) -> Int {
    // Objects are at least 16-byte aligned: the low bits say nothing.
    Int(truncatingIfNeeded: UInt(bitPattern: ObjectIdentifier(keyPath)) >> 4) & (slotCount - 1)
  }

  @inlinable
  subscript(keyPath: AnyKeyPath) -> FieldObservation<State>? {
    get {
      let slot = Self.slot(of: keyPath)
      return keyPaths[slot] === keyPath ? observations[slot] : nil
    }
    set {
      let slot = Self.slot(of: keyPath)
      keyPaths[slot] = keyPath
      observations[slot] = newValue
    }
  }
}
