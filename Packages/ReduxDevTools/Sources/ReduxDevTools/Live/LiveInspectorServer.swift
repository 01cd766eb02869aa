public import Foundation

/// Where a ``LiveInspector`` finds the server that `redux-inspect --live` runs.
///
/// ```swift
/// let inspector = LiveInspector(of: store)  // .local: the server on this machine
/// let fixed = LiveInspector(of: store, server: .url(URL(string: "ws://192.168.1.20:8790/app?token=…")!))
/// ```
public struct LiveInspectorServer: Sendable {
  enum Source: Sendable {
    case url(URL)
    case discoveryFile(URL)
  }

  let source: Source

  /// The server on this machine: the address is read from the file the server writes when it
  /// starts (`~/.redux-inspect/live.json`, readable by its owner only), again at each attempt
  /// to connect, so an app reconnects to a server started again, with its new token.
  public static var local: LiveInspectorServer { .discoveryFile(defaultDiscoveryFile) }

  /// A server at a fixed address: the `app` address `redux-inspect --live` prints, with its
  /// token. Start the server with `--token` to keep the address across runs.
  ///
  /// ```swift
  /// let server = LiveInspectorServer.url(URL(string: "ws://127.0.0.1:8790/app?token=…")!)
  /// ```
  public static func url(_ url: URL) -> LiveInspectorServer { LiveInspectorServer(source: .url(url)) }

  /// The server whose address is in `file`, which `redux-inspect --live --discovery-file` wrote.
  ///
  /// ```swift
  /// let server = LiveInspectorServer.discoveryFile(folder.appendingPathComponent("live.json"))
  /// ```
  public static func discoveryFile(_ file: URL) -> LiveInspectorServer {
    LiveInspectorServer(source: .discoveryFile(file))
  }

  /// `~/.redux-inspect/live.json`.
  static var defaultDiscoveryFile: URL {
    let home =
      ProcessInfo.processInfo.environment["HOME"].map { URL(fileURLWithPath: $0) }
      ?? FileManager.default.homeDirectoryForCurrentUser
    return home.appendingPathComponent(".redux-inspect/live.json")
  }

  /// The address to connect to now, or why there is none.
  func address() -> Result<URL, WebSocketConnection.Failure> {
    switch source {
    case .url(let url):
      return .success(url)
    case .discoveryFile(let file):
      guard let data = try? Data(contentsOf: file),
        let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
        let app = object["app"] as? String, let url = URL(string: app)
      else {
        return .failure(
          .init(
            description:
              "no live inspector server: \(file.path) is missing; start one with `swift run redux-inspect --live`"
          ))
      }
      return .success(url)
    }
  }
}
