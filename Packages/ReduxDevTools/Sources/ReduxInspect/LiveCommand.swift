import Foundation
import ReduxInspectServer

/// `redux-inspect --live [--host H] [--port N] [--token T] [--discovery-file F]`: runs the live
/// server until stopped, after printing where the page is and what an app connects to, and
/// writing both to the discovery file that `LiveInspectorServer.local` reads.
enum LiveCommand {
  static let usage = """
    usage: redux-inspect --live [--host <address>] [--port <port>] [--token <token>] [--discovery-file <file>]
    Serves the live inspector: open the page it prints, and attach LiveInspector(of: store) in the
    app. It listens on 127.0.0.1 unless --host says otherwise (anyone who can reach the address
    and has the token can read and steer the app's state), on port 8790 unless --port says
    otherwise (0: any free port). Every connection needs the token made for this run, or the
    one --token gives (at least 16 characters). The addresses are written, readable by you
    only, to ~/.redux-inspect/live.json unless --discovery-file says where.

    """

  static func run(_ arguments: [String]) -> Never {
    var host = "127.0.0.1"
    var port = 8790
    var token = LiveServer.makeToken()
    var discoveryFile = URL(fileURLWithPath: NSHomeDirectory()).appendingPathComponent(
      ".redux-inspect/live.json")
    var remaining = arguments[...]
    while let option = remaining.popFirst() {
      guard let value = remaining.popFirst() else { fail("\(option) needs a value") }
      switch option {
      case "--host": host = value
      case "--port":
        guard let number = Int(value), (0...65535).contains(number) else {
          fail("--port needs a number from 0 to 65535")
        }
        port = number
      case "--token":
        guard value.count >= 16, value.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
        else {
          fail("--token needs at least 16 letters, digits, - or _")
        }
        token = value
      case "--discovery-file": discoveryFile = URL(fileURLWithPath: value)
      default: fail("unknown option \(option)")
      }
    }
    let server: LiveServer
    do {
      server = try LiveServer.start(host: host, port: port, token: token)
    } catch {
      fail(
        "cannot listen on \(host):\(port): \(error). Is another redux-inspect --live running? Give --port 0 for any free port."
      )
    }
    writeDiscoveryFile(discoveryFile, server: server)
    if !["127.0.0.1", "::1", "localhost"].contains(host) {
      FileHandle.standardError.write(
        Data(
          "redux-inspect: listening on \(host), not only this machine: anyone who can reach it and has the token can read and steer the app.\n"
            .utf8))
    }
    // Written at once, unbuffered: a script that started the server reads the addresses.
    FileHandle.standardOutput.write(
      Data(
        """
        Live inspector on \(host):\(server.port)
        page: \(server.pageAddress)
        app:  \(server.appAddress)
        (both written to \(discoveryFile.path), which LiveInspector(of: store) reads)

        """.utf8))
    var sources: [any DispatchSourceSignal] = []
    for signalNumber in [SIGINT, SIGTERM] {
      signal(signalNumber, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: signalNumber)
      source.setEventHandler {
        removeDiscoveryFile(discoveryFile, ifItNames: server)
        exit(0)
      }
      source.resume()
      sources.append(source)
    }
    do {
      try withExtendedLifetime(sources) { try server.wait() }
    } catch {
      fail("the server stopped: \(error)")
    }
    exit(0)
  }

  private static func writeDiscoveryFile(_ file: URL, server: LiveServer) {
    let contents: [String: Any] = [
      "page": server.pageAddress, "app": server.appAddress,
      "pid": Int(ProcessInfo.processInfo.processIdentifier),
    ]
    do {
      let folder = file.deletingLastPathComponent()
      try FileManager.default.createDirectory(
        at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
      let data = try JSONSerialization.data(withJSONObject: contents, options: [.sortedKeys])
      // Created private before the token is written into it.
      _ = FileManager.default.createFile(
        atPath: file.path, contents: nil, attributes: [.posixPermissions: 0o600])
      _ = chmod(file.path, 0o600)
      try data.write(to: file)
    } catch {
      FileHandle.standardError.write(
        Data(
          "redux-inspect: could not write \(file.path) (\(error)); give the app the address above with LiveInspectorServer.url.\n"
            .utf8))
    }
  }

  private static func removeDiscoveryFile(_ file: URL, ifItNames server: LiveServer) {
    guard let data = try? Data(contentsOf: file), String(decoding: data, as: UTF8.self).contains(server.token)
    else { return }
    try? FileManager.default.removeItem(at: file)
  }

  private static func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("redux-inspect: \(message)\n\(usage)".utf8))
    exit(2)
  }
}
