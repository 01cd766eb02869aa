import Foundation
import ReduxCore
import ReduxDevTools

/// One message the page received, as the server relays it.
package struct LivePageMessage {
  package let object: [String: Any]
  package var instance: String? { object["instance"] as? String }
  private var message: [String: Any] { object["message"] as? [String: Any] ?? [:] }
  package var kind: String? { message["kind"] as? String }
  package var action: String? { message["action"] as? String }
  package var step: Int? { message["step"] as? Int }
  /// How many steps a "dropped" message says were not sent.
  package var count: Int? { message["count"] as? Int }
  package var changes: [String]? { message["changes"] as? [String] }
  package var state: [String: Any]? { message["state"] as? [String: Any] }
  package var label: String? { message["label"] as? String }
  package var style: String? { message["style"] as? String }
  package var acceptsActions: Bool? { message["acceptsActions"] as? Bool }
  package var skipped: Bool? { message["skipped"] as? Bool }
  package var paused: Bool? { message["paused"] as? Bool }
  /// The text of an error message.
  package var messageText: String? { message["message"] as? String }
}

/// A page's connection to the server without a browser, read on a thread of its own as a
/// browser would: for tests, benchmarks and scripts that watch or steer an app.
package final class LivePageClient: Sendable {
  private let connection: Locked<WebSocketConnection?>
  private let received = Locked<[String]>([])
  private let stopped = Locked(false)

  package init(_ server: LiveServer) throws {
    let page = try WebSocketConnection(
      url: URL(string: "ws://127.0.0.1:\(server.port)/page?token=\(server.token)")!)
    // Only this reader's thread reads, and `send` writes under the same lock.
    nonisolated(unsafe) let unsafePage = page
    connection = Locked(unsafePage)
    let (received, stopped, connection) = (received, stopped, connection)
    Thread {
      while !stopped.withLock({ $0 }) {
        guard
          let messages = connection.withLock({ try? $0?.receive(timeout: .milliseconds(20)) })
        else { return }
        received.withLock { $0 += messages.map { String(decoding: $0, as: UTF8.self) } }
      }
    }.start()
  }

  deinit { stopped.withLock { $0 = true } }

  /// Everything received so far, as text.
  package var raw: String { received.withLock { $0.joined(separator: "\n") } }

  package var messages: [LivePageMessage] {
    received.withLock { $0 }.compactMap {
      (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]).map {
        LivePageMessage(object: $0)
      }
    }
  }

  /// The first message that matches, waiting up to 120 seconds for it (a test run under a
  /// sanitizer keeps the main actor busy for half a minute as it starts).
  package nonisolated(nonsending) func first(where matches: (LivePageMessage) -> Bool) async throws
    -> LivePageMessage
  {
    let deadline = ContinuousClock.now + .seconds(120)
    while ContinuousClock.now < deadline {
      if let found = messages.first(where: matches) { return found }
      try await Task.sleep(for: .milliseconds(5))
    }
    throw LivePageTimeout(what: "a page message that matches; received: \(raw.prefix(2_000))")
  }

  /// Sends a command to an instance, as the page's buttons do.
  package func send(instance: String, command: [String: Any]) throws {
    let data = try JSONSerialization.data(withJSONObject: ["instance": instance, "command": command])
    try connection.withLock { try $0?.send(text: data) }
  }
}

/// What a wait for the page (or for an app's state) ran out of time on.
package struct LivePageTimeout: Error, CustomStringConvertible {
  let what: String
  package init(what: String) { self.what = what }
  package var description: String { "timed out waiting for \(what)" }
}
