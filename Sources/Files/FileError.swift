import Glibc

/// Why a file cannot be read or written, in words that finish "cannot read take.wav: …".
public enum FileError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A failed system call's `errno`, told in the system's own words.
  case system(Int32)
  /// Something other than a regular file stands at the path: "a FIFO", "a device"…
  case notRegular(String)
  /// Something other than a device or FIFO stands where a stream of bytes was expected.
  case notStream(String)
  case tooLarge(size: Int, kind: FileKind)
  /// A file is already there and replacing it was not asked for.
  case exists

  /// Captures the current thread's `errno`; call it straight after the failing call.
  static var current: FileError { .system(errno) }

  public var description: String {
    switch self {
    case .system(let code): String(cString: strerror(code))
    case .notRegular(let what): "it is \(what), not a regular file"
    case .notStream(let what): "it is \(what), not a device or FIFO"
    case .tooLarge(let size, let kind):
      "it is \(Self.bytes(size)); a \(kind.noun) may be at most \(Self.bytes(kind.byteLimit))"
    case .exists: "it already exists"
    }
  }

  /// The system's code, where the failure came from one.
  public var code: Int32? {
    if case .system(let code) = self { code } else { nil }
  }

  /// A size the way `ls -h` would put it, in binary units.
  static func bytes(_ count: Int) -> String {
    let units = ["bytes", "KB", "MB", "GB", "TB"]
    var value = Double(count)
    var unit = 0
    while value >= 1024, unit < units.count - 1 {
      value /= 1024
      unit += 1
    }
    if unit == 0 { return "\(count) bytes" }
    let rounded = (value * 10).rounded() / 10
    let text = rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    return "\(text) \(units[unit])"
  }
}
