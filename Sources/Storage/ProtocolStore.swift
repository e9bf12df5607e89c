import Files
import FoundationEssentials
import Glibc

/// The recording protocols in the data folder's `protocols/`, one folder each: `session.json`
/// says what the protocol is and when it was made, and `journal.jsonl` holds every line the
/// producer entered, in order, appended the moment it is entered and never rewritten. The
/// protocol's state is the replay of its journal, so a crash, Ctrl-C or a dropped SSH link
/// loses nothing. A reader that keeps up reads only the bytes added since it last read; a
/// writer reads those and appends under one lock, so its check sees the journal as it is.
public struct ProtocolStore: Sendable {
  /// One line of a protocol's journal: what was typed, when (to the millisecond, in UTC), the
  /// local clock's offset from UTC then (nil in journals from before lines had it), by whom
  /// (nil in journals from before lines had authors), and whether it was entered together with
  /// the line before it, as one action that undo takes back whole; and, entered while the
  /// recorder's timecode came in, that timecode as the recorder showed it then.
  ///
  /// On disk: `{"at":"2026-11-27T13:40:47.123Z","by":"anna","line":"take","utcOffset":"+01:00"}`
  /// (with `"tc":"10:00:12:05"` before `utcOffset` when stamped by the recorder); journals from
  /// before stamps had milliseconds hold `"at":"2026-11-27T13:40:47Z"`, which reads as the same
  /// instant it always did.
  public struct Entry: Codable, Equatable, Sendable {
    /// Always a whole number of milliseconds, so a line reads back as the instant it was
    /// applied at.
    public var at: Date
    public var line: String
    public var by: String?
    public var joinsPrevious: Bool
    /// Seconds east of UTC of the writer's clock when the line was entered.
    public var utcOffset: Int?
    /// The recorder's timecode when the line was entered (`HH:MM:SS:FF`, `;FF` in drop-frame),
    /// as read from its LTC or MTC; nil without a timecode source and in older journals.
    public var recorderTimecode: String?

    public init(
      at date: Date, line: String, by author: String? = nil, joinsPrevious: Bool = false,
      utcOffset: Int? = nil, recorderTimecode: String? = nil
    ) {
      self.at = Self.toTheMillisecond(date)
      self.line = line
      self.by = author
      self.joinsPrevious = joinsPrevious
      self.utcOffset = utcOffset
      self.recorderTimecode = recorderTimecode
    }

    /// `date` on the millisecond nearest to it, computed as reading the stamp computes it.
    static func toTheMillisecond(_ date: Date) -> Date {
      Date(milliseconds: Int((date.timeIntervalSince1970 * 1000).rounded()))
    }

    private enum CodingKeys: String, CodingKey {
      case at, line, by, joinsPrevious, utcOffset
      case recorderTimecode = "tc"
    }

    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      let stamp = try container.decode(String.self, forKey: .at)
      guard let at = Self.date(stamp) else {
        throw DecodingError.dataCorruptedError(
          forKey: .at, in: container, debugDescription: "not a UTC time: \(stamp)")
      }
      self.at = at
      line = try container.decode(String.self, forKey: .line)
      by = try container.decodeIfPresent(String.self, forKey: .by)
      joinsPrevious = try container.decodeIfPresent(Bool.self, forKey: .joinsPrevious) ?? false
      if let offset = try container.decodeIfPresent(String.self, forKey: .utcOffset) {
        guard let seconds = Self.utcOffset(offset) else {
          throw DecodingError.dataCorruptedError(
            forKey: .utcOffset, in: container, debugDescription: "not an offset: \(offset)")
        }
        utcOffset = seconds
      }
      recorderTimecode = try container.decodeIfPresent(String.self, forKey: .recorderTimecode)
    }

    /// A line as old journals hold it when it has no author, stands alone, has no offset and no
    /// recorder's timecode.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(UTCTimestamp(at).extendedMilliseconds, forKey: .at)
      try container.encode(line, forKey: .line)
      try container.encodeIfPresent(by, forKey: .by)
      if joinsPrevious { try container.encode(true, forKey: .joinsPrevious) }
      try container.encodeIfPresent(utcOffset.map(Self.offsetText), forKey: .utcOffset)
      try container.encodeIfPresent(recorderTimecode, forKey: .recorderTimecode)
    }

    /// `+01:00`, `-03:30`: ISO 8601's offset, to the minute as time zones are.
    public static func offsetText(_ seconds: Int) -> String {
      let minutes = abs(seconds) / 60
      func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
      return (seconds < 0 ? "-" : "+") + two(minutes / 60) + ":" + two(minutes % 60)
    }
  }

  /// How far a reader has read a journal: the bytes of its whole lines and how many lines
  /// those are (for the line numbers of notices).
  public struct Position: Equatable, Sendable {
    public var offset = 0
    public var line = 0

    public init() {}
  }

  /// The lines read from a position on: every whole line (a line still without its newline is
  /// left for the next read), one notice per line that could not be read, and where the read
  /// ended.
  public struct Tail: Sendable {
    public var entries: [Entry]
    /// Where each of `entries` ends.
    public var ends: [Position]
    public var notices: [Notice]
    public var end: Position
    /// The journal file read: a sync's join may put another in its place, where `end` no
    /// longer means anything.
    public var journal: JournalIdentity?
  }

  /// A journal line that could not be read and was skipped, or how many more were, past the
  /// first few: a value, for the app to say it in the user's language.
  public enum Notice: Equatable, Sendable, CustomStringConvertible {
    case unreadableLine(Int)
    case moreUnreadableLines(Int)

    /// The name the notices give the file, which the user finds in the protocol's folder.
    public static let file = "journal.jsonl"

    public var description: String {
      switch self {
      case .unreadableLine(let line): "\(Self.file) line \(line) could not be read; skipped"
      case .moreUnreadableLines(let count):
        "\(Self.file): \(count) more lines could not be read; skipped"
      }
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

  func sessionFile(_ name: String) -> URL {
    folder.appendingPathComponent(name, isDirectory: true).appendingPathComponent("session.json")
  }

  func journalFile(_ name: String) -> URL {
    folder.appendingPathComponent(name, isDirectory: true).appendingPathComponent("journal.jsonl")
  }

  /// Makes a new protocol; one of that name is never replaced.
  public func create(_ name: String, at date: Date) throws(StorageError) {
    guard Self.isValidName(name) else {
      throw .saveRefused(file: name, reason: Self.invalidName)
    }
    let file = sessionFile(name)
    guard !Platform.fileExists(file.path) else {
      throw .saveRefused(file: name, reason: "a protocol of that name already exists")
    }
    guard !archived.exists(name) else {
      throw .saveRefused(
        file: name, reason: "an archived protocol has that name: unarchive it or choose another")
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
    _ = try append([entry], to: name, after: Position()) { _ in true }
  }

  /// Every line of protocol `name`'s journal in order, and one notice per line that could not
  /// be read (a line torn by a crash while it was written is left out silently).
  public func entries(of name: String) throws(StorageError) -> (
    entries: [Entry], notices: [Notice]
  ) {
    let tail = try read(name, from: Position())
    return (tail.entries, tail.notices)
  }

  /// The lines of protocol `name`'s journal from `position` on: only the bytes added since.
  public func read(_ name: String, from position: Position) throws(StorageError) -> Tail {
    try requireExisting(name)
    let file = journalFile(name)
    do throws(FileError) {
      let journal = try RegularFile(file, as: .journal)
      let identity = JournalIdentity(of: journal.descriptor)
      guard journal.size > position.offset else {
        return Tail(entries: [], ends: [], notices: [], end: position, journal: identity)
      }
      var bytes = [UInt8](repeating: 0, count: journal.size - position.offset)
      let count = try journal.read(into: &bytes, at: position.offset)
      var tail = decode(bytes[..<count], from: position)
      tail.journal = identity
      return tail
    } catch  where error.code == ENOENT {
      return Tail(entries: [], ends: [], notices: [], end: position)
    } catch {
      guard let problem = PermissionProblem(reaching: file.path) else {
        throw .cannotRead(file: file.lastPathComponent, reason: error.description)
      }
      throw .permissionDenied(file: file.lastPathComponent, access: .read, problem: problem)
    }
  }

  /// Appends `entries` to protocol `name`'s journal, flushed to disk, if `check` agrees once it
  /// has seen the lines others added since `position`. Those are read under the same lock as
  /// the append, so no other writer can slip a line in between: two people adding the same
  /// take at once get one take and one refusal. Returns where the journal ends now for this
  /// reader: after the lines appended, or after the lines read if `check` said no. `position`
  /// is in the journal file `journal` when given: if a sync's join has put another in its
  /// place, nothing is appended and the reason says so.
  public func append(
    _ entries: [Entry], to name: String, after position: Position,
    in journal: JournalIdentity? = nil, check: (Tail) -> Bool
  ) throws(StorageError) -> Position {
    try requireExisting(name)
    let file = journalFile(name)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    var lines = Data()
    for entry in entries {
      // Made of strings and a flag, so it always encodes.
      let line = try! encoder.encode(entry)
      guard line.count <= FileKind.journalLine.byteLimit else {
        throw .cannotAppend(file: file.lastPathComponent, reason: "the line is too long")
      }
      lines.append(line)
      lines.append(0x0A)
    }
    do throws(FileError) {
      try OutputTarget.check(file, replacing: true)
    } catch {
      throw .cannotAppend(file: file.lastPathComponent, reason: error.description)
    }
    var isReplaced = false
    do throws(SystemError) {
      let descriptor = try Platform.openFile(file.path, O_RDWR | O_APPEND | O_CREAT)
      defer { close(descriptor) }
      guard flock(descriptor, LOCK_EX) == 0 else { throw SystemError.current }
      var info = stat()
      guard fstat(descriptor, &info) == 0 else { throw SystemError.current }
      // Renamed, archived or deleted while this writer waited for the lock: the line belongs
      // to no protocol of this name any more; or replaced by a sync's join, whose lines are
      // not where this writer read up to.
      var named = stat()
      let exists = stat(file.path, &named) == 0
      let locked = JournalIdentity(info)
      guard exists, JournalIdentity(named) == locked else {
        isReplaced = exists
        throw SystemError(code: ESTALE)
      }
      guard journal == nil || journal == locked else {
        isReplaced = true
        throw SystemError(code: ESTALE)
      }
      let size = Int(info.st_size)
      guard size <= FileKind.journal.byteLimit else { throw SystemError(code: EFBIG) }
      var added = [UInt8](repeating: 0, count: max(0, size - position.offset))
      do throws(FileError) {
        let count = try RegularFile.read(descriptor, into: &added, at: position.offset)
        added.removeLast(added.count - count)
      } catch {
        throw SystemError(code: error.code ?? EIO)
      }
      var tail = decode(added[...], from: position)
      tail.journal = locked
      guard check(tail) else { return tail.end }
      var bytes = Data()
      // A line torn by a crash must not spoil ours: it becomes a line of its own.
      let isTorn = tail.end.offset < size
      if isTorn { bytes.append(0x0A) }
      bytes.append(lines)
      try Platform.writeAll(descriptor, bytes)
      try Platform.sync(descriptor)
      var end = Position()
      end.offset = size + bytes.count
      end.line = tail.end.line + (isTorn ? 1 : 0) + entries.count
      return end
    } catch  where error.code == ESTALE {
      throw .cannotAppend(
        file: name, reason: isReplaced ? Self.joinedMeanwhile : Self.goneMeanwhile)
    } catch {
      throw PermissionProblem.error(
        .add, file: file.lastPathComponent, at: file.path, error, writing: true)
    }
  }

  /// The whole lines of `bytes`, which start at `position`.
  func decode(_ bytes: ArraySlice<UInt8>, from position: Position) -> Tail {
    let decoder = JSONDecoder()
    var entries: [Entry] = []
    var ends: [Position] = []
    var skipped: [Int] = []
    var end = position
    var start = bytes.startIndex
    while let newline = bytes[start...].firstIndex(of: 0x0A) {
      let line = bytes[start..<newline]
      end.line += 1
      end.offset = position.offset + (newline + 1 - bytes.startIndex)
      start = newline + 1
      guard !line.allSatisfy({ [0x20, 0x09, 0x0D].contains($0) }) else { continue }
      // A line far longer than any entry is damage, not worth the time to parse.
      if line.count <= FileKind.journalLine.byteLimit,
        let entry = Entry(written: line) ?? (try? decoder.decode(Entry.self, from: Data(line)))
      {
        entries.append(entry)
        ends.append(end)
      } else {
        skipped.append(end.line)
      }
    }
    var notices = skipped.prefix(3).map(Notice.unreadableLine)
    if skipped.count > 3 { notices.append(.moreUnreadableLines(skipped.count - 3)) }
    return Tail(entries: entries, ends: ends, notices: notices, end: end)
  }

  /// The size of protocol `name`'s journal in bytes: it grows with every line anyone adds, so
  /// a screen can look for a colleague's entries without reading the file.
  public func journalSize(of name: String) -> Int {
    var info = stat()
    return stat(journalFile(name).path, &info) == 0 ? Int(info.st_size) : 0
  }

  /// Which file protocol `name`'s journal is: the same while lines are appended to it, another
  /// once a sync's join replaced it (its lines then no longer where a reader left them); nil
  /// while it has none.
  public func journalIdentity(of name: String) -> JournalIdentity? {
    var info = stat()
    guard stat(journalFile(name).path, &info) == 0 else { return nil }
    return JournalIdentity(info)
  }

  public struct JournalIdentity: Equatable, Sendable {
    let device: UInt64
    let inode: UInt64

    init(_ info: stat) {
      device = UInt64(info.st_dev)
      inode = UInt64(info.st_ino)
    }

    /// The file open as `descriptor`; nil if it cannot be told.
    init?(of descriptor: Int32) {
      var info = stat()
      guard fstat(descriptor, &info) == 0 else { return nil }
      self.init(info)
    }
  }

  /// Whether protocol `name` is there (not archived, renamed or deleted).
  public func exists(_ name: String) -> Bool {
    Self.isValidName(name) && Platform.fileExists(sessionFile(name).path)
  }

  func requireExisting(_ name: String) throws(StorageError) {
    guard exists(name) else {
      if Self.isValidName(name), let problem = PermissionProblem(reaching: sessionFile(name).path) {
        throw .permissionDenied(file: name, access: .read, problem: problem)
      }
      // Making it anew would take the archived one's name: it is brought back instead.
      if archived.exists(name) {
        throw .cannotRead(file: name, reason: Self.archivedReason(name))
      }
      throw .cannotRead(file: name, reason: Self.missingReason(name))
    }
  }
}
