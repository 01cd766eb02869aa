/// One difference between two values of a state, at a path: what the logging middleware prints
/// and what a recording's replay reports.
///
/// ```swift
/// var after = Counter()
/// after.count = 2
/// let changes = StateChange.changes(from: Counter(), to: after)  // [count: 0 -> 2]
/// ```
public struct StateChange: Equatable, Sendable, CustomStringConvertible {
  /// Where the value lies: fields joined by dots, elements by index (`[2]`), elements of a
  /// collection of `Identifiable` values by id (`[id: 3]`), dictionary values by key; empty for
  /// the value itself. A JSON object's members (a recorded state) are named like fields.
  public var path: String
  /// The value before, as text; `nil` when it was added.
  public var old: String?
  /// The value after, as text; `nil` when it was removed.
  public var new: String?

  /// Makes a change.
  ///
  /// ```swift
  /// let change = StateChange(path: "count", old: "1", new: "2")  // count: 1 -> 2
  /// ```
  /// - Parameters:
  ///   - path: Where the value lies.
  ///   - old: The value before; `nil` when it was added.
  ///   - new: The value after; `nil` when it was removed.
  public init(path: String, old: String?, new: String?) {
    self.path = path
    self.old = old
    self.new = new
  }

  /// `path: old -> new`, `path: added new` or `path: removed old`.
  public var description: String {
    let prefix = path.isEmpty ? "" : "\(path): "
    switch (old, new) {
    case (let old?, let new?): return "\(prefix)\(old) -> \(new)"
    case (nil, let new?): return "\(prefix)added \(new)"
    case (let old?, nil): return "\(prefix)removed \(old)"
    case (nil, nil): return "\(prefix)changed"
    }
  }

  /// What changed from `old` to `new`, field by field, by reflection (`Mirror`): a part that is
  /// `Equatable` and equal is skipped without looking inside, so an unchanged collection costs
  /// one comparison (arrays that share storage compare in O(1)). ``Redacted`` values show as
  /// `<redacted>`.
  ///
  /// ```swift
  /// struct Todo: Identifiable, Equatable { let id: Int; var isDone = false }
  /// struct Todos: Equatable { var todos: [Todo] = [Todo(id: 3)] }
  /// var after = Todos()
  /// after.todos[0].isDone = true
  /// print(StateChange.changes(from: Todos(), to: after))  // [todos[id: 3].isDone: false -> true]
  /// ```
  /// - Parameters:
  ///   - old: The value before.
  ///   - new: The value after.
  ///   - limit: The most changes to list (a reset of a large state would otherwise list them all).
  /// - Returns: The changes, in the order of the fields; empty when nothing changed.
  public static func changes<Value>(from old: Value, to new: Value, limit: Int = 100) -> [StateChange] {
    var differ = Differ(limit: limit)
    differ.compare(old, new, at: "", depth: 0)
    return differ.changes
  }
}

/// Walks two values side by side and lists where they differ.
private struct Differ {
  let limit: Int
  var changes: [StateChange] = []
  /// Deeper than this, a value is compared as a whole (a cycle of objects would never end).
  static let maximumDepth = 32
  /// Longer descriptions are cut, so that one large value cannot fill a log line.
  static let maximumDescription = 200

  init(limit: Int) { self.limit = limit }

  mutating func compare(_ old: Any, _ new: Any, at path: String, depth: Int) {
    guard changes.count < limit else { return }
    if let equal = areEqual(old, new) {
      if equal { return }
    }
    if old is any RedactedMark || new is any RedactedMark {
      record(path, Redacted<Int>.placeholder, Redacted<Int>.placeholder)
      return
    }
    // A JSON object (a recorded state), not a dictionary of the state, which casts as one too.
    if type(of: old) == [String: Any].self, let old = old as? [String: Any], let new = new as? [String: Any] {
      return compareObjects(old, new, at: path, depth: depth)
    }
    if let old = old as? any ElementwiseComparable,
      old.elementCount == (new as? any ElementwiseComparable)?.elementCount,
      let positions = old.differingPositions(from: new), let new = new as? any ElementwiseComparable
    {
      return comparePositions(positions, old, new, at: path, depth: depth)
    }
    let oldMirror = Mirror(reflecting: old)
    let newMirror = Mirror(reflecting: new)
    guard depth < Self.maximumDepth, type(of: old) == type(of: new),
      oldMirror.displayStyle == newMirror.displayStyle
    else { return leaf(old, new, at: path) }
    switch oldMirror.displayStyle {
    case .optional:
      switch (oldMirror.children.first?.value, newMirror.children.first?.value) {
      case (let old?, let new?): compare(old, new, at: path, depth: depth + 1)
      case (nil, let new?): record(path, "nil", describe(new))
      case (let old?, nil): record(path, describe(old), "nil")
      case (nil, nil): return
      }
    case .struct, .class, .tuple:
      let oldChildren = Array(oldMirror.children)
      let newChildren = Array(newMirror.children)
      guard !oldChildren.isEmpty, oldChildren.count == newChildren.count else {
        return leaf(old, new, at: path)
      }
      for (index, (oldChild, newChild)) in zip(oldChildren, newChildren).enumerated() {
        let name = Self.fieldName(oldChild.label, value: oldChild.value) ?? "\(index)"
        compare(oldChild.value, newChild.value, at: path.isEmpty ? name : "\(path).\(name)", depth: depth + 1)
      }
    case .enum:
      let oldCase = oldMirror.children.first
      let newCase = newMirror.children.first
      guard let oldCase, let newCase, oldCase.label == newCase.label else { return leaf(old, new, at: path) }
      compare(oldCase.value, newCase.value, at: path, depth: depth + 1)
    case .collection:
      compareElements(
        Array(oldMirror.children.map(\.value)), Array(newMirror.children.map(\.value)), at: path, depth: depth
      )
    case .dictionary:
      compareEntries(oldMirror, newMirror, at: path, depth: depth)
    default:
      leaf(old, new, at: path)
    }
  }

  /// The elements of two arrays of one count at the positions where they differ: by id when
  /// they are `Identifiable` (a row edited in place), by index otherwise.
  mutating func comparePositions(
    _ positions: [Int], _ old: any ElementwiseComparable, _ new: any ElementwiseComparable, at path: String,
    depth: Int
  ) {
    for position in positions {
      let (oldElement, newElement) = (old.element(at: position), new.element(at: position))
      let (oldID, newID) = (identity(oldElement), identity(newElement))
      if let oldID, let newID, oldID != newID {
        record("\(path)[\(position)]", describe(oldElement), describe(newElement))
      } else if let oldID {
        compare(oldElement, newElement, at: "\(path)[id: \(describe(oldID.base))]", depth: depth + 1)
      } else {
        compare(oldElement, newElement, at: "\(path)[\(position)]", depth: depth + 1)
      }
    }
  }

  /// Elements by id when they are `Identifiable`, by index otherwise.
  mutating func compareElements(_ old: [Any], _ new: [Any], at path: String, depth: Int) {
    // The first element tells whether they are identifiable: a Swift collection holds one type.
    let identifiable = (old.first ?? new.first).map { identity($0) != nil } ?? false
    let oldIDs = identifiable ? old.map(identity) : []
    let newIDs = identifiable ? new.map(identity) : []
    guard identifiable, !oldIDs.contains(where: { $0 == nil }), !newIDs.contains(where: { $0 == nil }) else {
      for index in 0..<max(old.count, new.count) {
        let place = "\(path)[\(index)]"
        if index >= new.count {
          record(place, describe(old[index]), nil)
        } else if index >= old.count {
          record(place, nil, describe(new[index]))
        } else {
          compare(old[index], new[index], at: place, depth: depth + 1)
        }
      }
      return
    }
    var newByID: [AnyHashable: Any] = [:]
    for (id, element) in zip(newIDs, new) { newByID[id!] = element }
    var oldIDSet = Set<AnyHashable>()
    for (id, element) in zip(oldIDs, old) {
      oldIDSet.insert(id!)
      let place = "\(path)[id: \(describe(id!.base))]"
      if let newElement = newByID[id!] {
        compare(element, newElement, at: place, depth: depth + 1)
      } else {
        record(place, describe(element), nil)
      }
    }
    for (id, element) in zip(newIDs, new) where !oldIDSet.contains(id!) {
      record("\(path)[id: \(describe(id!.base))]", nil, describe(element))
    }
  }

  /// A JSON object's members (as `JSONSerialization` reads them) as fields, by name.
  mutating func compareObjects(_ old: [String: Any], _ new: [String: Any], at path: String, depth: Int) {
    guard depth < Self.maximumDepth else { return leaf(old, new, at: path) }
    for key in Set(old.keys).union(new.keys).sorted() {
      let place = path.isEmpty ? key : "\(path).\(key)"
      switch (old[key], new[key]) {
      case (let old?, let new?): compare(old, new, at: place, depth: depth + 1)
      case (nil, let new?): record(place, nil, describe(new))
      case (let old?, nil): record(place, describe(old), nil)
      case (nil, nil): continue
      }
    }
  }

  /// Dictionary values by key: entries are paired by the key itself, so that two keys that
  /// print alike are not taken for one, and listed in the order of their keys (numbers by
  /// value: 2 before 100).
  mutating func compareEntries(_ old: Mirror, _ new: Mirror, at path: String, depth: Int) {
    struct Entry {
      let key: AnyHashable
      let name: String
      let value: Any
    }
    func entries(_ mirror: Mirror) -> [Entry] {
      mirror.children.compactMap { entry in
        let pair = Array(Mirror(reflecting: entry.value).children)
        guard pair.count == 2, let key = pair[0].value as? AnyHashable else { return nil }
        return Entry(key: key, name: describe(pair[0].value), value: pair[1].value)
      }.sorted { Self.keyOrder($0.name, $1.name) }
    }
    let oldEntries = entries(old)
    let newEntries = entries(new)
    var newByKey: [AnyHashable: Any] = [:]
    for entry in newEntries { newByKey[entry.key] = entry.value }
    var oldKeys = Set<AnyHashable>()
    for entry in oldEntries {
      oldKeys.insert(entry.key)
      if let newValue = newByKey[entry.key] {
        compare(entry.value, newValue, at: "\(path)[\(entry.name)]", depth: depth + 1)
      } else {
        record("\(path)[\(entry.name)]", describe(entry.value), nil)
      }
    }
    for entry in newEntries where !oldKeys.contains(entry.key) {
      record("\(path)[\(entry.name)]", nil, describe(entry.value))
    }
  }

  /// Keys in reading order: numbers by value, anything else by its text.
  static func keyOrder(_ first: String, _ second: String) -> Bool {
    if let one = Double(first), let other = Double(second) { return one < other }
    return first < second
  }

  mutating func leaf(_ old: Any, _ new: Any, at path: String) {
    let (oldText, newText) = (describe(old), describe(new))
    // Values that are not `Equatable` are compared by what they show.
    if areEqual(old, new) == nil, oldText == newText { return }
    record(path, oldText, newText)
  }

  mutating func record(_ path: String, _ old: String?, _ new: String?) {
    guard changes.count < limit else { return }
    changes.append(StateChange(path: path, old: old, new: new))
  }

  /// A field's name as written in the type: a `Redacted` field's storage (`_token`) by its
  /// property's name (`token`).
  static func fieldName(_ label: String?, value: Any) -> String? {
    guard let label else { return nil }
    if value is any RedactedMark, label.hasPrefix("_") { return String(label.dropFirst()) }
    return label
  }
}

/// Whether two values are equal by their `==`, or `nil` when their type is not `Equatable`.
private func areEqual(_ old: Any, _ new: Any) -> Bool? {
  guard let old = old as? any Equatable else { return nil }
  return isEqual(old, new)
}

private func isEqual<Value: Equatable>(_ old: Value, _ new: Any) -> Bool {
  guard let new = new as? Value else { return false }
  return old == new
}

/// An element's id when it is `Identifiable`, or a JSON object with an `id` member.
private func identity(_ element: Any) -> AnyHashable? {
  if let object = element as? [String: Any] { return (object["id"] as? any Hashable).map { AnyHashable($0) } }
  guard let element = element as? any Identifiable else { return nil }
  return idOf(element)
}

private func idOf<Element: Identifiable>(_ element: Element) -> AnyHashable { AnyHashable(element.id) }

/// A value as text: text quoted, as Swift prints it inside a value; cut when long.
private func describe(_ value: Any) -> String {
  let isText = value is String || value is Substring || value is Character
  let text = isText ? String(reflecting: value) : String(describing: value)
  guard text.count > Differ.maximumDescription else { return text }
  return String(text.prefix(Differ.maximumDescription)) + "…"
}
