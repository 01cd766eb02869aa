import Foundation
import ReduxCore
import ReduxDevTools
import ReduxInspectServer
import Testing

// The live inspector keeps the contract in every style, on every home: each action reaches the
// page as one step, in order, with the state after it and nothing redacted in the clear; a jump
// from the page shows a past step in the app as time travel does (observers of what changed
// told, nothing run again), and Live returns to the newest.

@Suite(.serialized) struct LiveInspectorContract {
  @Test(arguments: StyleAdapter.all, TestHome.all)
  func stepsReachThePageInOrderAndAJumpIsTimeTravel(style: StyleAdapter, home: TestHome) async throws {
    let server = try LiveServer.start(host: "127.0.0.1", port: 0, token: LiveServer.makeToken())
    defer { server.stop() }
    let page = try LivePageClient(server)
    let address = LiveInspectorServer.url(URL(string: server.appAddress)!)
    await home.run { isolation in
      let store = style.make(StoreOptions(), isolation)
      let inspector = store.makeLiveInspector(address)
      store.dispatch(.increment)
      store.dispatch(.add(2))
      store.dispatch(.bumpOther)
      let counts = Log<Int>()
      let token = store.subscribeToCount { counts.append($0) }
      guard let hello = try? await page.first(where: { $0.kind == "hello" }),
        (try? await page.first(where: { $0.kind == "step" && $0.step == 3 })) != nil
      else {
        Issue.record("the page did not receive the steps: \(page.raw.prefix(1_000))")
        return
      }
      let steps = page.messages.filter { $0.kind == "step" }
      #expect(steps.map(\.step) == [1, 2, 3])
      #expect(steps.map { $0.state?["count"] as? Int } == [1, 3, 3])
      #expect(steps.map { $0.state?["other"] as? Int } == [0, 0, 1])
      #expect(!page.raw.contains("s3cr3t"))
      try? page.send(instance: hello.instance!, command: ["kind": "jump", "step": 1])
      await waitUntil { store.state().count == 1 }
      #expect(store.state() == ConformanceState(count: 1))
      try? page.send(instance: hello.instance!, command: ["kind": "live"])
      await waitUntil { store.state().count == 3 }
      #expect(store.state() == ConformanceState(count: 3, other: 1))
      #expect(counts.entries == [1, 3])
      _ = (inspector, token)
    }
  }
}
