import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import ReduxCore

/// An HTTP server on loopback for the cache's checks: it answers with what `respond` says,
/// counts requests by method and path, and counts connections that closed while an answer was
/// still owed (a cancelled request, seen from the server).
final class TestHTTPServer: Sendable {
  struct Answer: Sendable {
    var status: HTTPResponseStatus = .ok
    var body: Data = Data()
    /// How long the server waits before answering.
    var delay: Duration = .zero
  }

  typealias Respond = @Sendable (_ method: String, _ path: String, _ body: Data) -> Answer

  private let group: MultiThreadedEventLoopGroup
  private let channel: any Channel
  private let log: Locked<[String]>
  private let heads: Locked<[HTTPRequestHead]>
  private let abandoned: Locked<Int>
  /// Where it listens.
  let baseURL: URL

  /// Starts a server on an unused port of 127.0.0.1.
  static func start(respond: @escaping Respond) async throws -> TestHTTPServer {
    let (group, bootstrap, log, heads, abandoned) = prepare(respond)
    let channel = try await bootstrap.bind(host: "127.0.0.1", port: 0).get()
    return TestHTTPServer(group: group, channel: channel, log: log, heads: heads, abandoned: abandoned)
  }

  /// Starts a server from synchronous code (a global's initializer); it serves until the
  /// process ends.
  static func startWaiting(respond: @escaping Respond) throws -> TestHTTPServer {
    let (group, bootstrap, log, heads, abandoned) = prepare(respond)
    let channel = try bootstrap.bind(host: "127.0.0.1", port: 0).wait()
    return TestHTTPServer(group: group, channel: channel, log: log, heads: heads, abandoned: abandoned)
  }

  private static func prepare(
    _ respond: @escaping Respond
  ) -> (
    MultiThreadedEventLoopGroup, ServerBootstrap, Locked<[String]>, Locked<[HTTPRequestHead]>, Locked<Int>
  ) {
    let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    let log = Locked<[String]>([])
    let heads = Locked<[HTTPRequestHead]>([])
    let abandoned = Locked(0)
    let bootstrap = ServerBootstrap(group: group)
      .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
      .childChannelInitializer { channel in
        channel.pipeline.configureHTTPServerPipeline().flatMap {
          channel.pipeline.addHandler(
            AnswerHandler(respond: respond, log: log, heads: heads, abandoned: abandoned))
        }
      }
    return (group, bootstrap, log, heads, abandoned)
  }

  private init(
    group: MultiThreadedEventLoopGroup, channel: any Channel, log: Locked<[String]>,
    heads: Locked<[HTTPRequestHead]>, abandoned: Locked<Int>
  ) {
    self.group = group
    self.channel = channel
    self.log = log
    self.heads = heads
    self.abandoned = abandoned
    baseURL = URL(string: "http://127.0.0.1:\(channel.localAddress!.port!)/")!
  }

  /// How many requests came for `method` and `path` ("GET /posts/1").
  func count(_ request: String) -> Int { log.withLock { $0.filter { $0 == request }.count } }
  /// Every request so far, in order.
  var requests: [String] { log.withLock { $0 } }
  /// The head (URI, headers) of every request so far, in order.
  var requestHeads: [HTTPRequestHead] { heads.withLock { $0 } }
  /// Connections closed by the client before their answer was sent.
  var abandonedRequests: Int { abandoned.withLock { $0 } }

  func stop() async throws {
    try await channel.close()
    try await group.shutdownGracefully()
  }
}

/// Reads one request at a time and answers it after the answer's delay.
private final class AnswerHandler: ChannelInboundHandler, @unchecked Sendable {
  // `@unchecked`: NIO calls a handler only on its channel's event loop, and the scheduled
  // answer runs there too, so `head`, `body` and `owed` are touched from one thread.
  typealias InboundIn = HTTPServerRequestPart
  typealias OutboundOut = HTTPServerResponsePart

  private let respond: TestHTTPServer.Respond
  private let log: Locked<[String]>
  private let heads: Locked<[HTTPRequestHead]>
  private let abandoned: Locked<Int>
  private var head: HTTPRequestHead?
  private var body = Data()
  private var owed = false

  init(
    respond: @escaping TestHTTPServer.Respond, log: Locked<[String]>, heads: Locked<[HTTPRequestHead]>,
    abandoned: Locked<Int>
  ) {
    self.respond = respond
    self.log = log
    self.heads = heads
    self.abandoned = abandoned
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    switch unwrapInboundIn(data) {
    case .head(let head):
      self.head = head
      body = Data()
    case .body(var buffer):
      body.append(contentsOf: buffer.readBytes(length: buffer.readableBytes) ?? [])
    case .end:
      guard let head else { return }
      let path = String(head.uri.split(separator: "?", maxSplits: 1).first ?? "")
      log.withLock { $0.append("\(head.method.rawValue) \(path)") }
      heads.withLock { $0.append(head) }
      let answer = respond(head.method.rawValue, path, body)
      owed = true
      let loopBound = NIOLoopBound((handler: self, context: context), eventLoop: context.eventLoop)
      let delay = answer.delay.components
      let nanoseconds = delay.seconds * 1_000_000_000 + delay.attoseconds / 1_000_000_000
      context.eventLoop.scheduleTask(in: .nanoseconds(nanoseconds)) {
        loopBound.value.handler.send(answer, keepAlive: head.isKeepAlive, context: loopBound.value.context)
      }
    }
  }

  private func send(_ answer: TestHTTPServer.Answer, keepAlive: Bool, context: ChannelHandlerContext) {
    guard owed, context.channel.isActive else { return }
    owed = false
    var headers = HTTPHeaders()
    headers.add(name: "Content-Type", value: "application/json")
    headers.add(name: "Content-Length", value: "\(answer.body.count)")
    if !keepAlive { headers.add(name: "Connection", value: "close") }
    context.write(
      wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: answer.status, headers: headers))),
      promise: nil)
    var buffer = context.channel.allocator.buffer(capacity: answer.body.count)
    buffer.writeBytes(answer.body)
    context.write(wrapOutboundOut(.body(.byteBuffer(buffer))), promise: nil)
    context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
    if !keepAlive { context.close(promise: nil) }
  }

  func channelInactive(context: ChannelHandlerContext) {
    if owed { abandoned.withLock { $0 += 1 } }
    owed = false
    context.fireChannelInactive()
  }
}
