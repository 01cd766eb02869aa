/// A destination enum's case, read and written where a stack or an optional holds the enum:
/// TCA's `path[id:case:]` and `destination?.case` (which its `@CasePathable` macro makes), given
/// the function that makes the case (`Path.screenA`). The case is found by reflection, a few
/// microseconds: for tests and for reducers' occasional writes, not for a view's every read.
extension StackState {
  /// The screen at `id` as the case `embed` makes, or `nil` when the screen is another case or
  /// is not on the stack. Set it to change that screen in place (TCA's assertion of a screen's
  /// change); set `nil` to pop the screen when it is that case.
  ///
  /// ```swift
  /// enum Path: Equatable, Sendable {
  ///   case counter(Int)
  ///   case title(String)
  /// }
  /// var path = StackState<Path>([.counter(1)])
  /// path[id: 0, case: Path.counter]? += 1
  /// print(path[id: 0, case: Path.counter] ?? 0)  // 2
  /// ```
  /// - Parameters:
  ///   - id: The screen's id.
  ///   - embed: The case's function, `Path.counter`.
  public subscript<Case>(id id: StackElementID, case embed: (Case) -> Element) -> Case? {
    get { self[id: id].flatMap { extractCase(embed, from: $0) } }
    set {
      guard self[id: id, case: embed] != nil else { return }
      self[id: id] = newValue.map(embed)
    }
  }
}

extension Optional {
  /// The wrapped enum as the case `embed` makes, or `nil` when it is another case or there is
  /// none: TCA's `destination?.alert`. Setting a value stores that case; setting `nil` clears
  /// the optional when it held that case.
  ///
  /// ```swift
  /// enum Destination: Equatable, Sendable {
  ///   case alert(String)
  ///   case edit(Int)
  /// }
  /// var destination: Destination? = .edit(1)
  /// destination[case: Destination.edit]? += 1
  /// print(destination[case: Destination.alert] ?? "no alert")  // no alert
  /// ```
  /// - Parameter embed: The case's function, `Destination.alert`.
  public subscript<Case>(case embed: (Case) -> Wrapped) -> Case? {
    get { flatMap { extractCase(embed, from: $0) } }
    set {
      if let newValue {
        self = embed(newValue)
      } else if self[case: embed] != nil {
        self = nil
      }
    }
  }
}
