import ReduxCore

/// What every action of one type shares: its name, the number that stands for the name, and,
/// for a slice's case, the slice and the case reducer.
///
/// Actions are matched by number, so a dispatch compares integers, never strings; the number
/// comes from the name, so two creators made with one name make actions of one type (as Redux
/// Toolkit matches by type string), even when a creator is made again.
@usableFromInline
class ActionKind: @unchecked Sendable {
  // Unchecked: every stored property is a constant; subclasses add only constants.
  /// The number of the name: equal numbers, equal names.
  @usableFromInline let typeID: Int
  /// The slice whose case this is (a number no other slice has); 0 for other actions.
  @usableFromInline let sliceID: Int
  /// The full name, `"todos/added"`.
  let name: String

  init(name: String, sliceID: Int = 0) {
    self.name = name
    self.sliceID = sliceID
    typeID = ActionKind.number(of: name)
  }

  /// The numbers given so far, by name; only ever added to, under its lock.
  private static let numbers = Locked<[String: Int]>([:])

  /// The number of `name`: the one it was given, or the next one.
  private static func number(of name: String) -> Int {
    numbers.withLock { numbers in
      if let number = numbers[name] { return number }
      let number = numbers.count + 1
      numbers[name] = number
      return number
    }
  }

  /// A number no slice had before: what ties a case to its slice.
  static func newSliceID() -> Int {
    sliceCount.withLock { count in
      count += 1
      return count
    }
  }

  private static let sliceCount = Locked(0)
}

/// The kind of a slice's case: it also carries the case reducer, so the slice's reducer applies
/// its own actions without looking anything up.
@usableFromInline
final class CaseKind<State>: ActionKind, @unchecked Sendable {
  /// Applies the action's payload to the slice's state.
  @usableFromInline let apply: @Sendable (inout State, any Sendable) -> Void

  init(name: String, sliceID: Int, apply: @escaping @Sendable (inout State, any Sendable) -> Void) {
    self.apply = apply
    super.init(name: name, sliceID: sliceID)
  }
}
