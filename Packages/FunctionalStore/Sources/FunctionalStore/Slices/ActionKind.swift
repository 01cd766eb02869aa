import ReduxCore

/// What every action of one type shares: its name, the number that stands for the name, and,
/// for a slice's case, the slice and the case reducer.
///
/// Kinds are never freed (a kind is a declaration, made once: a slice's case, a creator; one
/// made again with a name in use is the one made first), so actions and creators hold theirs
/// without counting references: a dispatch copies an action with no atomic operation.
@usableFromInline
// Safe: every stored property is a `let` of a `Sendable` type (numbers, a string), so instances
// never change after init; the subclasses below add only `let`s of `@Sendable` closures.
class ActionKind: @unchecked Sendable {
  /// The number of the name: equal numbers, equal names.
  @usableFromInline let typeID: Int
  /// The slice whose case this is (a number no other slice has); 0 for other actions.
  @usableFromInline let sliceID: Int
  /// The full name, `"todos/added"`.
  let name: String
  /// Whether this kind's actions hold their payload with a meta and an error
  /// (`PreparedParts`): those a prepared creator makes (Redux Toolkit's `prepare`).
  @usableFromInline let carriesParts: Bool

  fileprivate init(name: String, typeID: Int, sliceID: Int, carriesParts: Bool = false) {
    self.name = name
    self.typeID = typeID
    self.sliceID = sliceID
    self.carriesParts = carriesParts
  }

  /// The kinds of actions no slice owns, by name, the numbers of every name given so far, and
  /// the slices' cases (held here so that they are never freed, and reachable, which a leak
  /// checker asks); only ever added to, under their lock.
  private static let registry = Locked(
    (kinds: [String: ActionKind](), numbers: [String: Int](), cases: [ActionKind]()))

  /// Keeps a slice's case for the program's life.
  fileprivate static func keep(_ kind: ActionKind) {
    registry.withLock { $0.cases.append(kind) }
  }

  /// The kind of the actions named `name` that no slice owns: the one made first for the name.
  static func named(_ name: String) -> ActionKind {
    registry.withLock { registry in
      if let kind = registry.kinds[name] { return kind }
      let kind = ActionKind(name: name, typeID: number(of: name, in: &registry.numbers), sliceID: 0)
      registry.kinds[name] = kind
      return kind
    }
  }

  /// A kind of the actions a prepared creator named `name` makes: of that name's type, so
  /// that any creator of the name matches them, but holding meta and error beside the payload.
  static func prepared(_ name: String) -> ActionKind {
    let kind = ActionKind(name: name, typeID: number(of: name), sliceID: 0, carriesParts: true)
    keep(kind)
    return kind
  }

  /// The number of `name`, the one it was given or the next one.
  fileprivate static func number(of name: String) -> Int {
    registry.withLock { number(of: name, in: &$0.numbers) }
  }

  private static func number(of name: String, in numbers: inout [String: Int]) -> Int {
    if let number = numbers[name] { return number }
    let number = numbers.count + 1
    numbers[name] = number
    return number
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

/// The kind of a slice's case: it also applies its actions, so the slice's reducer applies its
/// own cases without looking anything up.
@usableFromInline
// Safe: it adds no stored property to `ActionKind`, whose properties are all constants.
class CaseKind<State>: ActionKind, @unchecked Sendable {
  /// A case of the slice numbered `sliceID`; never freed, like every kind.
  fileprivate init(name: String, sliceID: Int, carriesParts: Bool = false) {
    super.init(name: name, typeID: ActionKind.number(of: name), sliceID: sliceID, carriesParts: carriesParts)
    ActionKind.keep(self)
  }

  /// Applies `action`, one of this case's, to the slice's state.
  func apply(_ state: inout State, _ action: PayloadAction) {}

}

/// A case without a payload.
// Safe: its one added property is a `let` holding a `@Sendable` closure.
final class PlainCaseKind<State>: CaseKind<State>, @unchecked Sendable {
  let reduce: @Sendable (inout State) -> Void

  init(name: String, sliceID: Int, reduce: @escaping @Sendable (inout State) -> Void) {
    self.reduce = reduce
    super.init(name: name, sliceID: sliceID)
  }

  override func apply(_ state: inout State, _ action: PayloadAction) {
    reduce(&state)
  }
}

/// A case with a payload of type `Payload`.
// Safe: its one added property is a `let` holding a `@Sendable` closure.
final class PayloadCaseKind<State, Payload: Sendable>: CaseKind<State>, @unchecked Sendable {
  let reduce: @Sendable (inout State, Payload) -> Void

  init(name: String, sliceID: Int, reduce: @escaping @Sendable (inout State, Payload) -> Void) {
    self.reduce = reduce
    super.init(name: name, sliceID: sliceID)
  }

  override func apply(_ state: inout State, _ action: PayloadAction) {
    // Only this kind's creator, an `ActionCreator<Payload>`, makes its actions.
    reduce(&state, action.storedPayload as! Payload)
  }
}

/// A prepared case (``StateSlice/caseReducer(_:prepare:_:)``): its actions hold their payload
/// with a meta and an error, all of which its reducer gets.
// Safe: its one added property is a `let` holding a `@Sendable` closure.
final class PreparedCaseKind<State, Payload: Sendable>: CaseKind<State>, @unchecked Sendable {
  let reduce: @Sendable (inout State, PreparedAction<Payload>) -> Void

  init(name: String, sliceID: Int, reduce: @escaping @Sendable (inout State, PreparedAction<Payload>) -> Void)
  {
    self.reduce = reduce
    super.init(name: name, sliceID: sliceID, carriesParts: true)
  }

  override func apply(_ state: inout State, _ action: PayloadAction) {
    // Only this kind's creator, a prepared creator of `Payload`, makes its actions.
    let parts = action.storedPayload as! PreparedParts
    reduce(&state, PreparedAction(payload: parts.payload as! Payload, meta: parts.meta, error: parts.error))
  }
}
