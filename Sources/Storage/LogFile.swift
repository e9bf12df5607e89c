import FoundationEssentials
import Glibc
import Synchronization

/// The open log file shared by every `FileLogHandler`. Writing never fails loudly: the terminal
/// belongs to the UI, so a log that cannot be written is dropped.
public final class LogFile: Sendable {
  public let url: URL
  /// -1 when the file could not be opened. The lock also keeps lines from interleaving.
  private let descriptor: Mutex<Int32>

  /// Opens `url` for appending, creating it and its folders if missing.
  public init(url: URL) {
    self.url = url
    descriptor = Mutex((try? Self.open(url)) ?? -1)
  }

  private static func open(_ url: URL) throws(SystemError) -> Int32 {
    try Platform.makeFolders(url.deletingLastPathComponent())
    return try Platform.openFile(url.path, O_WRONLY | O_APPEND | O_CREAT)
  }

  deinit {
    descriptor.withLock { if $0 >= 0 { close($0) } }
  }

  /// Whether lines reach the file, for `woodshed doctor`.
  public var isOpen: Bool {
    descriptor.withLock { $0 >= 0 }
  }

  /// Appends `line` and a newline.
  func write(_ line: String) {
    descriptor.withLock { descriptor in
      guard descriptor >= 0 else { return }
      try? Platform.writeAll(descriptor, Data((line + "\n").utf8))
    }
  }
}
