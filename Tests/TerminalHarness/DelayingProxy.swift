import Foundation
import Glibc

/// A TCP proxy on the loopback that holds back what a client sends, as a slow or wobbly
/// network path does, and passes the answers straight back. Kernel delay queues (`tc netem`)
/// are not available everywhere tests run; this is the path a player's keys take over SSH from
/// a far-away laptop.
///
/// Each chunk read from a client is sent on `delays[i % delays.count]` after it arrived, the
/// i-th chunk of the connection, but never before the chunk ahead of it, as TCP keeps order. It
/// connects out from `sourceAddress`, so the server sees a client of its own (any 127.x.y.z
/// address is the loopback).
public final class DelayingProxy: @unchecked Sendable {
  public let port: UInt16
  private let listener: Int32
  private let target: UInt16
  private let sourceAddress: String
  private let delays: [Duration]
  // Guards `isStopped` and `connections`, read by the accepting thread.
  private let lock = NSLock()
  private var isStopped = false
  private var connections: [Int32] = []

  public enum Failure: Error, CustomStringConvertible {
    case socket(String)

    public var description: String {
      switch self {
      case .socket(let reason): "delaying proxy: \(reason)"
      }
    }
  }

  public init(toPort target: UInt16, from sourceAddress: String, delays: [Duration]) throws {
    precondition(!delays.isEmpty, "a proxy needs at least one delay")
    self.target = target
    self.sourceAddress = sourceAddress
    self.delays = delays
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { throw Failure.socket(Self.lastError()) }
    var address = Self.address("127.0.0.1", port: 0)
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let listening = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, length) == 0 && listen(descriptor, 8) == 0
          && getsockname(descriptor, $0, &length) == 0
      }
    }
    guard listening else {
      close(descriptor)
      throw Failure.socket(Self.lastError())
    }
    listener = descriptor
    port = UInt16(bigEndian: address.sin_port)
    Thread.detachNewThread { [self] in acceptClients() }
  }

  deinit {
    stop()
  }

  /// Closes the listener and every connection.
  public func stop() {
    lock.lock()
    defer { lock.unlock() }
    guard !isStopped else { return }
    isStopped = true
    shutdown(listener, Int32(SHUT_RDWR))
    close(listener)
    for connection in connections { shutdown(connection, Int32(SHUT_RDWR)) }
  }

  private func acceptClients() {
    while true {
      let client = accept(listener, nil, nil)
      guard client >= 0 else { return }
      guard let server = try? connectToTarget() else {
        close(client)
        continue
      }
      lock.lock()
      let stopped = isStopped
      connections += [client, server]
      lock.unlock()
      if stopped {
        shutdown(client, Int32(SHUT_RDWR))
        shutdown(server, Int32(SHUT_RDWR))
      }
      let held = HeldChunks()
      Thread.detachNewThread { [self] in readHoldingBack(from: client, into: held) }
      Thread.detachNewThread { [self] in sendWhenDue(held, to: server) }
      Thread.detachNewThread { Self.copy(from: server, to: client) }
    }
  }

  private func connectToTarget() throws -> Int32 {
    let server = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard server >= 0 else { throw Failure.socket(Self.lastError()) }
    var one: Int32 = 1
    setsockopt(
      server, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
    var source = Self.address(sourceAddress, port: 0)
    var destination = Self.address("127.0.0.1", port: target)
    let connected = withUnsafePointer(to: &source) { sourcePointer in
      withUnsafePointer(to: &destination) { destinationPointer in
        sourcePointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { from in
          destinationPointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { to in
            bind(server, from, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
              && connect(server, to, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
          }
        }
      }
    }
    guard connected else {
      close(server)
      throw Failure.socket(Self.lastError())
    }
    return server
  }

  private func readHoldingBack(from client: Int32, into held: HeldChunks) {
    var buffer = [UInt8](repeating: 0, count: 65_536)
    var index = 0
    while true {
      let count = read(client, &buffer, buffer.count)
      guard count > 0 else {
        held.finish()
        return
      }
      held.add(Array(buffer[..<count]), due: ContinuousClock.now + delays[index % delays.count])
      index += 1
    }
  }

  private func sendWhenDue(_ held: HeldChunks, to server: Int32) {
    while let chunk = held.next() {
      let wait = chunk.due - ContinuousClock.now
      if wait > .zero { Thread.sleep(forTimeInterval: Self.seconds(wait)) }
      guard Self.writeAll(chunk.bytes, to: server) else { break }
    }
    shutdown(server, Int32(SHUT_WR))
  }

  private static func copy(from source: Int32, to destination: Int32) {
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = read(source, &buffer, buffer.count)
      guard count > 0, writeAll(Array(buffer[..<count]), to: destination) else { break }
    }
    shutdown(destination, Int32(SHUT_WR))
  }

  private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
    var offset = 0
    while offset < bytes.count {
      // A closed peer is an error here, not a SIGPIPE that ends the test run.
      let written = bytes[offset...].withUnsafeBytes {
        send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      guard written > 0 else { return false }
      offset += written
    }
    return true
  }

  private static func address(_ text: String, port: UInt16) -> sockaddr_in {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    inet_pton(AF_INET, text, &address.sin_addr)
    return address
  }

  private static func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
  }

  private static func lastError() -> String {
    String(cString: strerror(errno))
  }
}

/// The chunks a client sent, each with the time it may go on, in the order they came; later
/// chunks never overtake earlier ones.
private final class HeldChunks: @unchecked Sendable {
  struct Chunk {
    let bytes: [UInt8]
    let due: ContinuousClock.Instant
  }

  // Guards `chunks` and `isFinished`: one thread adds, another takes.
  private let condition = NSCondition()
  private var chunks: [Chunk] = []
  private var isFinished = false
  private var latestDue: ContinuousClock.Instant?

  func add(_ bytes: [UInt8], due: ContinuousClock.Instant) {
    condition.lock()
    let due = max(due, latestDue ?? due)
    latestDue = due
    chunks.append(Chunk(bytes: bytes, due: due))
    condition.signal()
    condition.unlock()
  }

  func finish() {
    condition.lock()
    isFinished = true
    condition.signal()
    condition.unlock()
  }

  /// The next chunk, waiting for one; nil once the client closed and all were taken.
  func next() -> Chunk? {
    condition.lock()
    defer { condition.unlock() }
    while chunks.isEmpty && !isFinished { condition.wait() }
    return chunks.isEmpty ? nil : chunks.removeFirst()
  }
}
