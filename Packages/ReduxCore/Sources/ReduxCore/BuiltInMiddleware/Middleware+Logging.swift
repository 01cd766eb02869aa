extension Middleware {
  /// A middleware that describes every action and the state it produced.
  ///
  /// By default each line goes to standard output; pass `log` to send it elsewhere (a logger, a
  /// test's array). It runs where you put it in the chain: first, it sees every action as
  /// dispatched; last, only what the other middlewares let through.
  ///
  /// ```swift
  /// let store = createStore(
  ///   reducer: counterReducer, initialState: Counter(), enhancer: applyMiddleware(.logging(label: "counter")))
  /// store.dispatch(.add(2))  // prints "[counter] add(2) -> Counter(count: 2, …)"
  /// ```
  /// - Parameters:
  ///   - label: Put in brackets before each line, to tell stores apart.
  ///   - log: Receives each line; prints it when not given.
  ///   - isolation: Where `log` may run; leave the default, the caller's actor.
  /// - Returns: The middleware.
  public static func logging(
    label: String = "store",
    log: @escaping (String) -> Void = { print($0) },
    isolation: (any Actor)? = #isolation
  ) -> Middleware {
    Middleware(
      { context, action, next in
        next(action)
        log("[\(label)] \(action) -> \(context.state)")
      }, isolation: isolation)
  }
}
