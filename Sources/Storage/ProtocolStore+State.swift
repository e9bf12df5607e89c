import Files
import FoundationEssentials
import Glibc

/// A protocol's saved state, `NAME/journal.state`, next to its journal: what replaying the
/// journal's lines up to some point makes, so that `woodshed protocol add` replays only the
/// lines after it. The journal stays the protocol; the state is never needed: one that is
/// missing, damaged, from another journal or from before the journal was changed is not used,
/// and the journal is read from its start. It says which lines it stands for by their length
/// and a fingerprint of their bytes, and the bytes it holds (opaque here) by theirs.
///
/// On disk: `wsstate1`, then as 64-bit little-endian numbers the fingerprint of everything after
/// it, the journal's bytes and lines the state stands for and their fingerprint, then the state.
extension ProtocolStore {
  private static let stateMagic = Array("wsstate1".utf8)
  private static let stateHeaderSize = 40

  /// A state saved with a journal: its bytes, and where in the journal it stands.
  public struct SavedState: Sendable {
    public var bytes: ArraySlice<UInt8>
    public var position: Position
  }

  func stateFile(_ name: String) -> URL {
    folder.appendingPathComponent(name, isDirectory: true).appendingPathComponent("journal.state")
  }

  /// Protocol `name`'s journal, read once: the state saved with it and the lines after that
  /// state, or, where no saved state still stands for the journal's first lines, no state and
  /// every line.
  public func readResuming(_ name: String) throws(StorageError) -> (
    state: SavedState?, tail: Tail
  ) {
    try requireExisting(name)
    let file = journalFile(name)
    var journal: [UInt8]
    let identity: JournalIdentity?
    do throws(FileError) {
      let opened = try RegularFile(file, as: .journal)
      identity = JournalIdentity(of: opened.descriptor)
      journal = try opened.readAll(as: [UInt8].self)
    } catch  where error.code == ENOENT {
      return (nil, Tail(entries: [], ends: [], notices: [], end: Position()))
    } catch {
      throw .cannotRead(file: file.lastPathComponent, reason: error.description)
    }
    let state = savedState(of: name, standingFor: journal)
    var tail = decode(
      journal[(state?.position.offset ?? 0)...], from: state?.position ?? Position())
    tail.journal = identity
    return (state, tail)
  }

  /// The state saved with protocol `name` and where in `journal` it stands, if it stands for
  /// the journal's first lines as they are.
  private func savedState(of name: String, standingFor journal: [UInt8]) -> SavedState? {
    // A state is never bigger than the journal it comes from, so the journal's limit holds.
    guard let saved = try? RegularFile(stateFile(name), as: .journal).readAll(as: [UInt8].self),
      saved.count >= Self.stateHeaderSize, saved.starts(with: Self.stateMagic)
    else { return nil }
    func number(_ index: Int) -> UInt64 {
      saved[(8 + 8 * index)...].prefix(8).reversed().reduce(0) { $0 << 8 | UInt64($1) }
    }
    var start = Position()
    start.offset = Int(truncatingIfNeeded: number(1))
    start.line = Int(truncatingIfNeeded: number(2))
    guard number(0) == Self.fingerprint(saved[16...]), start.offset >= 0,
      start.offset <= journal.count, start.line >= 0,
      start.offset == 0 || journal[start.offset - 1] == 0x0A,
      number(3) == Self.fingerprint(journal[..<start.offset])
    else { return nil }
    let state = saved[Self.stateHeaderSize...]
    return SavedState(bytes: state, position: start)
  }

  /// Saves `state`, made from protocol `name`'s journal up to `position`, for the next
  /// `readResuming`, and says whether it did. It is only ever a shortcut, so it gives up
  /// rather than wait or fail: when a line is being appended or the protocol moved (it holds
  /// the journal's lock, so no move comes in between), or the journal is shorter than
  /// `position`.
  @discardableResult
  public func saveState(_ state: [UInt8], upTo position: Position, of name: String) -> Bool {
    guard exists(name) else { return false }
    let file = journalFile(name)
    guard let descriptor = try? Platform.openFile(file.path, O_RDONLY) else { return false }
    defer { close(descriptor) }
    var info = stat()
    var named = stat()
    guard flock(descriptor, LOCK_EX | LOCK_NB) == 0, fstat(descriptor, &info) == 0,
      stat(file.path, &named) == 0, named.st_ino == info.st_ino, named.st_dev == info.st_dev,
      Int(info.st_size) >= position.offset
    else { return false }
    var journal = [UInt8](repeating: 0, count: position.offset)
    guard (try? RegularFile.read(descriptor, into: &journal, at: 0)) == position.offset else {
      return false
    }
    var checked: [UInt8] = []
    for number in [UInt64(position.offset), UInt64(position.line), Self.fingerprint(journal[...])] {
      withUnsafeBytes(of: number.littleEndian) { checked.append(contentsOf: $0) }
    }
    checked += state
    var bytes = Self.stateMagic
    withUnsafeBytes(of: Self.fingerprint(checked[...]).littleEndian) {
      bytes.append(contentsOf: $0)
    }
    bytes += checked
    return (try? AtomicFile.write(Data(bytes), to: stateFile(name))) != nil
  }

  /// A 64-bit fingerprint of `bytes`, eight at a time: every step is a bijection, so one
  /// eight-byte word changed always changes it. It tells a journal's lines from others, not
  /// from a forger.
  static func fingerprint(_ bytes: ArraySlice<UInt8>) -> UInt64 {
    let prime: UInt64 = 0x0000_0100_0000_01B3
    return bytes.withUnsafeBytes { raw in
      var hash: UInt64 = 0xCBF2_9CE4_8422_2325 ^ UInt64(raw.count)
      var index = 0
      while index + 8 <= raw.count {
        hash =
          (hash ^ UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)))
          &* prime
        hash ^= hash >> 32
        index += 8
      }
      while index < raw.count {
        hash = (hash ^ UInt64(raw[index])) &* prime
        index += 1
      }
      return hash
    }
  }
}
