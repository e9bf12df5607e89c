import FoundationEssentials
import Glibc

/// Two machines' copies of one protocol's journal joined, for a player who added lines to it
/// on both: a journal is only ever appended to, so the lines both hold from the start are kept
/// as they are, and the lines each added after them follow, every line once, in the order
/// they were written (`at`; on the same instant, this machine's first, and each side's in its
/// own order, so lines entered together stay together). A copy that holds the other whole
/// from its start is the join itself, byte for byte.
public enum JournalMerge {
  /// `local` with the lines of `other` it lacks.
  public static func merged(_ local: Data, with other: Data) -> Data {
    let ours = lines(of: local)
    let theirs = lines(of: other)
    let shared = zip(ours, theirs).prefix { $0 == $1 }.count
    if shared == theirs.count { return local }
    if shared == ours.count, other.starts(with: local) { return other }
    // A line without a time (a torn or foreign one) goes with the line written before it.
    func stamped(_ lines: ArraySlice<Data>) -> [(at: String, line: Data)] {
      var last = ""
      return lines.map { line in
        if case .object(let fields)? = try? JSONValue(parsing: line),
          case .string(let at)? = fields["at"]
        {
          last = at
        }
        return (last, line)
      }
    }
    var seen = Set(ours.prefix(shared))
    let added = (stamped(ours.dropFirst(shared)) + stamped(theirs.dropFirst(shared))).filter {
      seen.insert($0.line).inserted
    }
    let ordered = added.enumerated().sorted {
      ($0.element.at, $0.offset) < ($1.element.at, $1.offset)
    }
    var joined = Data()
    for line in ours.prefix(shared) + ordered.map(\.element.line) {
      joined.append(line)
      joined.append(UInt8(ascii: "\n"))
    }
    return joined
  }

  private static func lines(of journal: Data) -> [Data] {
    journal.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true).map { Data($0) }
  }
}

extension ProtocolStore {
  /// Joins `other`, another machine's copy of the journal at `file`, into it (`JournalMerge`)
  /// under the journal's lock, so no line is appended meanwhile; answers how many lines came
  /// in. Lines that only follow the ones here are appended; a join that puts lines among
  /// them replaces the file whole, and a writer that was waiting for the lock then refuses
  /// its line as it does after a move.
  public static func joinJournal(_ other: Data, into file: URL) throws(StorageError) -> Int {
    let descriptor: Int32
    do throws(SystemError) {
      try Platform.makeFolders(file.deletingLastPathComponent())
      descriptor = try Platform.openFile(file.path, O_RDWR | O_APPEND | O_CREAT)
      guard flock(descriptor, LOCK_EX) == 0 else {
        let failure = SystemError.current
        close(descriptor)
        throw failure
      }
    } catch {
      throw PermissionProblem.error(
        .add, file: file.lastPathComponent, at: file.path, error, writing: true)
    }
    defer { close(descriptor) }
    let current: Data
    do {
      current = try Data(contentsOf: file)
    } catch {
      throw StorageError.cannotAppend(file: file.lastPathComponent, reason: "\(error)")
    }
    let joined = JournalMerge.merged(current, with: other)
    guard joined != current else { return 0 }
    if joined.starts(with: current) {
      do throws(SystemError) {
        try Platform.writeAll(descriptor, Data(joined.dropFirst(current.count)))
        try Platform.sync(descriptor)
      } catch {
        throw PermissionProblem.error(
          .add, file: file.lastPathComponent, at: file.path, error, writing: true)
      }
    } else {
      try AtomicFile.write(joined, to: file)
    }
    let lines = { (data: Data) in data.split(separator: 0x0A).count }
    return lines(joined) - lines(current)
  }
}
