import ClassStore
import Foundation
import FunctionalStore
import ReduxCore
import ReduxInspectServer
import Testing

@testable import ReduxDevTools

/// The live inspector against its real server, run in the test's process: what a page reads,
/// and what the page's commands do to the app's store. (The three-process check with a browser
/// is `.ci/check-live-inspector`.)
@MainActor
@Suite(.serialized)
struct LiveInspectorTests {
  @Test func anActionReachesThePageWithItsChangesAndState() async throws {
    let server = try LiveServer.startForTest()
    defer { server.stop() }
    let store = createStore(reducer: editorReducer, initialState: Editor())
    let inspector = LiveInspector(of: store, server: server.forApps, label: "editor")
    let page = try LivePageClient(server)
    store.dispatch(.addWord("hello"))
    let step = try await page.first { $0.kind == "step" }
    #expect(step.action == #"addWord("hello")"#)
    #expect(step.changes?.count == 1)
    #expect(step.changes?.first?.hasPrefix("words") == true)
    #expect(step.state?["words"] as? [String] == ["hello"])
    let hello = try await page.first { $0.kind == "hello" }
    #expect(hello.label == "editor")
    #expect(hello.style == "functional")
    #expect(inspector.isConnected)
  }

  @Test func aRedactedFieldNeverReachesTheSocket() async throws {
    let server = try LiveServer.startForTest()
    defer { server.stop() }
    let store = createStore(reducer: sessionReducer, initialState: Session())
    let inspector = LiveInspector(of: store, server: server.forApps)
    let page = try LivePageClient(server)
    store.dispatch(.signIn(user: "ada", token: Redacted(wrappedValue: "s3cr3t-token")))
    _ = try await page.first { $0.kind == "step" }
    #expect(!page.raw.contains("s3cr3t-token"))
    #expect(page.raw.contains("<redacted>"))
    _ = inspector
  }

  @Test func aConnectionWithoutTheTokenIsRefused() throws {
    let server = try LiveServer.startForTest()
    defer { server.stop() }
    for address in ["ws://127.0.0.1:\(server.port)/app", "ws://127.0.0.1:\(server.port)/page?token=wrong"] {
      #expect {
        try WebSocketConnection(url: URL(string: address)!)
      } throws: { error in
        "\(error)".contains("token")
      }
    }
  }

  @Test func aJumpFromThePageSetsTheStoresStateAndLiveReturnsIt() async throws {
    let server = try LiveServer.startForTest()
    defer { server.stop() }
    let store = createStore(reducer: editorReducer, initialState: Editor())
    let inspector = LiveInspector(of: store, server: server.forApps)
    let page = try LivePageClient(server)
    store.dispatch(.addWord("one"))
    store.dispatch(.addWord("two"))
    let hello = try await page.first { $0.kind == "hello" }
    _ = try await page.first { $0.kind == "step" && $0.step == 2 }
    try page.send(instance: hello.instance!, command: ["kind": "jump", "step": 1])
    try await eventually { store.getState().words == ["one"] }
    let shown = try await page.first { $0.kind == "shown" }
    #expect(shown.step == 1)
    try page.send(instance: hello.instance!, command: ["kind": "live"])
    try await eventually { store.getState().words == ["one", "two"] }
    _ = inspector
  }

  @Test func aSkipRecomputesTheStateWithoutTheAction() async throws {
    let server = try LiveServer.startForTest()
    defer { server.stop() }
    let store = createStore(reducer: editorReducer, initialState: Editor())
    let inspector = LiveInspector(of: store, server: server.forApps)
    let page = try LivePageClient(server)
    for word in ["a", "b", "c"] { store.dispatch(.addWord(word)) }
    let hello = try await page.first { $0.kind == "hello" }
    try page.send(instance: hello.instance!, command: ["kind": "skip", "step": 2])
    try await eventually { store.getState().words == ["a", "c"] }
    let restated = try await page.first { $0.kind == "restated" && $0.step == 2 }
    #expect(restated.skipped == true)
    try page.send(instance: hello.instance!, command: ["kind": "skip", "step": 2])
    try await eventually { store.getState().words == ["a", "b", "c"] }
    _ = inspector
  }

  @Test func aSkipReplaysEachKeptCommitWithItsOwnPayload() async throws {
    let server = try LiveServer.startForTest()
    defer { server.stop() }
    let store = EditorStore(state: Editor())
    let inspector = LiveInspector(of: store, server: server.forApps)
    let page = try LivePageClient(server)
    for word in ["a", "b", "c"] { store.append(word) }
    let step = try await page.first { $0.kind == "step" && $0.step == 3 }
    #expect(step.action == #"append("c")"#)
    let hello = try await page.first { $0.kind == "hello" }
    try page.send(instance: hello.instance!, command: ["kind": "skip", "step": 1])
    try await eventually { store.state.words == ["b", "c"] }
    try page.send(instance: hello.instance!, command: ["kind": "skip", "step": 1])
    try await eventually { store.state.words == ["a", "b", "c"] }
    _ = inspector
  }

  @Test func anActionTypedOnThePageIsDispatchedOrRefusedWithAReason() async throws {
    let server = try LiveServer.startForTest()
    defer { server.stop() }
    let store = createStore(reducer: editorReducer, initialState: Editor())
    let inspector = LiveInspector(of: store, server: server.forApps)
    let page = try LivePageClient(server)
    let hello = try await page.first { $0.kind == "hello" }
    #expect(hello.acceptsActions == true)
    try page.send(
      instance: hello.instance!, command: ["kind": "dispatch", "action": ["addWord": ["_0": "typed"]]])
    try await eventually { store.getState().words == ["typed"] }
    try page.send(
      instance: hello.instance!, command: ["kind": "dispatch", "action": ["fly": [:] as [String: Any]]])
    let error = try await page.first { $0.kind == "error" }
    #expect(error.messageText?.contains("does not decode as EditorAction") == true)
    _ = inspector
  }

  @Test func aClassBasedStoresCommitsAreShownAndThePageCannotTypeThem() async throws {
    let server = try LiveServer.startForTest()
    defer { server.stop() }
    let store = EditorStore(state: Editor())
    let inspector = LiveInspector(of: store, server: server.forApps)
    let page = try LivePageClient(server)
    store.addWord("commit")
    let step = try await page.first { $0.kind == "step" }
    #expect(step.action == "addWord")
    let hello = try await page.first { $0.kind == "hello" }
    #expect(hello.style == "class-based")
    #expect(hello.acceptsActions == false)
    try page.send(instance: hello.instance!, command: ["kind": "dispatch", "action": [:] as [String: Any]])
    let error = try await page.first { $0.kind == "error" }
    #expect(error.messageText?.contains("not Decodable") == true)
    _ = inspector
  }

  @Test func aStepOlderThanTheKeptOnesIsRefusedWithAReason() async throws {
    let server = try LiveServer.startForTest()
    defer { server.stop() }
    let store = createStore(reducer: editorReducer, initialState: Editor())
    let inspector = LiveInspector(of: store, server: server.forApps, stepsKept: 4)
    let page = try LivePageClient(server)
    for index in 0..<20 { store.dispatch(.select(index)) }
    let hello = try await page.first { $0.kind == "hello" }
    try page.send(instance: hello.instance!, command: ["kind": "jump", "step": 2])
    let error = try await page.first { $0.kind == "error" }
    #expect(error.messageText?.contains("stepsKept") == true)
    #expect(store.getState().selection == 19)
    _ = inspector
  }

  @Test func pausedNoStepIsSentAndResumedTheNextIs() async throws {
    let server = try LiveServer.startForTest()
    defer { server.stop() }
    let store = createStore(reducer: editorReducer, initialState: Editor())
    let inspector = LiveInspector(of: store, server: server.forApps)
    let page = try LivePageClient(server)
    let hello = try await page.first { $0.kind == "hello" }
    try page.send(instance: hello.instance!, command: ["kind": "pause"])
    _ = try await page.first { $0.kind == "paused" && $0.paused == true }
    store.dispatch(.addWord("unseen"))
    try page.send(instance: hello.instance!, command: ["kind": "resume"])
    _ = try await page.first { $0.kind == "paused" && $0.paused == false }
    store.dispatch(.addWord("seen"))
    let step = try await page.first { $0.kind == "step" }
    #expect(step.action == #"addWord("seen")"#)
    #expect(page.messages.allSatisfy { $0.action != #"addWord("unseen")"# })
    _ = inspector
  }

  /// A burst far faster than the inspector's thread encodes: the store's side builds no batch
  /// only to drop it, yet the page gets the newest step, and every step is either sent or
  /// counted as dropped (the page is told how many).
  @Test func aBurstFasterThanTheThreadEndsWithTheNewestStepAndEveryOtherCounted() async throws {
    let server = try LiveServer.startForTest()
    defer { server.stop() }
    let store = createStore(reducer: editorReducer, initialState: Editor())
    let inspector = LiveInspector(of: store, server: server.forApps)
    let page = try LivePageClient(server)
    _ = try await page.first { $0.kind == "hello" }
    let burst = 200_000
    for index in 1...burst { store.dispatch(.select(index)) }
    let last = try await page.first { $0.kind == "step" && $0.step == burst }
    #expect(last.state?["selection"] as? Int == burst)
    let sent = page.messages.filter { $0.kind == "step" }.count
    let dropped = page.messages.filter { $0.kind == "dropped" }.compactMap(\.count).reduce(0, +)
    #expect(sent + dropped == burst, "\(sent) sent and \(dropped) dropped of \(burst)")
    #expect(dropped > 0, "the burst outran the thread")
    _ = inspector
  }

  @Test func withNoServerTheStoreGoesOnAndTheInspectorIsNotConnected() async throws {
    let store = createStore(reducer: editorReducer, initialState: Editor())
    let missing = FileManager.default.temporaryDirectory.appendingPathComponent("no-such-folder/live.json")
    let inspector = LiveInspector(of: store, server: .discoveryFile(missing))
    for index in 0..<10_000 { store.dispatch(.select(index)) }
    inspector.flush()
    #expect(store.getState().selection == 9_999)
    #expect(!inspector.isConnected)
  }
}

extension LiveServer {
  /// A server on a free loopback port with a token of its own, for one test.
  static func startForTest() throws -> LiveServer {
    try start(host: "127.0.0.1", port: 0, token: makeToken())
  }

  /// Where an app's inspector finds this server.
  var forApps: LiveInspectorServer { .url(URL(string: appAddress)!) }
}

/// Waits up to 30 seconds for `condition`, letting the store's actor run meanwhile.
@MainActor
func eventually(_ condition: @MainActor () -> Bool) async throws {
  let deadline = ContinuousClock.now + .seconds(120)
  while !condition() {
    guard ContinuousClock.now < deadline else { throw LivePageTimeout(what: "the store's state") }
    try await Task.sleep(for: .milliseconds(5))
  }
}
