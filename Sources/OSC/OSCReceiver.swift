import Glibc
import Synchronization

/// Takes the OSC messages sent to a UDP port, such as a DAW's feedback, and hands each to
/// `onMessage` on the receiver's own thread, until `stop`. Packets that are not OSC messages
/// are ignored.
public final class OSCReceiver: Sendable {
  public let endpoint: OSCEndpoint
  private let descriptor: Int32
  private let isStopping = Atomic(false)

  /// Binds the endpoint's host and port at once, so a port in use is said here.
  public init(
    on endpoint: OSCEndpoint, onMessage: @escaping @Sendable (OSCMessage) -> Void
  ) throws(OSCSocketError) {
    self.endpoint = endpoint
    let list = try endpoint.resolved()
    defer { freeaddrinfo(list) }
    let info = list.pointee
    let socket = Glibc.socket(
      info.ai_family, info.ai_socktype | Int32(SOCK_CLOEXEC.rawValue), info.ai_protocol)
    guard socket >= 0 else { throw .system("socket", endpoint) }
    guard bind(socket, info.ai_addr, info.ai_addrlen) == 0 else {
      let error = OSCSocketError.system("bind", endpoint)
      close(socket)
      throw error
    }
    // A wait that ends now and then lets `stop` be seen without closing the socket under it.
    var timeout = timeval(tv_sec: 0, tv_usec: 100_000)
    setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    descriptor = socket
    let receiver = Unmanaged.passRetained(ReceiveLoop(owner: self, onMessage: onMessage))
    var thread = pthread_t()
    pthread_create(
      &thread, nil,
      { context in
        let loop = Unmanaged<ReceiveLoop>.fromOpaque(context!).takeRetainedValue()
        loop.run()
        return nil
      }, receiver.toOpaque())
    pthread_detach(thread)
  }

  deinit { close(descriptor) }

  public func stop() { isStopping.store(true, ordering: .relaxed) }

  private final class ReceiveLoop: Sendable {
    let owner: OSCReceiver
    let onMessage: @Sendable (OSCMessage) -> Void

    init(owner: OSCReceiver, onMessage: @escaping @Sendable (OSCMessage) -> Void) {
      self.owner = owner
      self.onMessage = onMessage
    }

    func run() {
      var buffer = [UInt8](repeating: 0, count: 65_536)
      while !owner.isStopping.load(ordering: .relaxed) {
        let count = buffer.withUnsafeMutableBytes {
          recv(owner.descriptor, $0.baseAddress, $0.count, 0)
        }
        guard count > 0 else { continue }
        if let message = try? OSCMessage(decoding: Array(buffer[..<count])) { onMessage(message) }
      }
    }
  }
}
