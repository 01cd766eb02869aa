// The plain-thunk methods are disfavored: on a store with a `Void` extra argument
// (`ReduxStoreWithExtra<S, A, Void>`) a plain thunk matches them and the subclass's methods
// alike; the subclass's, which pass the store's extra argument, are the ones to pick.
extension ReduxStore {
  /// Runs a thunk now and returns its result.
  ///
  /// ```swift
  /// let didIncrement = store.dispatch(incrementIfOdd())
  /// ```
  /// - Parameter thunk: The thunk.
  /// - Returns: What the thunk returned.
  @_disfavoredOverload
  @discardableResult
  public func dispatch<Result>(_ thunk: Thunk<State, Action, Result>) -> Result {
    thunk.body(self, ())
  }

  /// Runs an async thunk and waits for its result.
  ///
  /// ```swift
  /// let count = await store.dispatch(fetchCount(from: api))
  /// ```
  /// - Parameter thunk: The thunk.
  /// - Returns: What the thunk returned.
  @_disfavoredOverload
  @discardableResult
  nonisolated(nonsending) public func dispatch<Result>(
    _ thunk: AsyncThunk<State, Action, Result>
  ) async -> Result {
    await thunk.body(self, ())
  }

  /// Starts an async thunk from synchronous code (a button's action, a listener) and returns
  /// its task; await `task.value` for the result, or cancel the task.
  ///
  /// ```swift
  /// let task = store.start(fetchCount(from: api))
  /// ```
  /// - Parameters:
  ///   - thunk: The thunk.
  ///   - isolation: The caller's actor; leave the default. A store that has no actor of its own
  ///     (made where Swift reports none, as in an actor's initializer) takes this one.
  /// - Returns: The task running it, on the store's actor.
  @_disfavoredOverload
  @discardableResult
  public func start<Result>(
    _ thunk: AsyncThunk<State, Action, Result>, isolation: (any Actor)? = #isolation
  ) -> Task<Result, Never> {
    start(thunk, extra: (), caller: isolation)
  }

  /// Starts an async thunk, with or without an extra argument, in a task on the store's actor
  /// (which the caller's settles if the store has none yet): what every `start` does.
  func start<Extra, Result>(
    _ thunk: AsyncThunkWithExtra<State, Action, Extra, Result>, extra: Extra, caller: (any Actor)?
  ) -> Task<Result, Never> {
    let stop = FunctionalProgrammerError.noHomeForStartedThunk
    guard let home = engine.homeForAsyncWork(settlingOn: caller, otherwise: stop).actor else { stop() }
    let run = HomeBound((store: self, body: thunk.body, extra: extra))
    return StoreHome.start(on: home, run) { run in await run.body(run.store, run.extra) }
  }

  /// Turns a function that makes an action into one that dispatches it (Redux's
  /// `bindActionCreators`, one creator at a time), keeping the action's static type.
  ///
  /// ```swift
  /// let add = store.bind(CounterAction.add)
  /// add(5)
  /// ```
  /// The function holds the store weakly: called after the store is gone, it does nothing.
  /// - Parameter makeAction: The action creator.
  /// - Returns: A function that makes the action and dispatches it.
  public func bind<Input>(
    _ makeAction: @escaping (Input) -> Action
  ) -> (Input) -> Void {
    { [weak self] input in self?.dispatch(makeAction(input)) }
  }

  /// Turns a function that makes a thunk into one that dispatches it and returns its result.
  ///
  /// ```swift
  /// let addThreeIfOdd = store.bind(addIfOdd(_:))
  /// let added = addThreeIfOdd(3)
  /// ```
  /// The function holds the store weakly: called after the store is gone, it runs nothing and
  /// returns `nil`.
  /// - Parameter makeThunk: The thunk creator.
  /// - Returns: A function that makes the thunk and runs it, or returns `nil` once the store is
  ///   gone.
  @_disfavoredOverload
  public func bind<Input, Result>(
    _ makeThunk: @escaping (Input) -> Thunk<State, Action, Result>
  ) -> (Input) -> Result? {
    { [weak self] input in self?.dispatch(makeThunk(input)) }
  }
}
