package import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A WebSocket client (RFC 6455) over a plain socket, for the live inspector's own thread: text
/// messages out, text messages in, pings answered, nothing else.
///
/// It blocks, which is what that thread wants: it has nothing to do but this connection, and a
/// blocking socket behaves the same on every platform the package builds for, with no run loop
/// and no dependency. (Foundation's `URLSessionWebSocketTask` would do on Apple's systems, but
/// on Linux it depends on how libcurl was built; one path everywhere is one path tested.)
/// Plain `ws://` only: the inspector's server runs on the developer's machine.
package final class WebSocketConnection {
  /// Why a connection could not be made or went away; the text says what to check.
  package struct Failure: Error, CustomStringConvertible {
    package let description: String
  }

  private let socket: Int32
  /// Bytes read and not yet parsed into a frame.
  private var received: [UInt8] = []
  /// The fragments of a text message that came in several frames.
  private var fragments: [UInt8] = []
  private(set) var isOpen = true

  /// Connects to `url` (`ws://host:port/path?query`) and completes the opening handshake.
  ///
  /// ```swift
  /// let connection = try WebSocketConnection(url: URL(string: "ws://127.0.0.1:8790/app?token=…")!)
  /// ```
  package init(url: URL, timeout: Duration = .seconds(2)) throws(Failure) {
    guard url.scheme == "ws", let host = url.host, !host.isEmpty else {
      throw Failure(
        description:
          "\(url) is not a ws:// address; the live inspector's server prints the one to use (redux-inspect --live)"
      )
    }
    let port = url.port ?? 80
    socket = try Self.connect(host: host, port: port, timeout: timeout)
    do {
      try handshake(url: url, host: host, port: port)
    } catch {
      close(socket)
      throw error
    }
  }

  deinit {
    close(socket)
  }

  /// Sends one text message.
  package func send(text data: Data) throws(Failure) {
    var frame: [UInt8] = [0x81]  // FIN, text
    let length = data.count
    if length < 126 {
      frame.append(0x80 | UInt8(length))
    } else if length <= 0xFFFF {
      frame.append(0x80 | 126)
      frame.append(contentsOf: [UInt8(length >> 8), UInt8(length & 0xFF)])
    } else {
      frame.append(0x80 | 127)
      frame.append(contentsOf: (0..<8).reversed().map { UInt8((length >> ($0 * 8)) & 0xFF) })
    }
    try sendFrame(header: frame, payload: data)
  }

  /// Waits up to `timeout` for what the server sent, and returns the text messages complete so
  /// far (none when the time ran out). Pings are answered here.
  package func receive(timeout: Duration) throws(Failure) -> [Data] {
    var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
    let milliseconds = Int32(
      timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000)
    let ready = poll(&descriptor, 1, milliseconds)
    guard ready > 0 else { return [] }
    var chunk = [UInt8](repeating: 0, count: 64 << 10)
    let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
    guard count > 0 else { throw closed("the server closed the connection") }
    received.append(contentsOf: chunk[..<count])
    return try parseFrames()
  }

  /// Sends a close frame; the socket closes when the connection goes.
  package func sendClose() {
    guard isOpen else { return }
    try? sendFrame(header: [0x88, 0x80], payload: Data())
    isOpen = false
  }

  // MARK: - Frames

  private func parseFrames() throws(Failure) -> [Data] {
    var messages: [Data] = []
    var offset = 0
    while received.count - offset >= 2 {
      let first = received[offset]
      let second = received[offset + 1]
      var length = Int(second & 0x7F)
      var headerLength = 2
      if length == 126 {
        guard received.count - offset >= 4 else { break }
        length = Int(received[offset + 2]) << 8 | Int(received[offset + 3])
        headerLength = 4
      } else if length == 127 {
        guard received.count - offset >= 10 else { break }
        length = (0..<8).reduce(0) { $0 << 8 | Int(received[offset + 2 + $1]) }
        headerLength = 10
      }
      let masked = second & 0x80 != 0
      let maskLength = masked ? 4 : 0
      guard received.count - offset >= headerLength + maskLength + length else { break }
      var payload = Array(
        received[(offset + headerLength + maskLength)..<(offset + headerLength + maskLength + length)])
      if masked {
        let mask = received[(offset + headerLength)..<(offset + headerLength + 4)].map { $0 }
        for index in payload.indices { payload[index] ^= mask[index % 4] }
      }
      offset += headerLength + maskLength + length
      let isFinal = first & 0x80 != 0
      switch first & 0x0F {
      case 0x1, 0x0:
        fragments.append(contentsOf: payload)
        if isFinal {
          messages.append(Data(fragments))
          fragments.removeAll(keepingCapacity: true)
        }
      case 0x8:
        throw closed("the server closed the connection")
      case 0x9:
        var pong: [UInt8] = [0x8A]
        pong.append(0x80 | UInt8(min(payload.count, 125)))
        try sendFrame(header: pong, payload: Data(payload.prefix(125)))
      default:
        break  // a pong or a binary frame: nothing the inspector sends
      }
    }
    received.removeFirst(offset)
    return messages
  }

  /// Sends a frame whose header ends where the mask goes: a client masks every frame.
  private func sendFrame(header: [UInt8], payload: Data) throws(Failure) {
    let mask = (0..<4).map { _ in UInt8.random(in: .min ... .max) }
    var bytes = header + mask
    bytes.reserveCapacity(bytes.count + payload.count)
    var index = 0
    for byte in payload {
      bytes.append(byte ^ mask[index & 3])
      index &+= 1
    }
    try sendAll(bytes)
  }

  private func sendAll(_ bytes: [UInt8]) throws(Failure) {
    var sent = 0
    while sent < bytes.count {
      let count = bytes.withUnsafeBytes { buffer in
        Foundation.send(socket, buffer.baseAddress! + sent, buffer.count - sent, Self.noSignal)
      }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { throw closed("the connection was lost (\(String(cString: strerror(errno))))") }
      sent += count
    }
  }

  private func closed(_ reason: String) -> Failure {
    isOpen = false
    return Failure(description: reason)
  }

  // MARK: - Opening

  private func handshake(url: URL, host: String, port: Int) throws(Failure) {
    let key = Data((0..<16).map { _ in UInt8.random(in: .min ... .max) }).base64EncodedString()
    var target = url.path.isEmpty ? "/" : url.path
    if let query = url.query { target += "?" + query }
    let request =
      "GET \(target) HTTP/1.1\r\nHost: \(host):\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
      + "Sec-WebSocket-Key: \(key)\r\nSec-WebSocket-Version: 13\r\n\r\n"
    try sendAll(Array(request.utf8))
    // The response's head, up to its blank line; what follows is the first frames.
    var head: [UInt8] = []
    let end: [UInt8] = [13, 10, 13, 10]
    while !(head.count >= 4 && Array(head.suffix(4)) == end) {
      var byte: UInt8 = 0
      let count = recv(socket, &byte, 1, 0)
      guard count == 1 else { throw closed("the server closed the connection during the handshake") }
      head.append(byte)
      guard head.count < 16 << 10 else { throw closed("the server's handshake response is too long") }
    }
    let statusLine = String(decoding: head.prefix { $0 != 13 }, as: UTF8.self)
    guard statusLine.split(separator: " ").dropFirst().first == "101" else {
      throw closed(
        "the server refused the connection (\(statusLine)); check the token in the address: each run of redux-inspect --live makes a new one"
      )
    }
  }

  private static func connect(host: String, port: Int, timeout: Duration) throws(Failure) -> Int32 {
    var hints = addrinfo()
    hints.ai_family = AF_UNSPEC
    #if canImport(Darwin)
      hints.ai_socktype = SOCK_STREAM
    #else
      hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    #endif
    var addresses: UnsafeMutablePointer<addrinfo>?
    guard getaddrinfo(host, String(port), &hints, &addresses) == 0, let first = addresses else {
      throw Failure(description: "cannot resolve \(host)")
    }
    defer { freeaddrinfo(addresses) }
    var lastError = "no address"
    var candidate: UnsafeMutablePointer<addrinfo>? = first
    while let address = candidate {
      candidate = address.pointee.ai_next
      let descriptor = Foundation.socket(address.pointee.ai_family, address.pointee.ai_socktype, 0)
      guard descriptor >= 0 else { continue }
      var seconds = timeval(tv_sec: Int(timeout.components.seconds), tv_usec: 0)
      setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &seconds, socklen_t(MemoryLayout<timeval>.size))
      setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &seconds, socklen_t(MemoryLayout<timeval>.size))
      var on: Int32 = 1
      setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
      #if canImport(Darwin)
        setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
      #endif
      if Foundation.connect(descriptor, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0 {
        return descriptor
      }
      lastError = String(cString: strerror(errno))
      close(descriptor)
    }
    throw Failure(
      description: "cannot connect to \(host):\(port) (\(lastError)); is redux-inspect --live running?")
  }

  #if canImport(Darwin)
    private static let noSignal: Int32 = 0
  #else
    private static let noSignal = Int32(MSG_NOSIGNAL)
  #endif
}
