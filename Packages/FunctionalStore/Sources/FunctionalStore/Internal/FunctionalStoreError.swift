/// The functional style's programmer-error messages; like ReduxCore's, they go through
/// `fatalError` so that release builds print them too.
enum FunctionalStoreError {
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
