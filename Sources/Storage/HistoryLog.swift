import Files
import FoundationEssentials
import Glibc

/// An append-only JSON Lines file, one record per line, such as `history.jsonl`. The file is
/// appended to, so a crash can at worst tear the line being written; it is rewritten only to
/// join another machine's copy (`join`), whole into a new file that replaces it.
///
/// Dates are written as ISO 8601 strings (whole seconds) so the file stays readable by people
/// and other tools.
public struct HistoryLog: Sendable {
  /// How many unreadable lines are reported one by one before the rest are summed up.
  static let reportedLineLimit = 3

  public let file: URL
  /// The limits on the whole file and on one line.
  public let kind: FileKind
  public let lineKind: FileKind

  public init(file: URL, kind: FileKind = .history, lineKind: FileKind = .historyLine) {
    self.file = file
    self.kind = kind
    self.lineKind = lineKind
  }

  public init(paths: StoragePaths) {
    self.init(file: paths.historyFile)
  }

  /// Appends `record` as one line and flushes it to disk. Creates the file and its folders if
  /// missing. If the last line was torn by a crash, the record starts on a fresh line so the
  /// torn text cannot spoil it.
  public func append<Record: Encodable>(_ record: Record) throws(StorageError) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .iso8601
    guard let line = try? encoder.encode(record) else {
      throw StorageError.cannotAppend(
        file: file.lastPathComponent, reason: "the record could not be turned into JSON")
    }
    do throws(FileError) {
      try OutputTarget.check(file, replacing: true)
    } catch {
      throw StorageError.cannotAppend(file: file.lastPathComponent, reason: error.description)
    }
    do throws(SystemError) {
      try Platform.makeFolders(file.deletingLastPathComponent())
      let descriptor = try lockedFile(O_RDWR | O_APPEND | O_CREAT)
      defer { close(descriptor) }
      var bytes = Data()
      if try !endsWithNewline(descriptor) { bytes.append(0x0A) }
      bytes.append(line)
      bytes.append(0x0A)
      try Platform.writeAll(descriptor, bytes)
      try Platform.sync(descriptor)
    } catch {
      throw PermissionProblem.error(
        .add, file: file.lastPathComponent, at: file.path, error, writing: true)
    }
  }

  /// Joins `other`, another machine's copy of this history, into it (`HistoryMerge`): the
  /// joined file replaces this one whole, while no other Woodshed appends; answers how many
  /// lines came in.
  public func join(_ other: Data) throws(StorageError) -> Int {
    let current: Data
    let descriptor: Int32
    do throws(SystemError) {
      try Platform.makeFolders(file.deletingLastPathComponent())
      descriptor = try lockedFile(O_RDWR | O_CREAT)
    } catch {
      throw PermissionProblem.error(
        .add, file: file.lastPathComponent, at: file.path, error, writing: true)
    }
    defer { close(descriptor) }
    do {
      current = try Data(contentsOf: file)
    } catch {
      throw StorageError.cannotAppend(file: file.lastPathComponent, reason: "\(error)")
    }
    let joined = HistoryMerge.merged(current, with: other)
    guard joined != current else { return 0 }
    try AtomicFile.write(joined, to: file)
    let lines = { (data: Data) in data.split(separator: 0x0A).count }
    return lines(joined) - lines(current)
  }

  /// The file opened with `flags` and locked against every other Woodshed that appends or
  /// joins. One that waited for the lock while the file was replaced by a join holds the old
  /// file: it opens the new one and waits again.
  private func lockedFile(_ flags: Int32) throws(SystemError) -> Int32 {
    while true {
      let descriptor = try Platform.openFile(file.path, flags)
      guard flock(descriptor, LOCK_EX) == 0 else {
        let failure = SystemError.current
        close(descriptor)
        throw failure
      }
      var opened = stat()
      var named = stat()
      if fstat(descriptor, &opened) == 0, stat(file.path, &named) == 0,
        opened.st_ino != named.st_ino || opened.st_dev != named.st_dev
      {
        close(descriptor)
        continue
      }
      return descriptor
    }
  }

  /// Every line that decodes as `Record`, in file order. Never fails: a missing file is an
  /// empty history, and unreadable lines are skipped and reported.
  public func readAll<Record: Decodable>(as type: Record.Type) -> HistoryReadResult<Record> {
    let name = file.lastPathComponent
    let contents: Data
    do throws(FileError) {
      contents = try RegularFile.read(file, as: kind)
    } catch  where error.code == ENOENT {
      return HistoryReadResult(records: [])
    } catch {
      return HistoryReadResult(
        records: [], notices: ["\(name) could not be read (\(error)); showing no history"])
    }

    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    let lines = contents.split(separator: 0x0A, omittingEmptySubsequences: false)
    let lastContentLine = lines.lastIndex { !isBlank($0) }
    var records: [Record] = []
    var skippedLines: [Int] = []
    var hasTornLastLine = false
    for (index, line) in lines.enumerated() where !isBlank(line) {
      // A line far longer than any record is damage, not worth the time to parse.
      let record =
        line.count <= lineKind.byteLimit ? try? decoder.decode(Record.self, from: line) : nil
      if let record {
        records.append(record)
      } else if index == lastContentLine {
        hasTornLastLine = true
      } else {
        skippedLines.append(index + 1)
      }
    }
    return HistoryReadResult(
      records: records, skippedLines: skippedLines, hasTornLastLine: hasTornLastLine,
      notices: notices(forSkipped: skippedLines))
  }

  private func notices(forSkipped lines: [Int]) -> [String] {
    let name = file.lastPathComponent
    var notices = lines.prefix(Self.reportedLineLimit).map {
      "\(name) line \($0) could not be read; skipped"
    }
    let unreported = lines.count - Self.reportedLineLimit
    if unreported > 0 {
      let lines = unreported == 1 ? "line" : "lines"
      notices.append("\(name): \(unreported) more \(lines) could not be read; skipped")
    }
    return notices
  }

  private func isBlank(_ line: Data) -> Bool {
    line.allSatisfy { [0x20, 0x09, 0x0D].contains($0) }
  }

  private func endsWithNewline(_ descriptor: Int32) throws(SystemError) -> Bool {
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { throw SystemError.current }
    guard info.st_size > 0 else { return true }
    var last: UInt8 = 0
    while true {
      let count = pread(descriptor, &last, 1, info.st_size - 1)
      if count == 1 { return last == 0x0A }
      if count < 0 && errno == EINTR { continue }
      throw count < 0 ? SystemError.current : SystemError(code: EIO)
    }
  }
}
