/// Lines that say where the state holds the same elements as expected in another order, with
/// both orders: a diff of a reordered list shows rows removed and inserted, which hides that
/// only the order is wrong.
///
/// ```
/// todos: the same 3 elements in another order; expected ids [3, 1, 2], actual [2, 3, 1]
/// ```
///
/// Elements are named by their id when they are `Identifiable`, as they are when they are short
/// (numbers, names), by their position in the expected order otherwise. Reflection, so only for a failure message.
enum ReorderHint {
  /// The hint lines for `expected` and `actual`, empty when no collection was only reordered.
  static func lines(expected: Any, actual: Any) -> [String] {
    var lines: [String] = []
    collect(expected, actual, path: "", depth: 0, into: &lines)
    return lines
  }

  private static func collect(
    _ expected: Any, _ actual: Any, path: String, depth: Int, into lines: inout [String]
  ) {
    guard depth < 8 else { return }
    let left = Mirror(reflecting: expected)
    let right = Mirror(reflecting: actual)
    if left.displayStyle == .collection, right.displayStyle == .collection {
      if let line = reorder(Array(left.children.map(\.value)), Array(right.children.map(\.value))) {
        lines.append("\(path.isEmpty ? "the state" : path): \(line)")
      }
      return
    }
    guard left.displayStyle == .struct || left.displayStyle == .class || left.displayStyle == .tuple,
      left.displayStyle == right.displayStyle
    else { return }
    for (mine, theirs) in zip(left.children, right.children) {
      guard let label = mine.label, label == theirs.label else { continue }
      collect(
        mine.value, theirs.value, path: path.isEmpty ? label : "\(path).\(label)", depth: depth + 1,
        into: &lines)
    }
  }

  /// "the same n elements in another order; …" when `actual` is `expected` reordered.
  private static func reorder(_ expected: [Any], _ actual: [Any]) -> String? {
    guard expected.count == actual.count, expected.count > 1 else { return nil }
    let expectedDumps = expected.map { String(reflecting: $0) }
    let actualDumps = actual.map { String(reflecting: $0) }
    guard expectedDumps != actualDumps, expectedDumps.sorted() == actualDumps.sorted() else { return nil }
    let ids = expected.compactMap(id(of:))
    if ids.count == expected.count {
      let actualIDs = actual.compactMap(id(of:))
      return "the same \(expected.count) elements in another order; expected ids "
        + "[\(ids.joined(separator: ", "))], actual [\(actualIDs.joined(separator: ", "))]"
    }
    if expectedDumps.allSatisfy({ $0.count <= 24 }) {
      return "the same \(expected.count) elements in another order; expected "
        + "[\(expectedDumps.joined(separator: ", "))], actual [\(actualDumps.joined(separator: ", "))]"
    }
    var unused = Array(expectedDumps.indices)
    let positions = actualDumps.map { dump in
      let index = unused.firstIndex { expectedDumps[$0] == dump }!
      return String(unused.remove(at: index))
    }
    return "the same \(expected.count) elements in another order; in the expected order they are "
      + "[\(positions.joined(separator: ", "))]"
  }

  /// The element's id, when it is `Identifiable`.
  private static func id(of element: Any) -> String? {
    guard let identifiable = element as? any Identifiable else { return nil }
    return describeID(of: identifiable)
  }

  private static func describeID(of element: some Identifiable) -> String {
    String(describing: element.id)
  }
}
