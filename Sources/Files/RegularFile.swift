import FoundationEssentials
import Glibc

/// The one way Woodshed opens a file to read it. Only a regular file is read: a FIFO, a device,
/// a socket or a folder is refused in one line, and the open cannot block (it is made
/// non-blocking and the file's type checked with `fstat` before any read). The size is checked
/// against the kind's limit before anything is read, and again while reading, for files such as
/// those in `/proc` whose size is not known in advance.
public final class RegularFile: Sendable {
  public let descriptor: Int32
  /// The size `fstat` gave when the file was opened.
  public let size: Int
  public let kind: FileKind

  /// Opens `url` for reading, refusing anything but a regular file within `kind`'s limit.
  public init(_ url: URL, as kind: FileKind) throws(FileError) {
    let descriptor = try Self.open(url.path)
    let size: Int
    do throws(FileError) {
      size = try Self.checkedSize(of: descriptor, as: kind)
    } catch {
      close(descriptor)
      throw error
    }
    self.descriptor = descriptor
    self.size = size
    self.kind = kind
  }

  deinit { close(descriptor) }

  /// The whole file.
  public static func read(_ url: URL, as kind: FileKind) throws(FileError) -> Data {
    try RegularFile(url, as: kind).readAll()
  }

  /// Every byte from the start, refusing a file that grows past the limit while it is read.
  public func readAll<Bytes: RangeReplaceableCollection<UInt8>>(
    as type: Bytes.Type = Data.self
  ) throws(FileError) -> Bytes {
    var contents = Bytes()
    contents.reserveCapacity(size)
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    var offset = 0
    while true {
      let count = try read(into: &chunk, at: offset)
      if count == 0 { return contents }
      offset += count
      guard offset <= kind.byteLimit else { throw .tooLarge(size: offset, kind: kind) }
      contents.append(contentsOf: chunk[0..<count])
    }
  }

  /// Fills `buffer` from `offset` as far as the file goes; the count read is short only at the
  /// end of the file.
  public func read(into buffer: inout [UInt8], at offset: Int) throws(FileError) -> Int {
    try Self.read(descriptor, into: &buffer, at: offset)
  }

  /// Fills `buffer` from `offset` of the file open as `descriptor`, as far as it goes, such as
  /// a journal a writer has open to append to.
  public static func read(_ descriptor: Int32, into buffer: inout [UInt8], at offset: Int)
    throws(FileError) -> Int
  {
    var filled = 0
    while filled < buffer.count {
      let count = buffer.withUnsafeMutableBytes { raw in
        pread(descriptor, raw.baseAddress! + filled, raw.count - filled, off_t(offset + filled))
      }
      if count == 0 { break }
      if count < 0 {
        if errno == EINTR { continue }
        throw .current
      }
      filled += count
    }
    return filled
  }

  private static func open(_ path: String) throws(FileError) -> Int32 {
    while true {
      // Without O_NONBLOCK, opening a FIFO waits for a writer that may never come.
      let descriptor = Glibc.open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
      if descriptor >= 0 { return descriptor }
      if errno != EINTR { throw .current }
    }
  }

  private static let typeNames: [mode_t: String] = [
    S_IFIFO: "a FIFO", S_IFCHR: "a device", S_IFBLK: "a device", S_IFSOCK: "a socket",
    S_IFREG: "a regular file",
  ]

  /// What a file of a type other than regular or folder is, for a message.
  static func typeName(of type: mode_t) -> String { typeNames[type] ?? "a special file" }

  private static func checkedSize(of descriptor: Int32, as kind: FileKind) throws(FileError) -> Int
  {
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw .current }
    let type = status.st_mode & S_IFMT
    if type == S_IFDIR { throw .system(EISDIR) }
    guard type == S_IFREG else { throw .notRegular(typeName(of: type)) }
    let size = Int(status.st_size)
    guard size <= kind.byteLimit else { throw .tooLarge(size: size, kind: kind) }
    return size
  }
}
