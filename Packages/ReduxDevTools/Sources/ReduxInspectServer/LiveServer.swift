import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket

/// The live inspector's server: the page at `/`, the apps' WebSocket at `/app` and the pages'
/// at `/page`, each refused without the token made for this run.
package final class LiveServer: Sendable {
  package let token: String
  let hub: LiveHub
  private let group: MultiThreadedEventLoopGroup
  private let channel: any Channel

  /// The address it listens on, as a URL's host and port.
  package let host: String
  package let port: Int

  /// Starts listening on `host` (loopback unless told otherwise) and `port` (0: any free one).
  package static func start(host: String, port: Int, token: String) throws -> LiveServer {
    let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    let hub = LiveHub(loop: group.next())
    let bootstrap = ServerBootstrap(group: group)
      .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
      .childChannelInitializer { channel in
        let upgrader = NIOWebSocketServerUpgrader(
          maxFrameSize: 1 << 30,
          shouldUpgrade: { channel, head in
            let request = LiveRequest(head)
            let allowed = request.hasToken(token) && (request.path == "/app" || request.path == "/page")
            return channel.eventLoop.makeSucceededFuture(allowed ? HTTPHeaders() : nil)
          },
          upgradePipelineHandler: { channel, head in
            let role: LiveSocketHandler.Role = LiveRequest(head).path == "/app" ? .app : .page
            // The page's HTTP handler goes with the HTTP codec: what follows is frames.
            return channel.pipeline.removeHandler(name: LivePageHandler.name).flatMap {
              channel.pipeline.addHandler(LiveSocketHandler(role: role, hub: hub))
            }
          })
        return channel.pipeline.configureHTTPServerPipeline(
          withServerUpgrade: (upgraders: [upgrader], completionHandler: { _ in })
        ).flatMap {
          channel.pipeline.addHandler(LivePageHandler(token: token), name: LivePageHandler.name)
        }
      }
    let channel = try bootstrap.bind(host: host, port: port).wait()
    return LiveServer(
      token: token, hub: hub, group: group, channel: channel, host: host,
      port: channel.localAddress?.port ?? port)
  }

  private init(
    token: String, hub: LiveHub, group: MultiThreadedEventLoopGroup, channel: any Channel, host: String,
    port: Int
  ) {
    self.token = token
    self.hub = hub
    self.group = group
    self.channel = channel
    self.host = host
    self.port = port
  }

  /// Where a browser opens the page.
  package var pageAddress: String { "http://\(urlHost):\(port)/?token=\(token)" }
  /// What an app connects to (`LiveInspectorServer.url`).
  package var appAddress: String { "ws://\(urlHost):\(port)/app?token=\(token)" }

  private var urlHost: String {
    if host == "0.0.0.0" || host == "::" { return "127.0.0.1" }
    return host.contains(":") ? "[\(host)]" : host
  }

  /// Stops listening and closes every connection.
  package func stop() {
    try? channel.close().wait()
    try? group.syncShutdownGracefully()
  }

  /// Serves until the process ends.
  package func wait() throws { try channel.closeFuture.wait() }

  /// A token for a run: 128 random bits as hex.
  package static func makeToken() -> String {
    var generator = SystemRandomNumberGenerator()
    return (0..<2).map { _ in
      let value = generator.next() as UInt64
      let hex = String(value, radix: 16)
      return String(repeating: "0", count: 16 - hex.count) + hex
    }.joined()
  }
}

/// What the server reads of a request: its path and its token.
struct LiveRequest {
  let path: String
  let token: String?

  init(_ head: HTTPRequestHead) {
    let components = URLComponents(string: head.uri)
    path = components?.path ?? ""
    token = components?.queryItems?.first { $0.name == "token" }?.value
  }

  /// Compares in time that does not depend on where the given token first differs.
  func hasToken(_ expected: String) -> Bool {
    guard let token else { return false }
    let given = Array(token.utf8)
    let wanted = Array(expected.utf8)
    guard given.count == wanted.count else { return false }
    return zip(given, wanted).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
  }
}

/// One WebSocket connection, of an app or of a page, handed to the hub.
final class LiveSocketHandler: ChannelInboundHandler, @unchecked Sendable {
  // `@unchecked`: NIO calls a handler on its channel's event loop only.
  typealias InboundIn = WebSocketFrame
  typealias OutboundOut = WebSocketFrame

  enum Role { case app, page }

  private let role: Role
  private let hub: LiveHub
  private var fragments = ByteBuffer()

  init(role: Role, hub: LiveHub) {
    self.role = role
    self.hub = hub
  }

  func handlerAdded(context: ChannelHandlerContext) {
    guard role == .page else { return }
    // After the upgrade has finished changing the pipeline: the HTTP handlers go after this.
    let (hub, channel) = (hub, context.channel)
    context.eventLoop.execute { hub.pageOpened(channel) }
  }

  func channelInactive(context: ChannelHandlerContext) {
    switch role {
    case .app: hub.appClosed(context.channel)
    case .page: hub.pageClosed(context.channel)
    }
    context.fireChannelInactive()
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    let frame = unwrapInboundIn(data)
    switch frame.opcode {
    case .text, .continuation:
      var payload = frame.unmaskedData
      fragments.writeBuffer(&payload)
      guard frame.fin else { return }
      let text = fragments.readString(length: fragments.readableBytes) ?? ""
      fragments.clear()
      switch role {
      case .app: hub.appSent(text, from: context.channel)
      case .page: hub.pageSent(text, from: context.channel)
      }
    case .ping:
      let pong = WebSocketFrame(fin: true, opcode: .pong, data: frame.unmaskedData)
      context.writeAndFlush(wrapOutboundOut(pong), promise: nil)
    case .connectionClose:
      context.close(promise: nil)
    default:
      break
    }
  }
}

/// Plain HTTP: the page, for a request with the token; a refusal otherwise.
final class LivePageHandler: ChannelInboundHandler, RemovableChannelHandler, @unchecked Sendable {
  // `@unchecked`: NIO calls a handler on its channel's event loop only.
  typealias InboundIn = HTTPServerRequestPart
  typealias OutboundOut = HTTPServerResponsePart

  static let name = "live-page"
  private let token: String

  init(token: String) {
    self.token = token
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    guard case .head(let head) = unwrapInboundIn(data) else { return }
    let request = LiveRequest(head)
    let (status, type, body): (HTTPResponseStatus, String, String)
    if !request.hasToken(token) {
      (status, type, body) = (
        .forbidden, "text/plain; charset=utf-8",
        "This live inspector needs its token: open the address redux-inspect --live printed.\n"
      )
    } else if request.path == "/" && head.method == .GET {
      let host = head.headers.first(name: "host") ?? "127.0.0.1"
      (status, type, body) = (.ok, "text/html; charset=utf-8", LivePage.html(socketHost: host))
    } else {
      (status, type, body) = (.notFound, "text/plain; charset=utf-8", "Not found.\n")
    }
    var headers = HTTPHeaders()
    headers.add(name: "Content-Type", value: type)
    headers.add(name: "Content-Length", value: "\(body.utf8.count)")
    headers.add(name: "Cache-Control", value: "no-store")
    headers.add(name: "Referrer-Policy", value: "no-referrer")
    headers.add(name: "X-Content-Type-Options", value: "nosniff")
    headers.add(name: "Connection", value: "close")
    context.write(
      wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: status, headers: headers))),
      promise: nil)
    var buffer = context.channel.allocator.buffer(capacity: body.utf8.count)
    buffer.writeString(body)
    context.write(wrapOutboundOut(.body(.byteBuffer(buffer))), promise: nil)
    let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
    context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in bound.value.close(promise: nil) }
  }
}
