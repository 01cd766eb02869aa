/// The bytes of a small field with no references, kept to tell whether it changed.
///
/// A stored field of a plain type (numbers, `Bool`, enums without payloads, small structs of
/// those) that did not change has the same bytes: comparing them is a load and a comparison,
/// with no call, where `==` through a closure costs a call per field per dispatch. Bytes that
/// differ are confirmed with `==` by the caller, so a change that `==` calls equal is none.
@usableFromInline
struct FieldBits: Equatable {
  /// Where a field's bytes lie in its root.
  @usableFromInline
  struct Location {
    @usableFromInline let offset: Int
    @usableFromInline let size: Int
    /// Where the two words that hold the field are read, when ``masks`` is set: the field's
    /// offset, or less for a field within 16 bytes of the root's end (the last fields of a
    /// small state), so that both words lie in the root. Otherwise the field's offset.
    @usableFromInline let wordsOffset: Int
    /// Which bits of the two words read at ``wordsOffset`` belong to the field, when the root
    /// has 16 bytes to read; `nil` for a smaller root.
    @usableFromInline let masks: (low: UInt64, high: UInt64)?

    @inlinable
    init(offset: Int, size: Int, rootSize: Int) {
      self.offset = offset
      self.size = size
      guard rootSize >= FieldBits.capacity else {
        wordsOffset = offset
        masks = nil
        return
      }
      wordsOffset = Swift.min(offset, rootSize - FieldBits.capacity)
      let start = offset - wordsOffset
      /// The bits of bytes `from..<to` of the word whose bytes are `0..<8` (little-endian).
      func mask(from: Int, to: Int) -> UInt64 {
        let from = Swift.max(from, 0)
        let to = Swift.min(to, 8)
        guard to > from else { return 0 }
        let bytes = to == 8 && from == 0 ? ~UInt64(0) : (UInt64(1) << (8 * UInt64(to - from))) - 1
        return bytes << (8 * UInt64(from))
      }
      masks = (mask(from: start, to: start + size), mask(from: start - 8, to: start + size - 8))
    }

    /// Where the field starts in the bits read at ``wordsOffset``.
    @inlinable var start: Int { offset - wordsOffset }
  }

  /// The largest field kept this way, in bytes.
  @usableFromInline static let capacity = 16

  @usableFromInline var low: UInt64 = 0
  @usableFromInline var high: UInt64 = 0

  @inlinable init() {}

  /// The bytes at `location` in `root`, read where `root` lies; unused bytes are zero.
  ///
  /// The common sizes are single loads: bytes copied one by one into memory that is then read
  /// as a whole would stall the processor on every dispatch.
  @inlinable
  init<Root>(at location: Location, in root: inout Root) {
    guard location.size > 0 else { return }
    (low, high) = withUnsafeBytes(of: &root) { root in
      if let masks = location.masks {
        // Two words and two masks, whatever the size: no branch on it. (Little-endian.)
        let words = root.baseAddress.unsafelyUnwrapped + location.wordsOffset
        return (
          words.loadUnaligned(as: UInt64.self) & masks.low,
          (words + 8).loadUnaligned(as: UInt64.self) & masks.high
        )
      }
      let field = root.baseAddress.unsafelyUnwrapped + location.offset
      switch location.size {
      case 1: return (UInt64(field.load(as: UInt8.self)), 0)
      case 2: return (UInt64(field.loadUnaligned(as: UInt16.self)), 0)
      case 4: return (UInt64(field.loadUnaligned(as: UInt32.self)), 0)
      case 8: return (field.loadUnaligned(as: UInt64.self), 0)
      case 16: return (field.loadUnaligned(as: UInt64.self), (field + 8).loadUnaligned(as: UInt64.self))
      default: return Self.copy(location.size, bytesAt: field)
      }
    }
  }

  /// The odd sizes, byte by byte; apart, so that the common sizes need no local buffer.
  @inlinable @inline(never)
  static func copy(_ size: Int, bytesAt field: UnsafeRawPointer) -> (UInt64, UInt64) {
    var bits = FieldBits()
    withUnsafeMutableBytes(of: &bits) { bits in
      bits.copyMemory(from: UnsafeRawBufferPointer(start: field, count: size))
    }
    return (bits.low, bits.high)
  }

  /// The value these bytes hold, read from `location` in a root.
  @inlinable
  func load<Value>(as _: Value.Type, from location: Location) -> Value {
    withUnsafeBytes(of: self) { $0.loadUnaligned(fromByteOffset: location.start, as: Value.self) }
  }
}

extension FieldBits.Location {
  /// Where the field at `offset` lies, if it can be compared by its bytes: a stored field of at
  /// most ``FieldBits/capacity`` bytes, of a plain type unless `plainOnly` is `false`.
  ///
  /// A field that holds references (an array, a string, a class) may be compared by its bytes
  /// only by a holder that keeps the value those bytes came from: then equal bytes mean the same
  /// storage (it cannot have been freed and reused), hence an equal value, and a collection
  /// cannot have been changed in place (the kept value shares its storage, so a change copies).
  @inlinable
  static func of<Root, Value>(
    _: Value.Type, at offset: Int?, in _: Root.Type, plainOnly: Bool = true
  ) -> Self? {
    guard let offset, !plainOnly || _isPOD(Value.self), MemoryLayout<Value>.size <= FieldBits.capacity
    else { return nil }
    return Self(offset: offset, size: MemoryLayout<Value>.size, rootSize: MemoryLayout<Root>.size)
  }
}

extension FieldBits {
  /// Whether the stored field at `offset` in `root` has the same bytes as `kept`, read where
  /// both lie, word by word: for fields larger than ``capacity``, by a holder that keeps the
  /// value it compares with (the rule in ``Location/of(_:at:in:plainOnly:)``).
  @inlinable
  static func sameBytes<Root, Value>(at offset: Int, in root: inout Root, as kept: inout Value) -> Bool {
    let size = MemoryLayout<Value>.size
    return withUnsafeBytes(of: &root) { root in
      withUnsafeBytes(of: &kept) { kept in
        let field = root.baseAddress.unsafelyUnwrapped + offset
        let last = kept.baseAddress.unsafelyUnwrapped
        var position = 0
        while position + 8 <= size {
          if field.loadUnaligned(fromByteOffset: position, as: UInt64.self)
            != last.loadUnaligned(fromByteOffset: position, as: UInt64.self)
          {
            return false
          }
          position += 8
        }
        while position < size {
          if field.load(fromByteOffset: position, as: UInt8.self)
            != last.load(fromByteOffset: position, as: UInt8.self)
          {
            return false
          }
          position += 1
        }
        return true
      }
    }
  }
}

/// Whether the stored field at `offset` in `root` has the same bytes as `kept`: for a holder in
/// another module that keeps a collection to compare with (an element follower), where equal
/// bytes mean the same storage and nothing is copied to find out.
///
/// ```swift
/// if sameBytes(at: offset, in: &state, as: &lastRows) { return false }
/// ```
@inlinable
package func sameBytes<Root, Value>(at offset: Int = 0, in root: inout Root, as kept: inout Value) -> Bool {
  FieldBits.sameBytes(at: offset, in: &root, as: &kept)
}
