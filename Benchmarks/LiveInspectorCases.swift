import EffectStore
import Foundation
import FunctionalStore
import ReduxCore
import ReduxDevTools
import ReduxInspectServer

// LI0, LI1, LI2: what the live inspector costs the app per action (S1's dispatch with a
// `LiveInspector` attached). LI0 is connected to a live server (`redux-inspect --live`, run in
// this process) that no page reads; LI1 has a page reading every step as it comes (a WebSocket
// reader on a thread of its own, standing in for the browser); LI2 has no server at all, so the
// inspector's thread encodes what it can and drops the oldest. The thread's own work (encoding,
// comparing, sending) runs on the other core; what is measured is the store's actor.

/// The server the cases connect to, started once.
@MainActor
private let liveServer: LiveServer? = try? LiveServer.start(
  host: "127.0.0.1", port: 0, token: LiveServer.makeToken())

/// Reads the page's socket as a browser would, until the process ends.
@MainActor
private let pageReader: Void = {
  guard let server = liveServer,
    let address = URL(string: "ws://127.0.0.1:\(server.port)/page?token=\(server.token)")
  else { return }
  let thread = Thread {
    guard let page = try? WebSocketConnection(url: address) else { return }
    while (try? page.receive(timeout: .milliseconds(100))) != nil {}
  }
  thread.start()
}()

@MainActor
func liveInspectorCases<S: BenchmarkStore>(_: S.Type) -> [BenchmarkCase] {
  func scenario(_ id: String) -> Scenario { Scenario.all.first { $0.id == id }! }

  func liveCase(_ id: String, page: Bool, server: LiveInspectorServer?) -> BenchmarkCase {
    BenchmarkCase(scenario: scenario(id), style: S.style) {
      if page { _ = pageReader }
      let store = makeStore(S.self, initialState: BenchmarkState(), middlewares: [])
      let target = server ?? .url(URL(string: "ws://127.0.0.1:1/app?token=none")!)
      let inspector = attachInspector(to: store, server: target)
      // Measured connected: wait for the connection (LI2 has none to wait for).
      let deadline = ContinuousClock.now + .seconds(5)
      while server != nil, !inspector.isConnected, ContinuousClock.now < deadline {
        Thread.sleep(forTimeInterval: 0.01)
      }
      var dispatched = 0
      return Runner(
        run: { n in
          for _ in 0..<n { store.perform(.increment) }
          dispatched += n
        },
        verify: {
          if server != nil, !inspector.isConnected { return "the live inspector is not connected" }
          return expectCount(store.engine.untrackedState.count, dispatched)
        })
    }
  }

  let connected = liveServer.map { LiveInspectorServer.url(URL(string: $0.appAddress)!) }
  return [
    liveCase("LI0", page: false, server: connected),
    liveCase("LI1", page: true, server: connected),
    liveCase("LI2", page: false, server: nil),
  ]
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
