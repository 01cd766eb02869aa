extension ReduxStore where Action == PayloadAction {
  /// Turns an action creator into a function that dispatches its actions (Redux's
  /// `bindActionCreators`, one creator at a time).
  ///
  /// ```swift
  /// let add = counterStore.bind(Counter.added)
  /// add(5)
  /// ```
  /// The function holds the store weakly: called after the store is gone, it does nothing.
  /// - Parameter creator: The creator.
  /// - Returns: A function that makes the action and dispatches it.
  public func bind<Payload>(_ creator: ActionCreator<Payload>) -> (Payload) -> Void {
    { [weak self] payload in self?.dispatch(creator(payload)) }
  }
}
