/// A Redux store with an extra argument for its thunks (Redux-thunk's `withExtraArgument`):
/// what ``createStore(reducer:initialState:enhancer:extraArgument:isolation:)`` returns.
///
/// The extra argument's type is part of the store's type, so a ``ThunkWithExtra`` that asks
/// for another type does not compile, where a lookup at run time would stop the program.
/// Everything else is ``ReduxStore``'s.
///
/// ```swift
/// let store = createStore(reducer: todoReducer, initialState: TodoState(), extraArgument: TodoAPI())
/// let loaded = await store.dispatch(loadTodos())
/// ```
public final class ReduxStoreWithExtra<State, Action, Extra>: ReduxStore<State, Action> {
  override var extraForAsyncThunks: Any? { extraArgument }

  /// The value every ``ThunkWithExtra`` receives as its third argument, typically the app's
  /// dependencies.
  public let extraArgument: Extra

  /// Makes a store; ``createStore(reducer:initialState:enhancer:extraArgument:isolation:)`` is the same
  /// with an enhancer.
  ///
  /// ```swift
  /// let store = ReduxStoreWithExtra(reducer: counterReducer, initialState: 0, extraArgument: api)
  /// ```
  /// - Parameters:
  ///   - reducer: Applies each action.
  ///   - initialState: The state before any action.
  ///   - extraArgument: Handed to every ``ThunkWithExtra``.
  ///   - isolation: Where the store lives; leave the default, the caller's actor.
  @inlinable
  public init(
    reducer: ReduxReducer<State, Action>, initialState: State, extraArgument: Extra,
    isolation: (any Actor)? = #isolation
  ) {
    self.extraArgument = extraArgument
    super.init(reducer: reducer, initialState: initialState, home: isolation)
  }
}

extension ReduxStoreWithExtra {
  /// Runs a thunk that needs the extra argument now and returns its result.
  ///
  /// ```swift
  /// stepStore.dispatch(addStep())
  /// ```
  /// - Parameter thunk: The thunk.
  /// - Returns: What the thunk returned.
  @discardableResult
  public func dispatch<Result>(_ thunk: ThunkWithExtra<State, Action, Extra, Result>) -> Result {
    thunk.body(self, extraArgument)
  }

  /// Runs an async thunk that needs the extra argument and waits for its result.
  ///
  /// ```swift
  /// let loaded = await todoStore.dispatch(loadTodos())
  /// ```
  /// - Parameter thunk: The thunk.
  /// - Returns: What the thunk returned.
  @discardableResult
  nonisolated(nonsending) public func dispatch<Result>(
    _ thunk: AsyncThunkWithExtra<State, Action, Extra, Result>
  ) async -> Result {
    await thunk.body(self, extraArgument)
  }

  /// Starts an async thunk that needs the extra argument from synchronous code and returns its
  /// task.
  ///
  /// ```swift
  /// let task = todoStore.start(loadTodos())
  /// ```
  /// - Parameters:
  ///   - thunk: The thunk.
  ///   - isolation: The caller's actor; leave the default (see ``ReduxStore/start(_:isolation:)``).
  /// - Returns: The task running it, where the store lives.
  @discardableResult
  public func start<Result>(
    _ thunk: AsyncThunkWithExtra<State, Action, Extra, Result>,
    isolation: (any Actor)? = #isolation
  ) -> Task<Result, Never> {
    start(thunk, extra: extraArgument, caller: isolation)
  }

  /// Turns a function that makes a thunk needing the extra argument into one that dispatches it
  /// and returns its result; it holds the store weakly and returns `nil` once the store is gone.
  ///
  /// ```swift
  /// let addStepsNow = stepStore.bind(addSteps(times:))
  /// addStepsNow(3)
  /// ```
  /// - Parameter makeThunk: The thunk creator.
  /// - Returns: A function that makes the thunk and runs it.
  public func bind<Input, Result>(
    _ makeThunk: @escaping (Input) -> ThunkWithExtra<State, Action, Extra, Result>
  ) -> (Input) -> Result? {
    { [weak self] input in self?.dispatch(makeThunk(input)) }
  }
}
