import Foundation
import NIOCore
import NIOWebSocket

/// What the live server knows: the apps' stores (instances) with what each sent, and the open
/// pages. Apps' messages go to every page, and are kept so that a page opened later sees the
/// session from its start; a page's commands go to the app of their instance.
///
/// Only the server's one event loop touches it.
final class LiveHub: @unchecked Sendable {
  // `@unchecked`: every method runs on `loop` (the server has one event loop), so its state is
  // touched from one thread.
  private struct Instance {
    var id: String
    /// The app's last hello, as sent.
    var hello: String
    /// The messages since the first hello, wrapped for the page; the oldest go past `logLimit`.
    var log: [String] = []
    var app: (any Channel)?
  }

  let loop: any EventLoop
  private var instances: [String: Instance] = [:]
  private var order: [String] = []
  private var pages: [ObjectIdentifier: any Channel] = [:]
  /// Which instance each app connection said it is.
  private var appInstances: [ObjectIdentifier: String] = [:]
  private let logLimit: Int

  init(loop: any EventLoop, logLimit: Int = 20_000) {
    self.loop = loop
    self.logLimit = logLimit
  }

  // MARK: - Apps

  func appSent(_ text: String, from channel: any Channel) {
    loop.preconditionInEventLoop()
    if let id = appInstances[ObjectIdentifier(channel)] {
      record(wrap(id, text), in: id)
      return
    }
    // The first message of a connection is its hello, which says which instance it is.
    guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
      object["kind"] as? String == "hello", let id = object["instance"] as? String,
      id.count <= 64, id.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" })
    else {
      _ = channel.close()
      return
    }
    appInstances[ObjectIdentifier(channel)] = id
    if instances[id] == nil {
      instances[id] = Instance(id: id, hello: text)
      order.append(id)
    }
    instances[id]?.hello = text
    instances[id]?.app = channel
    record(wrap(id, text), in: id)
  }

  func appClosed(_ channel: any Channel) {
    guard let id = appInstances.removeValue(forKey: ObjectIdentifier(channel)) else { return }
    guard instances[id]?.app === channel else { return }
    instances[id]?.app = nil
    record(#"{"instance":"\#(id)","disconnected":true}"#, in: id)
  }

  // MARK: - Pages

  func pageOpened(_ channel: any Channel) {
    pages[ObjectIdentifier(channel)] = channel
    for id in order {
      for line in instances[id]?.log ?? [] { send(line, to: channel) }
    }
    send(#"{"ready":true}"#, to: channel)
  }

  func pageClosed(_ channel: any Channel) {
    pages[ObjectIdentifier(channel)] = nil
  }

  /// A page's command: `{"instance": id, "command": {...}}`, passed to that instance's app.
  func pageSent(_ text: String, from page: any Channel) {
    guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
      let id = object["instance"] as? String, let command = object["command"] as? [String: Any],
      let data = try? JSONSerialization.data(withJSONObject: command)
    else { return }
    guard let app = instances[id]?.app else {
      let message =
        #"{"kind":"error","message":"The app is not connected; its commands wait for it to be back."}"#
      if instances[id] != nil { send(wrap(id, message), to: page) }
      return
    }
    send(String(decoding: data, as: UTF8.self), to: app)
  }

  // MARK: -

  private func record(_ line: String, in id: String) {
    instances[id]?.log.append(line)
    // Trimmed a tenth at a time, so that a busy app does not cost a shift of the log per message.
    if let count = instances[id]?.log.count, count > logLimit + logLimit / 10 {
      instances[id]?.log.removeFirst(count - logLimit)
      // The first kept line must say who the instance is, for a page opened later.
      if let hello = instances[id]?.hello { instances[id]?.log[0] = wrap(id, hello) }
    }
    for page in pages.values { send(line, to: page) }
  }

  private func wrap(_ id: String, _ message: String) -> String {
    #"{"instance":"\#(id)","message":\#(message)}"#
  }

  private func send(_ text: String, to channel: any Channel) {
    var buffer = channel.allocator.buffer(capacity: text.utf8.count)
    buffer.writeString(text)
    channel.writeAndFlush(WebSocketFrame(fin: true, opcode: .text, data: buffer), promise: nil)
  }
}
