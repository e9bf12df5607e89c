import Glibc

/// Wakes a `CursesTerminal` waiting in `nextEvent`, which then returns `.woken`. Background
/// threads (audio, probes) post their results somewhere shared and call `wake()`; the main loop
/// collects them. Signals arrive through the same pipe, each as its number; a wake is byte 0.
///
/// The pipe lives as long as the last reference to the waker, so `wake()` is safe from any
/// thread at any time, even after the terminal was closed.
public final class TerminalWaker: Sendable {
  let readDescriptor: Int32
  private let writeDescriptor: Int32

  init() throws {
    var descriptors: [Int32] = [-1, -1]
    guard pipe(&descriptors) == 0 else {
      throw TerminalError.cannotStart("cannot create a pipe: \(String(cString: strerror(errno)))")
    }
    readDescriptor = descriptors[0]
    writeDescriptor = descriptors[1]
    for descriptor in descriptors {
      // Non-blocking: reading drains until empty, and a writer must never stall.
      _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
      _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    }
  }

  deinit {
    close(readDescriptor)
    close(writeDescriptor)
  }

  public func wake() {
    post(0)
  }

  /// A full pipe already holds unread wake-ups, so a failed write loses nothing.
  func post(_ byte: UInt8) {
    var byte = byte
    _ = write(writeDescriptor, &byte, 1)
  }

  /// The distinct bytes posted since the last call, in order of first arrival.
  func receivedBytes() -> [UInt8] {
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 256)
    while true {
      let count = read(readDescriptor, &buffer, buffer.count)
      guard count > 0 else { break }
      for byte in buffer[..<count] where !received.contains(byte) {
        received.append(byte)
      }
    }
    return received
  }
}
