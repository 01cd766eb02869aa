/// A navigation stack's screens: push with `append`, pop with `removeLast` or ``pop(from:)``;
/// each screen gets a ``StackElementID`` when it is pushed, so screens need not be
/// `Identifiable`.
///
/// `ForEachElement` runs each screen's reducer, cancels the effects of screens that leave the
/// stack, and `scope(forEach:action:)` gives each screen its store, as for an `IdentifiedArray`
/// (the type for lists). A stack keeps its ids apart from its screens, so a send to a screen
/// changes it in place with no check that its id stayed the same, and its screens in storage
/// that says whether anything shares it, so a send to a screen nobody watches asks nothing
/// else first: a send to the top of a 10-deep stack costs about a third less than with an
/// `IdentifiedArray` (N2 in Docs/Benchmarks.md).
///
/// ```swift
/// var path = StackState<TodoState>()
/// path.append(TodoState(id: 1))    // the screen #0
/// path.append(TodoState(id: 2))    // the screen #1
/// path[id: 0]?.isDone = true
/// path.pop(from: 1)                // back to one screen
/// ```
///
/// Ids are numbers from 0, in the order screens were pushed; the stack never gives a number
/// twice (an id comes back only when a `push(id:state:)` or a write at that id brings it), and a
/// popped screen's effects end with it. Two stacks are equal when they have the same ids and equal screens. Encoded, a stack
/// is its screens; decoded, they are numbered again from 0.
public struct StackState<Element> {
  /// The screens' ids, bottom first.
  public private(set) var ids: [StackElementID]
  @usableFromInline var screens: _StackScreens<Element>
  /// The number the next pushed screen gets.
  @usableFromInline var nextNumber: Int

  /// Makes an empty stack.
  ///
  /// ```swift
  /// let path = StackState<TodoState>()
  /// ```
  public init() {
    ids = []
    screens = _StackScreens()
    nextNumber = 0
  }

  /// Makes a stack of `elements`, bottom first, numbered from 0.
  ///
  /// ```swift
  /// let path = StackState([TodoState(id: 1), TodoState(id: 2)])
  /// ```
  /// - Parameter elements: The screens, bottom first.
  public init(_ elements: some Sequence<Element>) {
    screens = _StackScreens(elements)
    ids = (0..<screens.count).map(StackElementID.init(number:))
    nextNumber = screens.count
  }

  /// The screens, bottom first, copied into an array.
  ///
  /// ```swift
  /// let titles = StackState([TodoState(id: 1)]).elements.map(\.title)
  /// ```
  public var elements: [Element] { Array(screens) }

  /// The screen with `id`: `nil` when it is not on the stack. Setting `nil` pops that screen
  /// (only that one); setting a screen replaces it, or pushes it with that id when the stack
  /// does not hold it (a test asserting a push: `$0.path[id: 0] = …`, as in TCA).
  ///
  /// ```swift
  /// var path = StackState([TodoState(id: 1)])
  /// path[id: 0]?.title = "Renamed"
  /// ```
  /// - Parameter id: The screen's id.
  public subscript(id id: StackElementID) -> Element? {
    get { index(id: id).map { screens[$0] } }
    set {
      guard let position = index(id: id) else {
        // A screen set at an id the stack does not hold is pushed with it: a test's assertion
        // of a push (`$0.path[id: 0] = …`) and a `push(id:state:)`, as TCA's stack takes them.
        // The numbering goes on after the highest id given.
        guard let newValue else { return }
        let next = nextNumber
        nextNumber = id.number
        append(newValue)
        nextNumber = Swift.max(next, id.number + 1)
        return
      }
      if let newValue {
        screens[position] = newValue
      } else {
        remove(at: position)
      }
    }
  }

  /// The position of the screen with `id`, looked for from the top: a stack is a few screens
  /// deep, and the screen acted on is usually the top one.
  ///
  /// ```swift
  /// let path = StackState([TodoState(id: 1)])
  /// let position = path.index(id: 0)   // 0
  /// ```
  /// - Parameter id: The screen's id.
  /// - Returns: Its position, or `nil` when it is not on the stack.
  @inlinable
  public func index(id: StackElementID) -> Int? {
    var position = ids.count
    while position > 0 {
      position -= 1
      if ids[position] == id { return position }
    }
    return nil
  }

  /// Pops the screen with `id` and every screen above it (a "back to before this screen").
  ///
  /// ```swift
  /// var path = StackState([TodoState(id: 1), TodoState(id: 2)])
  /// path.pop(from: 0)   // empty
  /// ```
  /// - Parameter id: The lowest screen to pop.
  /// - Returns: Whether the screen was on the stack.
  @discardableResult
  public mutating func pop(from id: StackElementID) -> Bool {
    guard let position = index(id: id) else { return false }
    removeSubrange(position...)
    return true
  }

  /// Pops every screen above the one with `id`, which becomes the top.
  ///
  /// ```swift
  /// var path = StackState([TodoState(id: 1), TodoState(id: 2)])
  /// path.pop(to: 0)   // TodoState(id: 1) alone
  /// ```
  /// - Parameter id: The screen to go back to.
  /// - Returns: Whether the screen was on the stack.
  @discardableResult
  public mutating func pop(to id: StackElementID) -> Bool {
    guard let position = index(id: id) else { return false }
    removeSubrange((position + 1)...)
    return true
  }

  /// Changes the screen at `position` in place, with no check of its id: ids are kept apart.
  ///
  /// ```swift
  /// var path = StackState([TodoState(id: 1)])
  /// path.updateElement(at: 0) { $0.isDone = true }
  /// ```
  /// - Parameters:
  ///   - position: A valid position.
  ///   - change: Changes the screen.
  /// - Returns: What `change` returns.
  @inlinable @inline(__always)
  public mutating func updateElement<Result>(
    at position: Int, _ change: (inout Element) -> Result
  ) -> Result {
    change(&screens[position])
  }

  /// The screens, sharing the stack's storage.
  ///
  /// ```swift
  /// let path = StackState([TodoState(id: 1)])
  /// let count = path._storage.count   // 1
  /// ```
  @inlinable
  public var _storage: _StackScreens<Element> { screens }

  /// Changes the screen at `position` in place when no other stack shares the screens' storage
  /// (no store follows the stack); otherwise changes nothing and returns `nil`.
  ///
  /// ```swift
  /// var path = StackState([TodoState(id: 1)])
  /// path._updateElementIfUniquelyStored(at: 0) { $0.isDone = true }   // ()
  /// ```
  /// - Parameters:
  ///   - position: A valid position.
  ///   - change: Changes the screen.
  /// - Returns: What `change` returns, or `nil` when the storage is shared.
  @inlinable @inline(__always)
  public mutating func _updateElementIfUniquelyStored<Result>(
    at position: Int, _ change: (inout Element) -> Result
  ) -> Result? {
    guard screens.isUniquelyStored() else { return nil }
    return screens.updateUniquelyStored(at: position, change)
  }
}

// Not `MutableCollection`: its algorithms (`sort`, `reverse`, `swapAt`) would move screens away
// from their ids. A screen is still written in place through the positional subscript.
extension StackState: RandomAccessCollection, RangeReplaceableCollection, ElementCollection {
  /// A screen's write is an array's: `ForEachElement` inlines it.
  @inlinable
  public static var _inlinesElementWrites: Bool { true }

  /// The bottom screen's position, 0.
  @inlinable
  public var startIndex: Int { 0 }

  /// The position after the top screen: the number of screens.
  @inlinable
  public var endIndex: Int { screens.count }

  /// The number of screens.
  @inlinable
  public var count: Int { screens.count }

  /// The screen at `position`, from 0 at the bottom; set in place, keeping its id.
  ///
  /// ```swift
  /// var path = StackState([TodoState(id: 1)])
  /// path[0].isDone = true
  /// ```
  /// - Parameter position: A valid position.
  @inlinable
  public subscript(position: Int) -> Element {
    _read { yield screens[position] }
    _modify { yield &screens[position] }
  }

  /// Replaces the screens in `subrange` with `newElements`, which get new ids: what `append`,
  /// `insert`, `removeLast` and `removeAll` go through.
  ///
  /// ```swift
  /// var path = StackState<TodoState>()
  /// path.replaceSubrange(0..<0, with: [TodoState(id: 1)])
  /// ```
  /// - Parameters:
  ///   - subrange: The positions replaced.
  ///   - newElements: The screens put there.
  public mutating func replaceSubrange<C: Collection>(_ subrange: Range<Int>, with newElements: C)
  where C.Element == Element {
    let first = nextNumber
    nextNumber += newElements.count
    ids.replaceSubrange(subrange, with: (first..<nextNumber).map(StackElementID.init(number:)))
    screens.replaceSubrange(subrange, with: newElements)
  }

  /// Pops every screen, keeping the numbering: the next push gets a number not given before.
  ///
  /// ```swift
  /// var path = StackState([TodoState(id: 1)])
  /// path.removeAll()
  /// ```
  /// - Parameter keepCapacity: Whether to keep the storage for as many screens.
  public mutating func removeAll(keepingCapacity keepCapacity: Bool = false) {
    ids.removeAll(keepingCapacity: keepCapacity)
    screens.removeAll(keepingCapacity: keepCapacity)
  }

  /// Pops the screens that `shouldBeRemoved` picks; the others keep their ids.
  ///
  /// ```swift
  /// var path = StackState([TodoState(id: 1), TodoState(id: 2)])
  /// path.removeAll { $0.isDone }
  /// ```
  /// - Parameter shouldBeRemoved: Whether a screen goes.
  public mutating func removeAll(where shouldBeRemoved: (Element) throws -> Bool) rethrows {
    self = try filter { try !shouldBeRemoved($0) }
  }

  /// The stack of the screens that `isIncluded` picks, with their ids: assigned back, the
  /// screens kept keep their stores and effects.
  ///
  /// ```swift
  /// let path = StackState([TodoState(id: 1), TodoState(id: 2)])
  /// let open = path.filter { !$0.isDone }
  /// ```
  /// - Parameter isIncluded: Whether a screen stays.
  /// - Returns: The stack of the screens picked, numbered as in this one.
  public func filter(_ isIncluded: (Element) throws -> Bool) rethrows -> StackState<Element> {
    var kept = self
    kept.ids = []
    kept.screens = _StackScreens()
    for (id, element) in zip(ids, screens) where try isIncluded(element) {
      kept.ids.append(id)
      kept.screens.append(element)
    }
    return kept
  }
}

extension StackState: ExpressibleByArrayLiteral {
  /// Makes a stack of the screens written, bottom first.
  ///
  /// ```swift
  /// let path: StackState<TodoState> = [TodoState(id: 1)]
  /// ```
  /// - Parameter elements: The screens, bottom first.
  public init(arrayLiteral elements: Element...) { self.init(elements) }
}

extension StackState: Equatable where Element: Equatable {
  /// Whether both have the same ids and equal screens.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.ids == rhs.ids && lhs.screens == rhs.screens
  }
}

extension StackState: Hashable where Element: Hashable {
  /// Hashes the ids and the screens.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(ids)
    hasher.combine(screens.count)
    for screen in screens { hasher.combine(screen) }
  }
}

extension StackState: Sendable where Element: Sendable {}

extension StackState: Encodable where Element: Encodable {
  /// Encodes the screens, bottom first (not their ids).
  public func encode(to encoder: any Encoder) throws {
    try Array(screens).encode(to: encoder)
  }
}

extension StackState: Decodable where Element: Decodable {
  /// Decodes the screens, numbered again from 0.
  public init(from decoder: any Decoder) throws {
    self.init(try [Element](from: decoder))
  }
}

extension StackState: CustomReflectable {
  /// Each screen under its id, as a test's failure message shows a stack: `#0: …`.
  public var customMirror: Mirror {
    Mirror(
      self, unlabeledChildren: zip(ids, screens).map { (key: $0, value: $1) }, displayStyle: .dictionary)
  }
}
