import FunctionalStore
import Logging
import ReduxCore
import ReduxDevTools
import Testing

/// Keeps what a `Logger` was given.
final class CollectedLog: LogHandler, Sendable {
  struct Entry: Equatable, Sendable {
    let level: Logger.Level
    let message: String
    let store: String?
  }
  private let storage = Locked<[Entry]>([])
  var entries: [Entry] { storage.withLock { $0 } }
  var metadata: Logger.Metadata {
    get { [:] }
    set {}
  }
  var logLevel: Logger.Level {
    get { .info }
    set {}
  }
  subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { nil }
    set {}
  }
  func log(event: LogEvent) {
    let store = event.metadata?["store"].map { "\($0)" }
    storage.withLock { $0.append(Entry(level: event.level, message: "\(event.message)", store: store)) }
  }
}

@MainActor
@Suite struct LoggerMiddlewareTests {
  @Test func eachActionGoesToTheLoggerAtItsLevelWithoutSecrets() {
    let handler = CollectedLog()
    let logger = Logger(label: "test") { _ in handler }
    let store = createStore(
      reducer: sessionReducer, initialState: Session(),
      enhancer: applyMiddleware(.logging(to: logger, level: .notice, label: "session")))
    store.dispatch(.signIn(user: "ada", token: Redacted(wrappedValue: "s3cr3t")))
    #expect(
      handler.entries == [
        .init(
          level: .notice,
          message:
            #"signIn(user: "ada", token: <redacted>): user: "" -> "ada"; token: <redacted> -> <redacted>"#,
          store: "session")
      ])
  }

  @Test func aLevelTheLoggerLeavesOutIsNotDescribed() {
    let handler = CollectedLog()
    let logger = Logger(label: "test") { _ in handler }
    let store = createStore(
      reducer: sessionReducer, initialState: Session(), enhancer: applyMiddleware(.logging(to: logger)))
    store.dispatch(.signOut)
    #expect(handler.entries.isEmpty)  // .debug is below the handler's .info
  }
}
