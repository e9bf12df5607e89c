import Glibc

/// Sends OSC messages over UDP to one endpoint, such as a DAW's OSC port. UDP has no
/// connection: a receiver that is not there loses the messages, and a send never waits for it.
public final class OSCSender: Sendable {
  public let endpoint: OSCEndpoint
  private let descriptor: Int32

  public init(to endpoint: OSCEndpoint) throws(OSCSocketError) {
    self.endpoint = endpoint
    let list = try endpoint.resolved()
    defer { freeaddrinfo(list) }
    var failure = OSCSocketError(description: "\(endpoint): no address")
    var candidate: UnsafeMutablePointer<addrinfo>? = list
    while let address = candidate {
      let info = address.pointee
      let socket = Glibc.socket(
        info.ai_family, info.ai_socktype | Int32(SOCK_CLOEXEC.rawValue), info.ai_protocol)
      if socket >= 0 {
        if connect(socket, info.ai_addr, info.ai_addrlen) == 0 {
          descriptor = socket
          return
        }
        failure = .system("connect", endpoint)
        close(socket)
      } else {
        failure = .system("socket", endpoint)
      }
      candidate = info.ai_next
    }
    throw failure
  }

  deinit { close(descriptor) }

  /// Sends each message in its own packet, in order. A receiver that refused the previous
  /// packets (nothing listens on its port) is said here, once the system knows it.
  public func send(_ messages: [OSCMessage]) throws(OSCSocketError) {
    for message in messages {
      let bytes = message.bytes
      let sent = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, 0) }
      guard sent == bytes.count else { throw .system("send", endpoint) }
    }
  }
}
