#if canImport(Glibc)
  internal import Glibc
#elseif canImport(Musl)
  internal import Musl
#elseif canImport(Darwin)
  internal import Darwin
#endif

/// An array whose elements are `Equatable`: the positions where it differs from another are
/// found in code compiled for the element type, skipping runs of identical bytes with `memcmp`,
/// so a diff of a 10,000-row array with one row changed compares memory, not 10,000 boxed values.
protocol ElementwiseComparable {
  /// The positions (below both counts) where the elements differ, or `nil` when `other` is not
  /// an array of the same type.
  func differingPositions(from other: Any) -> [Int]?
  /// The element at a position, boxed.
  func element(at position: Int) -> Any
  /// How many elements there are.
  var elementCount: Int { get }
}

extension Array: ElementwiseComparable where Element: Equatable {
  func differingPositions(from other: Any) -> [Int]? {
    guard let other = other as? [Element] else { return nil }
    let shared = Swift.min(count, other.count)
    let block = 64
    var positions: [Int] = []
    withUnsafeBufferPointer { old in
      other.withUnsafeBufferPointer { new in
        var start = 0
        while start < shared {
          let end = Swift.min(start + block, shared)
          let bytes = (end - start) * MemoryLayout<Element>.stride
          // Identical bytes are an identical value (the same storage, for references).
          let same = memcmp(old.baseAddress! + start, new.baseAddress! + start, bytes) == 0
          if !same {
            for position in start..<end where old[position] != new[position] { positions.append(position) }
          }
          start = end
        }
      }
    }
    return positions
  }

  func element(at position: Int) -> Any { self[position] }

  var elementCount: Int { count }
}
