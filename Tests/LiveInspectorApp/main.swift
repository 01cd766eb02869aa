// An app with a store and a LiveInspector, driven line by line on standard input, for the live
// inspector's end-to-end check (.ci/check-live-inspector): the store in this process, the server
// in another, the page in a browser. It answers each line with one line on standard output.
//
//   dispatch increment | dispatch add <n> | dispatch rename <text>   an action, as the app sends it
//   burst <n>      n increments in a row, then the memory the process grew by, in bytes
//   state          the store's state now, as JSON (the real values: it is the app's own view)
//   connected      whether the inspector is connected
//   quit
import Foundation
import FunctionalStore
import ReduxCore
import ReduxDevTools

struct Account: Equatable, Codable, Sendable {
  var count = 0
  var title = "untitled"
  /// Never on the wire: the end-to-end check looks for it there.
  @Redacted var password = "hunter2-never-on-the-wire"
}

enum AccountAction: Equatable, Codable, Sendable {
  case increment
  case add(Int)
  case rename(String)
}

let accountReducer = ReduxReducer<Account, AccountAction> { state, action in
  switch action {
  case .increment: state.count += 1
  case .add(let amount): state.count += amount
  case .rename(let title): state.title = title
  }
}

/// The process's resident memory, in bytes (Linux: /proc/self/statm).
func residentBytes() -> Int {
  guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
    let pages = text.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
  else { return 0 }
  return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

@MainActor
func main() async {
  let discovery = CommandLine.arguments.dropFirst().first.map { URL(fileURLWithPath: $0) }
  let store = createStore(reducer: accountReducer, initialState: Account())
  let inspector = LiveInspector(
    of: store, server: discovery.map { .discoveryFile($0) } ?? .local, label: "account")
  let lines = AsyncStream<String> { continuation in
    let reader = Thread {
      while let line = readLine() { continuation.yield(line) }
      continuation.finish()
    }
    reader.start()
  }
  func answer(_ text: String) {
    FileHandle.standardOutput.write(Data((text + "\n").utf8))
  }
  answer("ready")
  for await line in lines {
    let words = line.split(separator: " ", maxSplits: 2).map(String.init)
    switch (words.first, words.dropFirst().first) {
    case ("dispatch", "increment"): store.dispatch(.increment)
    case ("dispatch", "add"): store.dispatch(.add(Int(words.last ?? "") ?? 0))
    case ("dispatch", "rename"): store.dispatch(.rename(words.count > 2 ? words[2] : ""))
    case ("burst", let count?):
      let before = residentBytes()
      for _ in 0..<(Int(count) ?? 0) { store.dispatch(.increment) }
      // The batches handed to the inspector's thread are dropped past its bounds; let it work.
      try? await Task.sleep(for: .milliseconds(500))
      answer("grew \(residentBytes() - before)")
      continue
    case ("state", _):
      let encoder = JSONEncoder()
      encoder.outputFormatting = .sortedKeys
      let state = store.getState()
      answer(
        String(
          decoding: try! encoder.encode(["count": "\(state.count)", "title": state.title]), as: UTF8.self))
      continue
    case ("connected", _):
      answer("\(inspector.isConnected)")
      continue
    case ("quit", _): return
    default:
      answer("unknown: \(line)")
      continue
    }
    answer("ok")
  }
  _ = inspector
}

await main()
