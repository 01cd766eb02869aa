/// A ``StackState``'s screens: an array of the stack's own, copy-on-write as `Array` is, whose
/// storage can be asked whether it is shared without writing to it.
///
/// That question is why it exists. A store whose element stores follow the stack keeps the
/// screens' storage; `ForEachElement` asks first whether the storage is shared, and only when it
/// is asks the store's followers to let it go for the write. An unshared stack (no follower, the
/// common case) is written in place after one check, the one an `Array`'s write makes anyway,
/// where an `Array` of screens would need the followers asked about first (N2 in
/// Docs/Benchmarks.md).
///
/// Not meant for use on its own: a stack's screens are reached through the stack.
///
/// ```swift
/// let path = StackState([TodoState(id: 1)])
/// let titles = path._storage.map(\.title)
/// ```
public struct _StackScreens<Element> {
  /// `nil` while there is no screen, so that an empty stack allocates nothing.
  @usableFromInline var buffer: ScreenBuffer<Element>?

  /// Makes an empty array of screens.
  ///
  /// ```swift
  /// let screens = _StackScreens<TodoState>()
  /// ```
  @inlinable
  public init() { buffer = nil }

  /// Makes an array of `elements`, in order.
  ///
  /// ```swift
  /// let screens = _StackScreens([TodoState(id: 1)])
  /// ```
  /// - Parameter elements: The screens, bottom first.
  public init(_ elements: some Sequence<Element>) {
    self.init()
    append(contentsOf: elements)
  }

  /// Whether no other value shares this storage; `inout` only because Swift asks it that way.
  @inlinable @inline(__always)
  mutating func isUniquelyStored() -> Bool {
    isKnownUniquelyReferenced(&buffer)
  }

  /// Changes the screen at `position` in place, the storage being known unshared
  /// (``isUniquelyStored()``) and `position` valid.
  @inlinable @inline(__always)
  mutating func updateUniquelyStored<Result>(
    at position: Int, _ change: (inout Element) -> Result
  ) -> Result {
    change(&elementsAddress[position])
  }

  /// Stops with a message when `position` holds no screen, as an array does.
  @inlinable @inline(__always)
  func checkPosition(_ position: Int) {
    if _slowPath(UInt(bitPattern: position) >= UInt(bitPattern: count)) {
      Self.outOfRange("position \(position)", count: count)
    }
  }

  /// Stops: a position or range past the screens, a programmer error. `fatalError`, whose text
  /// release builds keep.
  @usableFromInline @inline(never)
  static func outOfRange(_ what: String, count: Int) -> Never {
    fatalError(
      "StackState: \(what) is out of range (the stack has \(count) screen\(count == 1 ? "" : "s")); "
        + "find a screen's position with index(id:), or write it by id with path[id: id]")
  }

  /// Copies the storage if another value shares it.
  @inlinable @inline(__always)
  mutating func makeUnique() {
    if !isUniquelyStored(), let buffer {
      self.buffer = buffer.copy()
    }
  }
}

extension _StackScreens: RandomAccessCollection, MutableCollection, RangeReplaceableCollection {
  /// The first screen's position, 0.
  @inlinable
  public var startIndex: Int { 0 }

  /// The number of screens.
  @inlinable
  public var endIndex: Int { count }

  /// The number of screens.
  @inlinable
  public var count: Int {
    guard let buffer else { return 0 }
    return buffer.count
  }

  /// The screen at `position`; set in place, copying the storage first if it is shared.
  ///
  /// ```swift
  /// var screens = _StackScreens([TodoState(id: 1)])
  /// screens[0].isDone = true
  /// ```
  /// - Parameter position: A valid position.
  @inlinable
  public subscript(position: Int) -> Element {
    _read {
      checkPosition(position)
      yield elementsAddress[position]
    }
    _modify {
      checkPosition(position)
      makeUnique()
      yield &elementsAddress[position]
    }
  }

  /// Where the screens lie, for an access that ends before this value changes: the storage
  /// stays alive and in place while this value holds it (as `Array`'s own accessors rely on).
  @inlinable
  var elementsAddress: UnsafeMutablePointer<Element> {
    buffer.unsafelyUnwrapped.withUnsafeMutablePointerToElements { $0 }
  }

  /// Replaces the screens in `subrange` with `newElements`: in place when the storage is
  /// unshared and has room (a push or a pop), into new storage otherwise.
  ///
  /// ```swift
  /// var screens = _StackScreens<TodoState>()
  /// screens.replaceSubrange(0..<0, with: [TodoState(id: 1)])
  /// ```
  /// - Parameters:
  ///   - subrange: The positions replaced.
  ///   - newElements: The screens put there.
  public mutating func replaceSubrange<C: Collection>(_ subrange: Range<Int>, with newElements: C)
  where C.Element == Element {
    if _slowPath(subrange.lowerBound < 0 || subrange.upperBound > count) {
      Self.outOfRange("range \(subrange)", count: count)
    }
    let added = newElements.count
    let newCount = count - subrange.count + added
    if subrange.upperBound == count, isUniquelyStored(), let buffer, newCount <= buffer.capacity {
      // At the end (a push or a pop), in storage this value alone holds.
      buffer.withUnsafeMutablePointers { count, screens in
        (screens + subrange.lowerBound).deinitialize(count: subrange.count)
        var position = subrange.lowerBound
        for element in newElements {
          (screens + position).initialize(to: element)
          position += 1
        }
        count.pointee = newCount
      }
      return
    }
    guard newCount > 0 else {
      buffer = nil
      return
    }
    // When it grows, room to push again without moving every screen each time.
    let capacity = added > subrange.count ? Swift.max(newCount, count * 2) : newCount
    let grown = ScreenBuffer<Element>.make(capacity: capacity)
    grown.withUnsafeMutablePointers { grownCount, grownScreens in
      var position = 0
      func put(_ element: Element) {
        (grownScreens + position).initialize(to: element)
        position += 1
        grownCount.pointee = position
      }
      for element in self[..<subrange.lowerBound] { put(element) }
      for element in newElements { put(element) }
      for element in self[subrange.upperBound...] { put(element) }
    }
    buffer = grown
  }

  /// Removes every screen; with `keepCapacity`, keeps the storage when no other value shares it.
  ///
  /// ```swift
  /// var screens = _StackScreens([TodoState(id: 1)])
  /// screens.removeAll()
  /// ```
  /// - Parameter keepCapacity: Whether to keep the storage for as many screens.
  public mutating func removeAll(keepingCapacity keepCapacity: Bool = false) {
    if keepCapacity, isUniquelyStored() {
      replaceSubrange(startIndex..<endIndex, with: EmptyCollection())
    } else {
      buffer = nil
    }
  }
}

extension _StackScreens: Equatable where Element: Equatable {
  /// Whether both have equal screens in the same order: at once when they share their storage,
  /// as an array's `==` is, so that comparing a stack with an unchanged copy costs nothing per
  /// screen.
  ///
  /// ```swift
  /// let screens = _StackScreens([1, 2])
  /// let same = screens == _StackScreens([1, 2])   // true
  /// ```
  @inlinable
  public static func == (lhs: Self, rhs: Self) -> Bool {
    if lhs.buffer === rhs.buffer { return true }
    return lhs.elementsEqual(rhs)
  }
}

// As `Array`'s: shared storage is never written, a write copies it first.
extension _StackScreens: @unchecked Sendable where Element: Sendable {}

/// The storage of ``_StackScreens``: the number of screens, then the screens.
///
/// Its elements are shared by values that copy the storage's reference, and never written
/// while shared: ``_StackScreens`` copies it first, as `Array` does.
@usableFromInline
final class ScreenBuffer<Element>: ManagedBuffer<Int, Element> {
  /// The number of screens: the header, read through its address, which the buffer's `header`
  /// property would check for overlapping accesses on every read.
  @inlinable
  var count: Int { withUnsafeMutablePointerToHeader { $0.pointee } }

  /// A buffer of no screen with room for `capacity`.
  @inlinable
  static func make(capacity: Int) -> ScreenBuffer {
    unsafeDowncast(create(minimumCapacity: capacity) { _ in 0 }, to: ScreenBuffer.self)
  }

  /// A buffer with this one's screens, copied.
  @inlinable
  func copy() -> ScreenBuffer {
    let copy = ScreenBuffer.make(capacity: count)
    withUnsafeMutablePointers { count, screens in
      copy.withUnsafeMutablePointers { copyCount, copyScreens in
        copyScreens.initialize(from: screens, count: count.pointee)
        copyCount.pointee = count.pointee
      }
    }
    return copy
  }

  deinit {
    withUnsafeMutablePointers { count, screens in _ = screens.deinitialize(count: count.pointee) }
  }
}
