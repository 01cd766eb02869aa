/// The functional style's programmer-error messages; like ReduxCore's, they go through
/// `fatalError` so that release builds print them too.
@usableFromInline
enum FunctionalProgrammerError {
  static func noHomeForStartedThunk() -> Never {
    fatalError(
      """
      FunctionalStore: start(_:) was given an async thunk, but neither the store nor the code \
      calling start(_:) has an actor to run it on: both run off the main thread where Swift \
      reports no actor (a nonisolated function or test). Call start(_:) from the main actor \
      (mark the function or test @MainActor) or from one of your actor's methods, or await the \
      thunk with `await store.dispatch(thunk)`, which runs it where you are.
      """)
  }

  static func noHomeForAsyncThunk() -> Never {
    fatalError(
      """
      FunctionalStore: dispatch(_:) was given an async thunk's call, but neither the store nor \
      the code dispatching it has an actor to run its work on: both run off the main thread \
      where Swift reports no actor (a nonisolated function or test). Dispatch it from the main \
      actor (mark the function or test @MainActor) or from one of your actor's methods.
      """)
  }

  static func emptyName(of what: String) -> Never {
    fatalError(
      """
      FunctionalStore: \(what) was given an empty name. Action types are told apart, printed \
      and recorded by their names: give it one, such as "todos" for a slice or "added" for a \
      case ("todos/added").
      """)
  }

  static func noInitialState(ofSlice name: String) -> Never {
    fatalError(
      """
      FunctionalStore: getInitialState() was called on the slice "\(name)", which was declared \
      without one. Declare it with StateSlice(name: "\(name)", initialState: …).
      """)
  }

  static func secondDefaultCase() -> Never {
    fatalError(
      """
      FunctionalStore: addDefaultCase was called twice in one slice's extra reducers; the second \
      would silently replace the first. A slice has one default case: put both changes in one \
      closure.
      """)
  }

  static func secondCase(for type: String) -> Never {
    fatalError(
      """
      FunctionalStore: addCase was called twice for "\(type)" in one slice's extra reducers (or one \
      createReducer builder); the second would run beside the first where one was meant. Put both \
      changes in one case, or use addMatcher to run several reducers on one action.
      """)
  }

  static func listenerExtra(_ extra: (any Sendable)?, isNot type: Any.Type) -> Never {
    let given = extra.map { "a value of type \(Swift.type(of: $0))" } ?? "no extra value"
    fatalError(
      """
      FunctionalStore: a listener asked for api.extra(as: \(type).self), but its ListenerMiddleware \
      was made with \(given). Make it with ListenerMiddleware(extra: …) given a \(type).
      """)
  }

  static func thunkExtra(_ extra: Any?, isNot type: Any.Type) -> Never {
    let given = extra.map { "a value of type \(Swift.type(of: $0))" } ?? "no extra value"
    fatalError(
      """
      FunctionalStore: an async thunk asked for api.extra(as: \(type).self), but where it was \
      dispatched there is \(given). Dispatch it to a store made with createStore(…, \
      extraArgument:) given a \(type), or from a listener of a ListenerMiddleware(extra: …) \
      given one.
      """)
  }

  static func noHomeForListener() -> Never {
    fatalError(
      """
      FunctionalStore: a ListenerMiddleware matched an action, but its store has no actor to run \
      the listener's effect on: the store was made where Swift reports no actor (a nonisolated \
      function or test). Make the store on the main actor (mark the function or test \
      @MainActor) or in one of your actor's methods.
      """)
  }

  @usableFromInline
  static func enhancerReplacedTheStore() -> Never {
    fatalError(
      """
      FunctionalStore: createStore(…, extraArgument:) was given an enhancer that returned a store \
      other than the one its creator made, so the store would lose its extra argument. An \
      enhancer must return the store that `create` made (add middlewares to it, as \
      applyMiddleware does), not a new one.
      """)
  }
}
