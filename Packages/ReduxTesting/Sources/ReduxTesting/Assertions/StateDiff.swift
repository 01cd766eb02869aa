public import ReduxCore

/// The differences between two values, one line per differing path, for failure messages:
/// nested structs by field, arrays by index, `IdentifiedArray`s by id, dictionaries by key.
///
/// ```swift
/// stateDifferences(expected, actual)
/// // ["count: expected 1, actual 2", "todos[id: 3].title: expected \"a\", actual \"b\""]
/// ```
/// - Parameters:
///   - expected: What the test said.
///   - actual: What the store holds.
/// - Returns: The differing paths; empty when the two are equal field by field.
public func stateDifferences<Value>(_ expected: Value, _ actual: Value) -> [String] {
  var lines: [String] = []
  collectDifferences(expected, actual, path: "", into: &lines, depth: 0)
  return lines
}

private func collectDifferences(
  _ expected: Any, _ actual: Any, path: String, into lines: inout [String], depth: Int
) {
  if equalIfEquatable(expected, actual) == true { return }
  let leafPath = path.isEmpty ? "state" : path
  guard depth < 12 else { return leaf(leafPath, expected, actual, into: &lines) }
  if let expectedElements = identifiedElements(expected), let actualElements = identifiedElements(actual) {
    return differencesByID(
      expectedElements, actualElements, path: path, into: &lines, depth: depth)
  }
  let expectedMirror = Mirror(reflecting: expected)
  let actualMirror = Mirror(reflecting: actual)
  switch (expectedMirror.displayStyle, actualMirror.displayStyle) {
  case (.struct, .struct), (.class, .class), (.tuple, .tuple):
    let expectedChildren = Array(expectedMirror.children)
    let actualChildren = Array(actualMirror.children)
    guard !expectedChildren.isEmpty, expectedChildren.count == actualChildren.count else {
      return leaf(leafPath, expected, actual, into: &lines)
    }
    let before = lines.count
    for (index, (left, right)) in zip(expectedChildren, actualChildren).enumerated() {
      let name = left.label ?? ".\(index)"
      collectDifferences(
        left.value, right.value, path: path.isEmpty ? name : "\(path).\(name)", into: &lines,
        depth: depth + 1)
    }
    if lines.count == before { leaf(leafPath, expected, actual, into: &lines) }
  case (.collection, .collection), (.set, .set):
    let left = Array(expectedMirror.children).map(\.value)
    let right = Array(actualMirror.children).map(\.value)
    let before = lines.count
    for index in 0..<max(left.count, right.count) {
      let elementPath = "\(leafPath)[\(index)]"
      if index >= right.count {
        lines.append("\(elementPath): expected \(describe(left[index])), actual missing")
      } else if index >= left.count {
        lines.append("\(elementPath): not expected, actual \(describe(right[index]))")
      } else {
        collectDifferences(left[index], right[index], path: elementPath, into: &lines, depth: depth + 1)
      }
    }
    if lines.count == before { leaf(leafPath, expected, actual, into: &lines) }
  case (.optional, .optional):
    let left = expectedMirror.children.first?.value
    let right = actualMirror.children.first?.value
    if let left, let right {
      collectDifferences(left, right, path: path, into: &lines, depth: depth + 1)
    } else {
      leaf(leafPath, expected, actual, into: &lines)
    }
  default:
    leaf(leafPath, expected, actual, into: &lines)
  }
}

private func differencesByID(
  _ expected: [(id: AnyHashable, element: Any)], _ actual: [(id: AnyHashable, element: Any)],
  path: String, into lines: inout [String], depth: Int
) {
  let actualByID = Dictionary(actual.map { ($0.id, $0.element) }, uniquingKeysWith: { first, _ in first })
  let expectedIDs = Set(expected.map(\.id))
  let base = path.isEmpty ? "state" : path
  for (id, element) in expected {
    let elementPath = "\(base)[id: \(describe(id.base))]"
    if let other = actualByID[id] {
      collectDifferences(element, other, path: elementPath, into: &lines, depth: depth + 1)
    } else {
      lines.append("\(elementPath): expected \(describe(element)), actual missing")
    }
  }
  for (id, element) in actual where !expectedIDs.contains(id) {
    lines.append("\(base)[id: \(describe(id.base))]: not expected, actual \(describe(element))")
  }
  if lines.isEmpty, expected.map(\.id) != actual.map(\.id) {
    lines.append("\(base): the same elements in another order")
  }
}

private func leaf(_ path: String, _ expected: Any, _ actual: Any, into lines: inout [String]) {
  lines.append("\(path): expected \(describe(expected)), actual \(describe(actual))")
}

private func describe(_ value: Any) -> String {
  if let text = value as? String { return "\"\(text)\"" }
  return String(describing: value)
}

/// An `IdentifiedArray`'s elements with their ids, so the diff pairs elements by id.
private protocol IdentifiedElements {
  var elementsWithIDs: [(id: AnyHashable, element: Any)] { get }
}

extension IdentifiedArray: IdentifiedElements {
  fileprivate var elementsWithIDs: [(id: AnyHashable, element: Any)] {
    map { (id: AnyHashable($0.id), element: $0 as Any) }
  }
}

private func identifiedElements(_ value: Any) -> [(id: AnyHashable, element: Any)]? {
  (value as? any IdentifiedElements)?.elementsWithIDs
}
