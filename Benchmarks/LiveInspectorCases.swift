import EffectStore
import Foundation
import FunctionalStore
import ReduxCore
import ReduxDevTools

// LI0, LI2 and LI0p: what the live inspector costs the app per action (S1's dispatch with a
// `LiveInspector` attached; LI0p, a class-based store's payload commit, S1p). LI0 is connected to a server that reads every message (a WebSocket
// sink on a thread of this process: the benchmarks do not link the live server's SwiftNIO,
// whose debug information valgrind cannot read and whose code moves the layout-sensitive
// instruction counts); LI2 has no server at all, so the inspector's thread encodes what it can
// and drops the oldest. The thread's own work (encoding, comparing, sending) runs on the other
// core; what is measured is the store's actor.

/// A WebSocket server that accepts every connection, answers its handshake and reads what comes,
/// until the process ends: it stands for `redux-inspect --live`, at no cost of its own.
private let sinkPort: Int? = {
  let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
  guard listener >= 0 else { return nil }
  var address = sockaddr_in()
  address.sin_family = sa_family_t(AF_INET)
  address.sin_addr.s_addr = inet_addr("127.0.0.1")
  address.sin_port = 0
  var length = socklen_t(MemoryLayout<sockaddr_in>.size)
  let bound = withUnsafeMutablePointer(to: &address) {
    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
      bind(listener, $0, length) == 0 && listen(listener, 8) == 0 && getsockname(listener, $0, &length) == 0
    }
  }
  guard bound else { return nil }
  Thread {
    while true {
      let connection = accept(listener, nil, nil)
      guard connection >= 0 else { return }
      Thread {
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        var head: [UInt8] = []
        while !head.suffix(4).elementsEqual([13, 10, 13, 10]) {
          let count = recv(connection, &buffer, buffer.count, 0)
          guard count > 0 else {
            close(connection)
            return
          }
          head += buffer[..<count]
        }
        let answer =
          "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
          + "Sec-WebSocket-Accept: sink\r\n\r\n"
        _ = answer.withCString { send(connection, $0, strlen($0), 0) }
        while recv(connection, &buffer, buffer.count, 0) > 0 {}
        close(connection)
      }.start()
    }
  }.start()
  return Int(UInt16(bigEndian: address.sin_port))
}()

@MainActor
func liveInspectorCases<S: BenchmarkStore>(_: S.Type) -> [BenchmarkCase] {
  func scenario(_ id: String) -> Scenario { Scenario.all.first { $0.id == id }! }

  /// `payloadCommits`: the class-based store commits `add(1)` (S1p) rather than S1's action.
  func liveCase(_ id: String, connected: Bool, payloadCommits: Bool = false) -> BenchmarkCase {
    BenchmarkCase(scenario: scenario(id), style: S.style) {
      // The sink starts with the first case that needs it, never in another case's process.
      let server =
        connected
        ? sinkPort.map { LiveInspectorServer.url(URL(string: "ws://127.0.0.1:\($0)/app?token=sink")!) } : nil
      let store = makeStore(S.self, initialState: BenchmarkState(), middlewares: [])
      let target = server ?? .url(URL(string: "ws://127.0.0.1:1/app?token=none")!)
      let inspector = attachInspector(to: store, server: target)
      // Measured connected: wait for the connection (LI2 has none to wait for).
      let deadline = ContinuousClock.now + .seconds(5)
      while server != nil, !inspector.isConnected, ContinuousClock.now < deadline {
        Thread.sleep(forTimeInterval: 0.01)
      }
      var dispatched = 0
      let payloadStore = payloadCommits ? store as? BenchmarkClassStore : nil
      return Runner(
        run: { n in
          if let payloadStore {
            for _ in 0..<n { payloadStore.add(1) }
          } else {
            for _ in 0..<n { store.perform(.increment) }
          }
          dispatched += n
        },
        verify: {
          if server != nil, !inspector.isConnected { return "the live inspector is not connected" }
          return expectCount(store.engine.untrackedState.count, dispatched)
        })
    }
  }

  return [
    liveCase("LI0", connected: true),
    liveCase("LI2", connected: false),
  ] + (S.style == .classBased ? [liveCase("LI0p", connected: true, payloadCommits: true)] : [])
}

/// A store's inspector made the way its user's code makes it: with the store's concrete type,
/// so that `Sendable` actions take the path that describes them off the store's actor.
@MainActor
private func attachInspector<S: BenchmarkStore>(
  to store: S, server: LiveInspectorServer
) -> LiveInspectorHandle {
  switch store {
  case let store as ReduxStore<BenchmarkState, BenchmarkAction>:
    return LiveInspectorHandle(LiveInspector(of: store, server: server, label: "LI"))
  case let store as FeatureStore<BenchmarkState, BenchmarkAction>:
    return LiveInspectorHandle(LiveInspector(of: store, server: server, label: "LI"))
  default:
    return LiveInspectorHandle(LiveInspector(of: store, server: server, label: "LI"))
  }
}

/// An inspector of any action type, kept alive by the case.
@MainActor
private final class LiveInspectorHandle {
  private let inspector: AnyObject
  private let connected: () -> Bool

  init<Action>(_ inspector: LiveInspector<BenchmarkState, Action>) {
    self.inspector = inspector
    connected = { inspector.isConnected }
  }

  var isConnected: Bool { connected() }
}
