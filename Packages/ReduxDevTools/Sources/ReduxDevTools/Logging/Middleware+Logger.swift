public import Logging
public import ReduxCore

extension Middleware {
  /// The logging middleware, writing to a swift-log `Logger` (the server-side convention) at a
  /// level of your choice: each action with what it changed, `Redacted` values as their mark.
  ///
  /// ```swift
  /// import Logging
  ///
  /// let logger = Logger(label: "app.store")
  /// let store = createStore(
  ///   reducer: counterReducer, initialState: Counter(), enhancer: applyMiddleware(.logging(to: logger)))
  /// store.dispatch(.add(2))  // debug: add(2): count: 0 -> 2   [store: counter]
  /// ```
  /// - Parameters:
  ///   - logger: Where each line goes; the store's label is in its metadata, under `store`.
  ///   - level: The level of every line.
  ///   - label: The store's name, to tell stores apart.
  ///   - format: What follows the action: what it changed (the default), or the whole state.
  ///   - including: Returns `false` for actions to leave out of the log (they still run).
  ///   - maximumLineLength: Longer lines are cut, and end with `…`.
  ///   - isolation: Where the store lives; leave the default, the caller's actor.
  /// - Returns: The middleware.
  public static func logging(
    to logger: Logger,
    level: Logger.Level = .debug,
    label: String = "store",
    format: LogFormat = .changes,
    including: @escaping (Action) -> Bool = { _ in true },
    maximumLineLength: Int = 1_000,
    isolation: (any Actor)? = #isolation
  ) -> Middleware {
    let prefix = "[\(label)] "
    // An action the logger would drop is not described at all: no diff is made for it.
    return .logging(
      label: label, format: format, including: { logger.logLevel <= level && including($0) },
      maximumLineLength: maximumLineLength + prefix.count,
      log: { line in
        let message = line.hasPrefix(prefix) ? String(line.dropFirst(prefix.count)) : line
        logger.log(level: level, "\(message)", metadata: ["store": "\(label)"])
      }, isolation: isolation)
  }
}
