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
