import Files
import FoundationEssentials
import Glibc

/// The recording protocols in the data folder's `protocols/`, one folder each: `session.json`
/// says what the protocol is and when it was made, and `journal.jsonl` holds every line the
/// producer entered, in order, appended the moment it is entered and never rewritten. The
/// protocol's state is the replay of its journal, so a crash, Ctrl-C or a dropped SSH link
/// loses nothing, and two people appending at once (each append is locked) never corrupt it.
public struct ProtocolStore: Sendable {
  /// One line of a protocol's journal: what was typed, and when.
  public struct Entry: Codable, Equatable, Sendable {
    public var at: Date
    public var line: String

    public init(at: Date, line: String) {
      self.at = at
      self.line = line
    }
  }

  struct Header: Codable {
    var version = 1
    var name: String
    var created: Date
  }

  public let folder: URL

  public init(folder: URL) {
    self.folder = folder
  }

  public init(paths: StoragePaths) {
    self.init(folder: paths.protocolsFolder)
  }

  /// Letters, digits, `-`, `_` and `.` (not first), so a name is a safe folder name anywhere.
  public static func isValidName(_ name: String) -> Bool {
    guard let first = name.first, first != ".", name.count <= 64 else { return false }
    return name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }
  }

  private func sessionFile(_ name: String) -> URL {
    folder.appendingPathComponent(name, isDirectory: true).appendingPathComponent("session.json")
  }

  private func journalFile(_ name: String) -> URL {
    folder.appendingPathComponent(name, isDirectory: true).appendingPathComponent("journal.jsonl")
  }

  /// Makes a new protocol; one of that name is never replaced.
  public func create(_ name: String, at date: Date) throws(StorageError) {
    guard Self.isValidName(name) else {
      throw .saveRefused(
        file: name, reason: "a protocol's name is letters, digits, - _ and . (up to 64)")
    }
    let file = sessionFile(name)
    guard !Platform.fileExists(file.path) else {
      throw .saveRefused(file: name, reason: "a protocol of that name already exists")
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    encoder.dateEncodingStrategy = .iso8601
    // Made of a string and a date, so it always encodes.
    let data = try! encoder.encode(Header(name: name, created: date))
    try AtomicFile.write(data, to: file)
  }

  /// The names of the protocols there are, in alphabetical order.
  public func names() -> [String] {
    let listed = (try? Platform.listFolder(folder)) ?? []
    return listed.filter { Platform.fileExists(sessionFile($0).path) }.sorted()
  }

  /// Adds a line to protocol `name`'s journal, locked against another writer, flushed to disk.
  public func append(_ entry: Entry, to name: String) throws(StorageError) {
    try requireExisting(name)
    try HistoryLog(file: journalFile(name), kind: .journal, lineKind: .journalLine).append(entry)
  }

  /// Every line of protocol `name`'s journal in order, and one notice per line that could not
  /// be read (a line torn by a crash while it was written is left out silently).
  public func entries(of name: String) throws(StorageError) -> (
    entries: [Entry], notices: [String]
  ) {
    try requireExisting(name)
    let read = HistoryLog(file: journalFile(name), kind: .journal, lineKind: .journalLine).readAll(
      as: Entry.self)
    return (read.records, read.notices)
  }

  /// The size of protocol `name`'s journal in bytes: it grows with every line anyone adds, so
  /// a screen can look for a colleague's entries without reading the file.
  public func journalSize(of name: String) -> Int {
    var info = stat()
    return stat(journalFile(name).path, &info) == 0 ? Int(info.st_size) : 0
  }

  private func requireExisting(_ name: String) throws(StorageError) {
    guard Self.isValidName(name), Platform.fileExists(sessionFile(name).path) else {
      throw .cannotRead(
        file: name,
        reason: "there is no such protocol; make it with `woodshed protocol new \(name)`")
    }
  }
}
