import FoundationEssentials
import Glibc

/// A device node or FIFO read as its bytes arrive, such as a raw MIDI port
/// (`/dev/snd/midiC1D0`) or a pipe a test writes into. Opened without blocking; a regular file,
/// a folder or a socket is refused.
public final class StreamFile: Sendable {
  public let descriptor: Int32

  public init(_ url: URL) throws(FileError) {
    var descriptor: Int32
    repeat {
      descriptor = Glibc.open(url.path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
    } while descriptor < 0 && errno == EINTR
    guard descriptor >= 0 else { throw .current }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      let error = FileError.current
      close(descriptor)
      throw error
    }
    let type = status.st_mode & S_IFMT
    guard type == S_IFCHR || type == S_IFIFO else {
      close(descriptor)
      throw type == S_IFDIR ? .system(EISDIR) : .notStream(RegularFile.typeName(of: type))
    }
    self.descriptor = descriptor
  }

  deinit { close(descriptor) }

  /// Waits up to `milliseconds` for bytes and returns those that came (none on time-out). A
  /// FIFO with no writer yet, or whose writer left, waits for the next one.
  public func read(waitingMilliseconds milliseconds: Int32) throws(FileError) -> [UInt8] {
    var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    guard poll(&ready, 1, milliseconds) > 0 else { return [] }
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
    if count > 0 { return Array(buffer[0..<count]) }
    if count < 0, errno != EAGAIN, errno != EINTR { throw .current }
    // With no writer, poll reports the hang-up at once: wait out the time instead of spinning.
    usleep(useconds_t(milliseconds) * 1000)
    return []
  }
}

extension StreamFile {
  /// Whether `url` is a device node or FIFO, without opening it.
  public static func isStream(_ url: URL) -> Bool {
    var status = stat()
    guard stat(url.path, &status) == 0 else { return false }
    let type = status.st_mode & S_IFMT
    return type == S_IFCHR || type == S_IFIFO
  }
}
