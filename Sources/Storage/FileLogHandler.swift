import FoundationEssentials
import Logging

/// A swift-log handler writing one text line per message to a `LogFile`, e.g.
/// `2026-11-21T15:44:00Z warning [woodshed.audio] stream underflow frames=512`.
/// It never writes to standard output or error, which curses owns.
public struct FileLogHandler: LogHandler {
  public let label: String
  public var logLevel: Logger.Level
  public var metadata: Logger.Metadata = [:]
  public var metadataProvider: Logger.MetadataProvider?
  private let file: LogFile
  private let now: @Sendable () -> Date

  public init(
    label: String, file: LogFile, level: Logger.Level = .info,
    now: @escaping @Sendable () -> Date = Date.init
  ) {
    self.label = label
    self.file = file
    self.logLevel = level
    self.now = now
  }

  /// Sends every `Logger` in the process to `file` (normally `StoragePaths.logFile`).
  /// Call it once, at startup.
  public static func bootstrap(file url: URL, level: Logger.Level = .info) {
    let file = LogFile(url: url)
    LoggingSystem.bootstrap { label in FileLogHandler(label: label, file: file, level: level) }
  }

  public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  public func log(event: LogEvent) {
    var merged = metadata
    merged.merge(metadataProvider?.get() ?? [:]) { $1 }
    merged.merge(event.metadata ?? [:]) { $1 }
    var line = "\(UTCTimestamp(now()).extended) \(event.level) [\(label)] "
    line += Self.singleLine(event.message.description)
    for (key, value) in merged.sorted(by: { $0.key < $1.key }) {
      line += " \(key)=\(Self.singleLine(value.description))"
    }
    file.write(line)
  }

  /// One message must stay one line, or a multi-line error would look like several entries.
  private static func singleLine(_ text: String) -> String {
    var escaped = ""
    for character in text {
      switch character {
      case "\r": escaped += "\\r"
      case "\n": escaped += "\\n"
      case "\r\n": escaped += "\\r\\n"
      default: escaped.append(character)
      }
    }
    return escaped
  }
}
